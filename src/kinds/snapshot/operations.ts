/** What can be done to a snapshot, each defined once (src/actions/definition.ts). No vscode import. */
import * as l10n from '@vscode/l10n';
import { define, type ActionDefinition } from '../../actions/definition';
import { deleteAction, typedDeletion } from '../../actions/deletion';
import { renameAction } from '../../actions/rename';
import { answered, head } from '../../actions/answers';
import { idle, refuse, regionOf } from '../../actions/conditions';
import { targetId, text } from '../../actions/fields';
import { snapshotDeletionWords } from '../../model/actionWords';
import type { ResourceRef } from '../registry';

/** What is said when a snapshot's deletion fails, alone or along with its stacklet. */
export const deletionFailure = (name: string) => l10n.t('Could not delete snapshot {0}', name);

const transfer = define({
  kind: 'snapshot',
  action: 'transfer',
  title: 'Transfer a snapshot to another region',
  description: 'Copies a snapshot (id) to a region (region) it is not in yet. No price is given for snapshots.',
  shape: {
    id: targetId('snapshot'),
    region: text('The region\'s slug, from stacklet_catalog what=regions; one the snapshot is not in yet.'),
  },
  destructive: false,
  plan: async (ctx, input) => {
    const ref = await idle(ctx, 'snapshot', input.id);
    const snapshot = ref.data;
    if (snapshot.regions.includes(input.region)) refuse(ref as ResourceRef, 'inRegion', l10n.t('{0} is in {1} already: pick a region it is not in.', ref.name, input.region), { regions: snapshot.regions });
    const region = await regionOf(ctx, input.region);
    return {
      resources: [{ ...head(ref as ResourceRef), role: 'target' }],
      change: { transferTo: region, regions: [...snapshot.regions, region] },
      monthlyChangeUsd: undefined,
      failure: l10n.t('Could not transfer {0} to {1}', ref.name, region),
      progress: l10n.t('Transferring {0} to {1}…', ref.name, region),
      words: (literal) => ({
        question: l10n.t('Transfer {0} to {1}?', literal(ref.name), literal(region)),
        detail: l10n.t('A copy of it is made in {0}; it stays in {1}.', literal(region), snapshot.regions.map(literal).join(', ')),
        button: l10n.t('Transfer'),
      }),
      send: async () => answered(ctx, 'snapshot', await ctx.client.transferSnapshot(snapshot.id, region)),
    };
  },
});

export const SNAPSHOT_OPERATIONS: readonly ActionDefinition[] = [
  transfer,
  renameAction({ kind: 'snapshot', what: 'a snapshot', request: (ctx, ref, name) => ctx.client.renameSnapshot(ref.data.id, name) }),
  deleteAction({
    kind: 'snapshot',
    what: 'a snapshot',
    description: 'Deletes a snapshot (id) in every region that has it: the user types its name to confirm.',
    ask: (_ctx, ref) => typedDeletion(ref.name, (literal) => snapshotDeletionWords(literal(ref.name), ref.data.regions.map(literal))),
    failure: deletionFailure,
    request: (ctx, ref) => ctx.client.deleteSnapshot(ref.data.id),
  }),
];
