import * as vscode from 'vscode';
import { actionCommand } from './actionCommand';
import { idleItems } from './idlePick';
import { plural } from '../api/plural';

/** Deletes a snapshot image (the user types its name); its stacklet is not touched. */
export const deleteSnapshot = actionCommand<'snapshot'>({
  kind: 'snapshot',
  action: 'delete',
  pick: () => idleItems(vscode.l10n.t('Delete which snapshot?'), vscode.l10n.t('No snapshot can be deleted now: every snapshot has a task running.')),
  done: (snapshot) => vscode.l10n.t('Deleted snapshot {0}.', snapshot.name),
  many: {
    confirm: (n) => ({
      question: plural(n, vscode.l10n.t('Delete 1 snapshot?'), vscode.l10n.t('Delete {0} snapshots?', n)),
      detail: plural(n, vscode.l10n.t('This destroys the snapshot in every region it is in; no stacklet can be restored from it again.'), vscode.l10n.t('This destroys each snapshot in every region it is in; no stacklet can be restored from them again.')),
      typed: plural(n, vscode.l10n.t('delete 1 snapshot'), vscode.l10n.t('delete {0} snapshots', n)),
    }),
    progress: (n) => plural(n, vscode.l10n.t('Deleting 1 snapshot'), vscode.l10n.t('Deleting {0} snapshots', n)),
  },
});
