import * as vscode from 'vscode';
import type { ViewId } from '../views/resourceTreeProvider';
import { connectSsh } from './connectSsh';
import { copyId, copyIp, copyName } from './copyResource';
import type { CommandDeps, CommandHandler } from './deps';
import { openUserdata } from './openUserdata';
import { signIn } from './signIn';
import { signOut } from './signOut';
import { switchAccount } from './switchAccount';
import { tryEmulator } from './tryEmulator';
import { clearFilter, filterByName, filterByRegion, filterByTag, refreshAll, refreshView } from './viewCommands';
import { viewProperties } from './viewProperties';

const VIEWS: readonly ViewId[] = ['stacklets', 'volumes', 'userdata', 'containers', 'networking', 'kubernetes', 'snapshots', 'account'];

/** Every command of package.json, by id. */
export function commandTable(): Record<string, CommandHandler> {
  const table: Record<string, CommandHandler> = {
    'stacklet.signIn': signIn,
    'stacklet.tryEmulator': tryEmulator,
    'stacklet.signOut': signOut,
    'stacklet.switchAccount': switchAccount,
    'stacklet.showAccount': () => vscode.commands.executeCommand('stacklet.account.focus'),
    'stacklet.showLog': (deps) => deps.log.show(true),
    'stacklet.refreshAll': refreshAll,
    'stacklet.stacklets.filterByTag': (deps, value?: string) => filterByTag(deps, value),
    'stacklet.volumes.filterByRegion': (deps, value?: string) => filterByRegion(deps, value),
    'stacklet.viewProperties': viewProperties,
    'stacklet.copyId': copyId,
    'stacklet.copyName': copyName,
    'stacklet.copyIp': copyIp,
    'stacklet.openUserdata': openUserdata,
    'stacklet.connectSsh': connectSsh,
  };
  for (const view of VIEWS) {
    table[`stacklet.${view}.refresh`] = (deps) => refreshView(deps, view);
    if (view !== 'account') {
      table[`stacklet.${view}.filterByName`] = (deps, value?: string) => filterByName(deps, view, value);
      table[`stacklet.${view}.clearFilter`] = (deps) => clearFilter(deps, view);
    }
  }
  return table;
}

/** Registers the table; a handler's failure is reported once, never thrown into VS Code. */
export function registerCommands(deps: CommandDeps): vscode.Disposable[] {
  return Object.entries(commandTable()).map(([id, handler]) =>
    vscode.commands.registerCommand(id, async (...args: unknown[]) => {
      try {
        return await handler(deps, ...args);
      } catch (error) {
        deps.notifier.error(error);
        return undefined;
      }
    }),
  );
}
