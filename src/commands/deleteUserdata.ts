import * as vscode from 'vscode';
import { actionCommand } from './actionCommand';
import { plural } from '../api/plural';

/** Deletes a userdata script after a confirmation naming it; nothing changes on a refusal, shown in the service's words. */
export const deleteUserdata = actionCommand<'userdata'>({
  kind: 'userdata',
  action: 'delete',
  pick: () => ({ title: vscode.l10n.t('Delete which userdata script?'), none: vscode.l10n.t('This account has no userdata script.') }),
  done: (script) => vscode.l10n.t('Deleted userdata script {0}.', script.name),
  many: {
    confirm: (n) => ({
      question: plural(n, vscode.l10n.t('Delete 1 userdata script?'), vscode.l10n.t('Delete {0} userdata scripts?', n)),
      detail: plural(n, vscode.l10n.t('Stacklets created with it keep what the script did.'), vscode.l10n.t('Stacklets created with them keep what the scripts did.')),
    }),
    progress: (n) => plural(n, vscode.l10n.t('Deleting 1 userdata script'), vscode.l10n.t('Deleting {0} userdata scripts', n)),
  },
});
