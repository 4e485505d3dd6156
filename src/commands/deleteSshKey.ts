import * as vscode from 'vscode';
import { deleteAction, type DeleteAction, deletingMany } from './deleteAction';
import { plural } from '../model/plural';

/** Deletes an SSH key from the account after a confirmation naming it; stacklets that have it keep it. */
export const sshKeyDeletion: DeleteAction<'sshKey'> = {
  kind: 'sshKey',
  pick: () => ({ title: vscode.l10n.t('Delete which SSH key?'), none: vscode.l10n.t('This account has no SSH key.') }),
  confirm: (key) => ({
    question: vscode.l10n.t('Delete SSH key {0}?', key.name),
    detail: [
      key.fingerprint ? vscode.l10n.t('Fingerprint {0}.', key.fingerprint) : undefined,
      vscode.l10n.t('Stacklets that already have the key keep it; new stacklets can no longer be given it.'),
    ].filter(Boolean).join('\n'),
  }),
  remove: (client, key) => client.deleteSshKey(key.id),
  progress: (key) => vscode.l10n.t('Deleting {0}…', key.name),
  failure: (key) => vscode.l10n.t('Could not delete SSH key {0}', key.name),
  done: (key) => vscode.l10n.t('Deleted SSH key {0}.', key.name),
  many: deletingMany({
    question: (n) => plural(n, vscode.l10n.t('Delete 1 SSH key?'), vscode.l10n.t('Delete {0} SSH keys?', n)),
    detail: (n) => plural(n, vscode.l10n.t('Stacklets that have this key keep it; new stacklets can no longer be given it.'), vscode.l10n.t('Stacklets that have these keys keep them; new stacklets can no longer be given them.')),
    progress: (n) => plural(n, vscode.l10n.t('Deleting 1 SSH key'), vscode.l10n.t('Deleting {0} SSH keys', n)),
  }),
};

export const deleteSshKey = deleteAction(sshKeyDeletion);
