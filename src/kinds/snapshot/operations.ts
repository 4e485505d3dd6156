/** What can be done to a snapshot, each defined once (src/actions/definition.ts). No vscode import. */
import * as l10n from '@vscode/l10n';
import type { ActionDefinition } from '../../actions/definition';
import { deleteAction, typedDeletion } from '../../actions/deletion';
import { renameAction } from '../../actions/rename';
import { snapshotDeletionWords } from '../../model/actionWords';

export const SNAPSHOT_OPERATIONS: readonly ActionDefinition[] = [
  renameAction({ kind: 'snapshot', what: 'a snapshot', request: (ctx, ref, name) => ctx.client.renameSnapshot(ref.data.id, name) }),
  deleteAction({
    kind: 'snapshot',
    what: 'a snapshot',
    description: 'Deletes a snapshot (id) in every region that has it: the user is asked to type its name before it is sent. Refused while a task runs on it.',
    ask: (_ctx, ref) => typedDeletion(ref.name, (literal) => snapshotDeletionWords(literal(ref.name), ref.data.regions.map(literal))),
    failure: (name) => l10n.t('Could not delete snapshot {0}', name),
    request: (ctx, ref) => ctx.client.deleteSnapshot(ref.data.id),
  }),
];
