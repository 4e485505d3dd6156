import * as vscode from 'vscode';
import { kindSpec } from '../kinds/registry';
import { actionCommand } from './actionCommand';
import { idleItems } from './idlePick';
import { plural } from '../api/plural';

const label = kindSpec('backup').name;

/**
 * Deletes a backup: it has no name, so the user types its ID. The documentation has no such operation: a
 * service without it answers 404 or 405, shown as "does not support deleting backups".
 */
export const deleteBackup = actionCommand<'backup'>({
  kind: 'backup',
  action: 'delete',
  pick: () => idleItems(vscode.l10n.t('Delete which backup?'), vscode.l10n.t('No backup can be deleted now: this account has none, or each has a task running.')),
  done: (backup) => vscode.l10n.t('Deleted backup {0}.', label(backup)),
  many: {
    confirm: (n) => ({
      question: plural(n, vscode.l10n.t('Delete 1 backup?'), vscode.l10n.t('Delete {0} backups?', n)),
      detail: plural(n, vscode.l10n.t('This destroys the backup; its stacklet can no longer be restored from it.'), vscode.l10n.t('This destroys each backup; their stacklets can no longer be restored from them.')),
      typed: plural(n, vscode.l10n.t('delete 1 backup'), vscode.l10n.t('delete {0} backups', n)),
    }),
    progress: (n) => plural(n, vscode.l10n.t('Deleting 1 backup'), vscode.l10n.t('Deleting {0} backups', n)),
  },
});
