import * as vscode from 'vscode';
import { deleteAction, type DeleteAction, deletingMany } from './deleteAction';
import { plural } from '../model/plural';

/** Deletes a userdata script after a confirmation naming it; nothing changes on a refusal, shown in the service's words. */
export const userdataDeletion: DeleteAction<'userdata'> = {
  kind: 'userdata',
  pick: () => ({ title: vscode.l10n.t('Delete which userdata script?'), none: vscode.l10n.t('This account has no userdata script.') }),
  confirm: (script) => ({
    question: vscode.l10n.t('Delete userdata script {0}?', script.name),
    detail: vscode.l10n.t('The script is deleted from Stacklet Cloud. Stacklets created with it keep what it did.'),
  }),
  remove: (client, script) => client.deleteUserdata(script.uuid),
  progress: (script) => vscode.l10n.t('Deleting {0}…', script.name),
  failure: (script) => vscode.l10n.t('Could not delete userdata script {0}', script.name),
  done: (script) => vscode.l10n.t('Deleted userdata script {0}.', script.name),
  many: deletingMany({
    question: (n) => plural(n, vscode.l10n.t('Delete 1 userdata script?'), vscode.l10n.t('Delete {0} userdata scripts?', n)),
    detail: (n) => plural(n, vscode.l10n.t('Stacklets created with it keep what the script did.'), vscode.l10n.t('Stacklets created with them keep what the scripts did.')),
    progress: (n) => plural(n, vscode.l10n.t('Deleting 1 userdata script'), vscode.l10n.t('Deleting {0} userdata scripts', n)),
  }),
};

export const deleteUserdata = deleteAction(userdataDeletion);
