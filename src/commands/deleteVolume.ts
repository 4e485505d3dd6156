import * as vscode from 'vscode';
import { volumeAttachedWords } from '../model/actionWords';
import { actionCommand } from './actionCommand';
import { plural } from '../api/plural';

/** Deletes a detached volume, and its data: the user types its name. An attached one is refused: detach it first. */
export const deleteVolume = actionCommand<'volume'>({
  kind: 'volume',
  action: 'delete',
  pick: () => ({
    title: vscode.l10n.t('Delete which volume?'),
    accept: (volume) => !volume.task && !volume.stacklet,
    none: vscode.l10n.t('No volume can be deleted now: a volume must be detached, with no task running, to be deleted.'),
  }),
  refuse: (volume) => (volume.stacklet ? volumeAttachedWords(volume.name, volume.stacklet.name ?? `#${volume.stacklet.id ?? '?'}`) : undefined),
  done: (volume) => vscode.l10n.t('Deleted volume {0}.', volume.name),
  many: {
    confirm: (n) => ({
      question: plural(n, vscode.l10n.t('Delete 1 volume?'), vscode.l10n.t('Delete {0} volumes?', n)),
      detail: plural(n, vscode.l10n.t('This destroys the volume and the data on it.'), vscode.l10n.t('This destroys each volume and the data on it.')),
      typed: plural(n, vscode.l10n.t('delete 1 volume'), vscode.l10n.t('delete {0} volumes', n)),
    }),
    progress: (n) => plural(n, vscode.l10n.t('Deleting 1 volume'), vscode.l10n.t('Deleting {0} volumes', n)),
  },
});
