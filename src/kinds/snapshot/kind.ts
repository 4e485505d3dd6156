/** The snapshot kind: identity, listing and reading, tasks, actions, search facts, cost. No vscode import. */
import * as l10n from '@vscode/l10n';
import { COMMON, named, same } from '../kindFacts';
import type { KindSpec } from '../kindSpec';

export const snapshotKind = {
  label: () => l10n.t('Snapshot'),
  key: same,
  name: named,
  list: (client, _params, call) => client.listSnapshots(call),
  get: (client, id, call) => client.getSnapshot(Number(id), call),
  tasks: {},
  names: { stacklet: (snapshot) => (snapshot.stacklet?.id !== undefined && snapshot.stacklet.id !== null ? [snapshot.stacklet.id] : []) },
  // A stacklet lists its snapshots' ids.
  invalidates: { afterDelete: () => ['stacklet'] },
  actions: [...COMMON, 'copyAsCurl', 'transfer', 'rename', 'openAsDocument', 'delete'],
  bulk: ['delete', 'openAsDocument'],
  search: (snapshot) => ({ regions: snapshot.regions }),
} as const satisfies KindSpec<'snapshot'>;
