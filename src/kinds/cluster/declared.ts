/**
 * Kubernetes clusters in the account document (issue 48), with their node pools: a cluster's name changes, its
 * region and version do not; a pool's name and node count change, its size does not. A new cluster is made with its
 * first pool and the others are added after it; every step on one cluster waits for the one before (a cluster runs
 * one task at a time). A pool the entry lacks is deleted only under "prune", and listed as left alone otherwise. No vscode import.
 */
import * as l10n from '@vscode/l10n';
import * as z from 'zod/mini';
import type * as s from '../../api/schemas';
import * as v from '../../api/validators';
import { checked } from '../../documents/jsonDocument';
import type { DeclaredKind, DocPath, PlannedId, PlanScope, StepRequest } from '../../documents/account/declaring';
import { boundId, deleteStep, idIn, newName, resourceName } from '../../documents/account/entryFields';
import { clusterMonthly, deletionChange, dollars } from '../../model/cost';
import { poolCount } from '../nodePool/operations';

const Pool = z.strictObject({
  id: z.optional(z.string()).check(z.meta({ description: 'The pool\'s ID: it binds the entry to the live pool. Leave it out to add a pool.' })),
  name: resourceName('node pool'),
  size: z.string().check(z.meta({ description: 'The size of its nodes: fixed once the pool is made.' })),
  count: checked(z.int(), v.checkNodeCount, 'count').check(z.meta({ description: 'How many nodes, 1 to 100.' })),
});
type Pool = z.infer<typeof Pool>;

const Entry = z.strictObject({
  id: boundId('Kubernetes cluster', 'string'),
  name: resourceName('Kubernetes cluster'),
  region: z.string().check(z.meta({ description: 'The region\'s slug: fixed once created.' })),
  version: z.string().check(z.meta({ description: 'The Kubernetes version\'s slug: fixed once created here.' })),
  nodePools: z.array(Pool).check(z.minLength(1), z.meta({ description: 'Its node pools, at least one; the first is made with the cluster.' })),
});
type Entry = z.infer<typeof Entry>;

/** A pool's nodes' monthly price from the catalog, for what the plan says before anything runs. */
function poolPrice(scope: PlanScope, size: string, count: number): number | undefined {
  const each = dollars(scope.catalog.sizes.find((candidate) => candidate.slug === size)?.price_monthly);
  return each === undefined ? undefined : each * count;
}

/** The steps on one cluster, each after the one before. */
function chain(scope: PlanScope, path: DocPath, first?: string) {
  let last = first;
  return (request: StepRequest, at: DocPath = path) => {
    last = scope.step(request, at, last ? [last] : []);
    return last;
  };
}

function poolSteps(next: ReturnType<typeof chain>, scope: PlanScope, cluster: PlannedId, clusterName: string, pools: readonly Pool[], live: readonly s.NodePool[], path: DocPath): void {
  const bound = new Set<string>();
  pools.forEach((pool, i) => {
    const at = [...path, 'nodePools', i];
    const known = pool.id !== undefined ? live.find((candidate) => candidate.id === pool.id) : live.find((candidate) => candidate.name === pool.name && !bound.has(candidate.id));
    if (pool.id !== undefined && !known) {
      scope.problem([...at, 'id'], l10n.t('no node pool of {0} has this ID: take the ID out to add it', clusterName));
      return;
    }
    if (!known) {
      if (newName(scope, at, pool.name)) next({ kind: 'nodePool', action: 'add', name: pool.name, op: 'create', input: { cluster, name: pool.name, size: pool.size, count: pool.count }, changes: [], monthlyChangeUsd: poolPrice(scope, pool.size, pool.count) }, at);
      return;
    }
    bound.add(known.id);
    if (pool.size !== known.size.slug) scope.problem([...at, 'size'], l10n.t('A node pool\'s size cannot change: add a pool of {0} and delete this one.', pool.size));
    const base = { kind: 'nodePool', name: known.name, op: 'change' as const };
    if (pool.name !== known.name && newName(scope, at, pool.name)) next({ ...base, action: 'rename', input: { cluster, id: known.id, name: pool.name }, changes: [{ field: 'name', from: known.name, to: pool.name }], monthlyChangeUsd: 0 }, at);
    const count = poolCount(known);
    if (pool.count !== count) {
      const each = dollars(known.size.price_monthly);
      next({ ...base, action: 'resize', input: { cluster, id: known.id, count: pool.count }, changes: [{ field: 'count', from: count, to: pool.count }], monthlyChangeUsd: each === undefined ? undefined : each * (pool.count - count) }, at);
    }
  });
  for (const pool of live.filter((candidate) => !bound.has(candidate.id))) {
    // Named with its cluster: the list of what is left alone names resources of every kind side by side.
    if (!scope.prune) scope.leaveAlone('nodePool', pool.id, `${clusterName} › ${pool.name}`);
    else next({ kind: 'nodePool', action: 'delete', name: pool.name, op: 'delete', input: { cluster, id: pool.id }, changes: [], monthlyChangeUsd: deletionChange(poolPrice(scope, pool.size.slug, poolCount(pool))), destroysData: true });
  }
}

export const clusterDeclared: DeclaredKind<'cluster'> = {
  kind: 'cluster',
  field: 'clusters',
  entry: Entry,
  deleteRank: 1,
  scopeFacts: (cluster) => ({ tags: cluster.tags, region: cluster.region.slug }),
  exported: (cluster) => ({
    id: cluster.uuid,
    name: cluster.name,
    region: cluster.region.slug,
    version: cluster.version.slug,
    nodePools: cluster.node_pools.map((pool) => ({ id: pool.id, name: pool.name, size: pool.size.slug, count: poolCount(pool) })),
  }),
  create: (raw, scope, path) => {
    const entry = raw as Entry;
    if (!newName(scope, path, entry.name)) return undefined;
    const [first, ...others] = entry.nodePools;
    const key = scope.step({
      kind: 'cluster', action: 'create', name: entry.name, op: 'create',
      input: { name: entry.name, version: entry.version, region: entry.region, node_pool: { name: first!.name, size: first!.size, count: first!.count } },
      changes: [], monthlyChangeUsd: poolPrice(scope, first!.size, first!.count),
    }, path);
    poolSteps(chain(scope, path, key), scope, { created: key }, entry.name, others, [], path);
    return key;
  },
  change: (raw, cluster, scope, path) => {
    const entry = raw as Entry;
    if (entry.region !== cluster.region.slug) scope.problem([...path, 'region'], l10n.t('A cluster\'s region cannot change: create a cluster in {0}.', entry.region));
    if (entry.version !== cluster.version.slug) scope.problem([...path, 'version'], l10n.t('A cluster\'s version is not changed here: upgrade it with the service\'s tools.'));
    const next = chain(scope, path);
    if (entry.name !== cluster.name && newName(scope, path, entry.name)) next({ kind: 'cluster', action: 'rename', name: cluster.name, op: 'change', input: { id: idIn(entry), name: entry.name }, changes: [{ field: 'name', from: cluster.name, to: entry.name }], monthlyChangeUsd: 0 });
    poolSteps(next, scope, cluster.uuid, cluster.name, entry.nodePools, cluster.node_pools, path);
  },
  remove: (cluster, scope) => {
    deleteStep(scope, 'cluster', cluster.name, cluster.uuid, { destroysData: true, monthlyChangeUsd: deletionChange(clusterMonthly(cluster)) });
  },
};
