import * as vscode from 'vscode';
import type { CommandDeps, CommandHandler } from './deps';

/**
 * Registers every command of package.json at activation, and loads what they do (./index.ts, the table of
 * handlers, with the wizards, documents and client they reach) when the first one runs: activation parses none
 * of it. A handler's failure is reported once, never thrown into VS Code.
 */
export function registerCommands(ids: readonly string[], deps: () => Promise<CommandDeps>): vscode.Disposable[] {
  let table: Promise<Record<string, CommandHandler>> | undefined;
  const handlerOf = async (id: string): Promise<CommandHandler> => {
    // A chunk of its own in the build (esbuild.mjs), loaded by the first command.
    table ??= import('./index.js').then((m) => m.commandTable());
    const handler = (await table)[id];
    // package.json and the table are checked against each other by the integration tier's palette suite.
    if (!handler) throw new Error(`No handler for the command ${id}`);
    return handler;
  };
  return ids.map((id) =>
    vscode.commands.registerCommand(id, async (...args: unknown[]) => {
      // What handlers are given comes with the workbench (src/workbench.ts), loaded by the first command too.
      const given = await deps();
      try {
        return await (await handlerOf(id))(given, ...args);
      } catch (error) {
        given.notifier.error(error);
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
