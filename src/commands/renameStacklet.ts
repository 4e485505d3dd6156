import * as vscode from 'vscode';
import { checkHostname } from '../api/validators';
import { itemAction } from './action';
import { idleStacklets } from './idlePick';
import { askNewName } from './askNewName';

/** Rename: the new name is also the hostname, so the hostname rule applies. */
export const renameStacklet = itemAction<'stacklet', { name: string }>({
  kind: 'stacklet',
  pick: () => idleStacklets(vscode.l10n.t('Rename which stacklet?')),
  ask: ({ item }, deps) => askNewName(deps, item.name, vscode.l10n.t('stacklet'), (text) => checkHostname(text.trim(), vscode.l10n.t('Name')), vscode.l10n.t('The new name, which is also the hostname')),
  send: ({ client, item }, { name }) => client.renameStacklet(item.id, name),
  progress: (s) => vscode.l10n.t('Renaming {0}…', s.name),
  failure: (s) => vscode.l10n.t('Could not rename {0}', s.name),
  done: (s, { name }) => vscode.l10n.t('Renaming {0} to {1}.', s.name, name),
});
