/** What can be done to a backup, defined once (src/actions/definition.ts). No vscode import. */
import * as l10n from '@vscode/l10n';
import type { ActionDefinition } from '../../actions/definition';
import { deleteAction } from '../../actions/deletion';
import { button } from '../../actions/buttons';
import { backupDeletionWords } from '../../model/actionWords';

export const BACKUP_OPERATIONS: readonly ActionDefinition[] = [
  deleteAction({
    kind: 'backup',
    what: 'a backup',
    description: 'Deletes a backup (id): the user types its ID to confirm.',
    ask: (_ctx, ref) => ({
      typed: String(ref.data.id),
      words: (literal) => {
        const words = backupDeletionWords(literal(ref.name), String(ref.data.id));
        return { question: words.title, detail: words.loss, button: button.delete() };
      },
    }),
    failure: (name) => l10n.t('Could not delete backup {0}', name),
    request: (ctx, ref) => ctx.client.deleteBackup(ref.data.id),
  }),
];
