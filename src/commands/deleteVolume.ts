import * as vscode from 'vscode';
import { volumeAttachedWords } from '../model/actionWords';
import { plannedDeletion } from './plannedDeletion';
import { plural } from '../api/plural';

/** Deletes a detached volume, and its data: the user types its name. An attached one is refused: detach it first. */
export const deleteVolume = plannedDeletion<'volume'>({
  kind: 'volume',
  pick: () => ({
    title: vscode.l10n.t('Delete which volume?'),
    accept: (volume) => !volume.task && !volume.stacklet,
    none: vscode.l10n.t('No volume can be deleted now: a volume must be detached, with no task running, to be deleted.'),
  }),
  refuse: (volume) => (volume.stacklet ? volumeAttachedWords(volume.name, volume.stacklet.name ?? `#${volume.stacklet.id ?? '?'}`) : undefined),
  done: (volume) => vscode.l10n.t('Deleted volume {0}.', volume.name),
  many: {
    question: (n) => plural(n, vscode.l10n.t('Delete 1 volume?'), vscode.l10n.t('Delete {0} volumes?', n)),
    detail: (n) => plural(n, vscode.l10n.t('This destroys the volume and the data on it.'), vscode.l10n.t('This destroys each volume and the data on it.')),
    progress: (n) => plural(n, vscode.l10n.t('Deleting 1 volume'), vscode.l10n.t('Deleting {0} volumes', n)),
    typed: (n) => plural(n, vscode.l10n.t('delete 1 volume'), vscode.l10n.t('delete {0} volumes', n)),
  },
});
