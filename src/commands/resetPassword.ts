import * as vscode from 'vscode';
import { itemAction } from './action';
import { idleStacklets } from './idlePick';
import { confirmed } from './confirm';

/** Reset Password: a modal confirmation, then the service sets a new root password. */
export const resetPassword = itemAction({
  kind: 'stacklet',
  pick: () => idleStacklets(vscode.l10n.t('Reset the root password of which stacklet?')),
  ask: ({ item }, deps) => confirmed(deps, {
    question: vscode.l10n.t('Reset the root password of {0}?', item.name),
    detail: vscode.l10n.t('The service replaces the root password of {0} with a new one; the current password stops working.', item.name),
    button: vscode.l10n.t('Reset Password'),
  }),
  send: ({ client, item }) => client.resetPassword(item.id),
  progress: (s) => vscode.l10n.t('Resetting the root password of {0}…', s.name),
  failure: (s) => vscode.l10n.t('Could not reset the root password of {0}', s.name),
  done: (s) => vscode.l10n.t('Resetting the root password of {0}.', s.name),
});
