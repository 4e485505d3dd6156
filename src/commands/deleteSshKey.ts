import * as vscode from 'vscode';
import { actionCommand } from './actionCommand';
import { plural } from '../api/plural';

/** Deletes an SSH key from the account after a confirmation naming it; stacklets that have it keep it. */
export const deleteSshKey = actionCommand<'sshKey'>({
  kind: 'sshKey',
  action: 'delete',
  pick: () => ({ title: vscode.l10n.t('Delete which SSH key?'), none: vscode.l10n.t('This account has no SSH key.') }),
  done: (key) => vscode.l10n.t('Deleted SSH key {0}.', key.name),
  many: {
    confirm: (n) => ({
      question: plural(n, vscode.l10n.t('Delete 1 SSH key?'), vscode.l10n.t('Delete {0} SSH keys?', n)),
      detail: plural(n, vscode.l10n.t('Stacklets that have this key keep it; new stacklets can no longer be given it.'), vscode.l10n.t('Stacklets that have these keys keep them; new stacklets can no longer be given them.')),
    }),
    progress: (n) => plural(n, vscode.l10n.t('Deleting 1 SSH key'), vscode.l10n.t('Deleting {0} SSH keys', n)),
  },
});
