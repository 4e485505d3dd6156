import * as vscode from 'vscode';
import { checkHostname } from '../api/validators';
import { actionCommand } from './actionCommand';
import { idleStacklets } from './idlePick';
import { askNewName } from './askNewName';

/**
 * Rename: the new name is also the hostname, so the hostname rule applies; the stacklet's rename definition
 * (src/kinds/stacklet/operations.ts) plans and sends it, the typed name being the confirmation.
 */
export const renameStacklet = actionCommand({
  kind: 'stacklet',
  action: 'rename',
  confirm: 'prompt',
  pick: () => idleStacklets(vscode.l10n.t('Rename which stacklet?')),
  input: ({ item }, deps) => askNewName(deps, item.name, vscode.l10n.t('stacklet'), (text) => checkHostname(text.trim(), vscode.l10n.t('Name')), vscode.l10n.t('The new name, which is also the hostname')),
  done: (s, { name }) => vscode.l10n.t('Renaming {0} to {1}.', s.name, String(name)),
});
