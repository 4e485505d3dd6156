import * as vscode from 'vscode';
import type { CommandDeps, CommandHandler } from './deps';

/**
 * Registers every command of package.json at activation, and loads what they do (./index.ts, the table of
 * handlers, with the wizards, documents and client they reach) when the first one runs: activation parses none
 * of it. A handler's failure is reported once, never thrown into VS Code.
 */
export function registerCommands(ids: readonly string[], deps: CommandDeps): vscode.Disposable[] {
  let table: Record<string, CommandHandler> | undefined;
  const handlerOf = (id: string): CommandHandler => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy load, on purpose
    table ??= (require('./index') as typeof import('./index')).commandTable();
    const handler = table[id];
    // package.json and the table are checked against each other by the integration tier's palette suite.
    if (!handler) throw new Error(`No handler for the command ${id}`);
    return handler;
  };
  return ids.map((id) =>
    vscode.commands.registerCommand(id, async (...args: unknown[]) => {
      try {
        return await handlerOf(id)(deps, ...args);
      } catch (error) {
        deps.notifier.error(error);
        return undefined;
      }
    }),
  );
}

/** The commands package.json contributes, as VS Code read it. */
export function contributedCommands(extension: vscode.Extension<unknown>): string[] {
  const manifest = extension.packageJSON as { contributes?: { commands?: { command: string }[] } };
  return (manifest.contributes?.commands ?? []).map((c) => c.command);
}
