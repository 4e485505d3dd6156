/**
 * What can be done to a node pool, each defined once (src/actions/definition.ts). A pool lives in its cluster:
 * it is named by the cluster's ID and its own, the cluster is what a task runs on (busy while it runs), and an
 * answer lists pools without their cluster, which is read again for its task. No vscode import.
 */
import * as l10n from '@vscode/l10n';
import * as z from 'zod/mini';
import type * as s from '../../api/schemas';
import type { AnswerData } from '../../actions/answerData';
import { ActionInputError } from '../../actions/refusals';
import { define, type ActionContext, type ActionDefinition, type PlannedResource } from '../../actions/definition';
import { typedDeletion } from '../../actions/deletion';
import { createAction } from '../../actions/creation';
import { answered, head } from '../../actions/answers';
import { button } from '../../actions/buttons';
import { check, idField, text, wholeNumber } from '../../actions/fields';
import { idle, refuse } from '../../actions/conditions';
import { checkNodeCount, checkResourceName } from '../../api/validators';
import { deletionChange, nodePoolMonthly, priceChange } from '../../model/cost';
import { plural } from '../../api/plural';
import { refTo, type PoolItem, type ResourceRef } from '../registry';

const clusterField = () => idField('Its cluster\'s ID, as stacklet_find gives it.');
const poolField = () => idField('The pool\'s ID, from stacklet_describe of its cluster (node_pools).');
const countField = (description: string) => wholeNumber().check(z.describe(description));

/** How many nodes a pool is meant to have: `count` when the service says, else the nodes it lists. */
export function poolCount(pool: { readonly count?: number | undefined; readonly nodes: readonly unknown[] }): number {
  return pool.count ?? pool.nodes.length;
}

interface InCluster {
  readonly cluster: ResourceRef<'cluster'>;
  readonly pool: PoolItem;
}

/** The cluster (refused while a task runs on it, as the views refuse its pools) and its pool `id`, refused naming `id` when it has none. */
async function poolOf(ctx: ActionContext, clusterId: string | number, poolId: string | number): Promise<InCluster> {
  const cluster = await idle(ctx, 'cluster', clusterId, 'cluster');
  const pool = cluster.data.node_pools.find((candidate) => candidate.id === String(poolId));
  if (!pool) throw new ActionInputError('id', l10n.t('no node pool of this cluster has this ID'));
  return { cluster, pool: { ...pool, cluster_uuid: cluster.data.uuid } };
}

/** The pool and its cluster, as a plan names them. */
function poolResources({ cluster, pool }: InCluster): PlannedResource[] {
  return [{ ...head(refTo('nodePool', pool) as ResourceRef), role: 'target' }, { ...head(cluster as ResourceRef), role: 'cluster' }];
}

/**
 * After a change to a cluster's pools, whose answer does not carry the cluster: the cluster is read again (its
 * task followed). When that fails, `pools` (the answer) patch the cached cluster and its listing is read again.
 */
async function settleCluster(ctx: ActionContext, cluster: s.KubernetesCluster, pools?: readonly s.NodePool[]): Promise<AnswerData> {
  try {
    return answered(ctx, 'cluster', await ctx.client.getKubernetesCluster(cluster.uuid));
  } catch (error) {
    ctx.log?.(`Could not fetch cluster ${cluster.uuid} after a change to its node pools: ${String(error)}`);
    if (pools) ctx.store.update('cluster', (other) => other.uuid === cluster.uuid, { ...cluster, node_pools: [...pools] });
    ctx.store.invalidate('cluster');
    return { sent: true, resource: head(refTo('cluster', cluster) as ResourceRef), task: null };
  }
}

/** The size `slug` for the nodes of `cluster`: offered now, and as large as its Kubernetes version needs. */
export async function sizeFor(ctx: ActionContext, slug: string, version: s.KubernetesCluster['version'] | undefined, field: string): Promise<s.Size | undefined> {
  const sizes = (await ctx.store.get('size').catch(() => undefined))?.items;
  if (!sizes) return undefined;
  const size = sizes.find((candidate) => candidate.slug === slug);
  if (!size) throw new ActionInputError(field, l10n.t('is not a size the service offers'));
  if (!size.available) throw new ActionInputError(field, l10n.t('is not available now'));
  const { min_vcpu: minVcpu = 0, min_memory: minMemory = 0 } = version ?? {};
  if (size.vcpu < minVcpu || (size.memory ?? 0) < minMemory) throw new ActionInputError(field, l10n.t('is too small for the cluster\'s Kubernetes version'));
  return size;
}

/**
 * What a change to a pool leaves stale: the clusters, whose answer carries the task the change started, which
 * ends soon (a door with no task tracker, the MCP server, would otherwise keep the cluster busy in its cache).
 */
const AFTER_POOL_CHANGE = ['cluster'] as const;

/** "3 × b-2vcpu-4gb": a pool's nodes and their size. */
export function nodesWords(count: number, size: string): string {
  return plural(count, l10n.t('1 node of size {0}', size), l10n.t('{0} nodes of size {1}', count, size));
}

/** The inline check a node pool's new name gets: the resource-name rule, and no other pool of the cluster has it. */
export function checkPoolName(name: string, taken: readonly string[], cluster: string, what: string): string | undefined {
  return checkResourceName(name, what)
    ?? (taken.includes(name.trim().toLowerCase()) ? l10n.t('{0} already has a node pool named {1}', cluster, name.trim()) : undefined);
}

const add = createAction({
  kind: 'nodePool',
  action: 'add',
  title: 'Add a node pool to a Kubernetes cluster',
  description: 'Adds a pool (cluster, name, size large enough for its Kubernetes version, count).',
  shape: {
    cluster: clusterField(),
    name: text('Its name, unique in the cluster.'),
    size: text('The size slug of its nodes (stacklet_catalog what=sizes).'),
    count: countField('Nodes, 1 to 100.'),
  },
  plan: async (ctx, input) => {
    const cluster = await idle(ctx, 'cluster', input.cluster, 'cluster');
    check('name', checkPoolName(input.name, cluster.data.node_pools.map((pool) => pool.name.trim().toLowerCase()), cluster.name, 'name'));
    check('count', checkNodeCount(input.count, 'count'));
    const size = await sizeFor(ctx, input.size, cluster.data.version, 'size');
    const body = { name: input.name, size: input.size, count: input.count };
    return {
      on: { ...head(cluster as ResourceRef), role: 'target' },
      change: { addNodePool: body },
      monthlyChangeUsd: size ? nodePoolMonthly({ size, nodes: [], count: input.count }) : undefined,
      failure: l10n.t('Could not add node pool {0} to {1}', input.name, cluster.name),
      progress: l10n.t('Adding node pool {0} to {1}…', input.name, cluster.name),
      stale: AFTER_POOL_CHANGE,
      words: (literal) => ({
        question: l10n.t('Add node pool {0} to {1}?', literal(input.name), literal(cluster.name)),
        detail: l10n.t('The new pool: {0}.', nodesWords(input.count, literal(input.size))),
        button: button.add(),
      }),
      send: async () => {
        const pool = await ctx.client.addNodePool(cluster.data.uuid, body);
        return { ...await settleCluster(ctx, cluster.data), nodePool: { id: pool.id, name: pool.name } };
      },
    };
  },
});

const resize = define({
  kind: 'nodePool',
  action: 'resize',
  title: 'Change the node count of a node pool',
  description: 'Changes a pool\'s (cluster, id) node count (count).',
  shape: { cluster: clusterField(), id: poolField(), count: countField('Nodes, 1 to 100.') },
  destructive: false,
  plan: async (ctx, input) => {
    check('count', checkNodeCount(input.count, 'count'));
    const target = await poolOf(ctx, input.cluster, input.id);
    const { cluster, pool } = target;
    const current = poolCount(pool);
    if (current === input.count) refuse(refTo('nodePool', pool) as ResourceRef, 'sameCount', l10n.t('It has this node count already.'));
    return {
      resources: poolResources(target),
      change: { count: { from: current, to: input.count } },
      monthlyChangeUsd: priceChange(nodePoolMonthly(pool), nodePoolMonthly({ ...pool, count: input.count })),
      failure: l10n.t('Could not change the node count of {0}', pool.name),
      progress: plural(input.count, l10n.t('Changing {0} to 1 node…', pool.name), l10n.t('Changing {0} to {1} nodes…', pool.name, input.count)),
      stale: AFTER_POOL_CHANGE,
      words: (literal) => ({
        question: plural(input.count, l10n.t('Change node pool {0} of {1} to 1 node?', literal(pool.name), literal(cluster.name)), l10n.t('Change node pool {0} of {1} to {2} nodes?', literal(pool.name), literal(cluster.name), input.count)),
        detail: plural(current, l10n.t('It has 1 node now.'), l10n.t('It has {0} nodes now.', current)),
        button: button.resize(),
      }),
      send: async () => settleCluster(ctx, cluster.data, await ctx.client.updateNodePool(cluster.data.uuid, pool.id, { name: pool.name, count: input.count })),
    };
  },
});

const rename = define({
  kind: 'nodePool',
  action: 'rename',
  title: 'Rename a node pool',
  description: 'Renames a pool (cluster, id, name).',
  shape: { cluster: clusterField(), id: poolField(), name: text('The new name.') },
  destructive: false,
  plan: async (ctx, input) => {
    check('name', checkResourceName(input.name, 'name'));
    const target = await poolOf(ctx, input.cluster, input.id);
    const { cluster, pool } = target;
    if (pool.name === input.name) refuse(refTo('nodePool', pool) as ResourceRef, 'sameName', l10n.t('It has this name already.'));
    return {
      resources: poolResources(target),
      change: { name: { from: pool.name, to: input.name } },
      failure: l10n.t('Could not rename {0}', pool.name),
      progress: l10n.t('Renaming {0}…', pool.name),
      stale: AFTER_POOL_CHANGE,
      words: (literal) => ({ question: l10n.t('Rename {0} to {1}?', literal(pool.name), literal(input.name)), detail: '', button: button.rename() }),
      send: async () => settleCluster(ctx, cluster.data, await ctx.client.updateNodePool(cluster.data.uuid, pool.id, { name: input.name, count: poolCount(pool) })),
    };
  },
});

const deletion = define({
  kind: 'nodePool',
  action: 'delete',
  title: 'Delete a node pool',
  description: 'Deletes a pool (cluster, id) with its nodes and their disks: the user types its name to confirm; refused for the cluster\'s only pool. Every action is refused while a task runs on the cluster.',
  shape: { cluster: clusterField(), id: poolField() },
  destructive: true,
  plan: async (ctx, input) => {
    const target = await poolOf(ctx, input.cluster, input.id);
    const { cluster, pool } = target;
    const ref = refTo('nodePool', pool) as ResourceRef;
    if (cluster.data.node_pools.length <= 1) {
      refuse(ref, 'onlyPool', l10n.t('It is the only node pool of its cluster, and a cluster needs one: add another pool first, or delete the cluster.'));
    }
    const mark = { kind: 'nodePool', id: pool.id, listing: 'cluster' } as const;
    // Its nodes and their disks go, as a cluster's do: asked the same way, with the pool's name typed.
    const asked = typedDeletion(pool.name, (literal) => ({
      title: l10n.t('Delete node pool {0} of {1}?', literal(pool.name), literal(cluster.name)),
      loss: plural(pool.nodes.length, l10n.t('Its node goes, with its disk and what runs on it; the cluster\'s other pools stay.'), l10n.t('Its {0} nodes go, with their disks and what runs on them; the cluster\'s other pools stay.', pool.nodes.length)),
    }));
    return {
      resources: poolResources(target),
      change: { delete: head(ref) },
      monthlyChangeUsd: deletionChange(nodePoolMonthly(pool)),
      typed: pool.name,
      failure: l10n.t('Could not delete node pool {0}', pool.name),
      progress: l10n.t('Deleting {0}…', pool.name),
      stale: AFTER_POOL_CHANGE,
      words: asked.words,
      send: async () => {
        // Its row says "deleting…" until the cluster is read again; back as it was when refused.
        ctx.store.markDeleting(mark);
        try {
          await ctx.client.deleteNodePool(cluster.data.uuid, pool.id);
        } catch (error) {
          ctx.store.unmarkDeleting(mark);
          throw error;
        }
        const settled = await settleCluster(ctx, cluster.data, cluster.data.node_pools.filter((other) => other.id !== pool.id));
        ctx.store.unmarkDeleting(mark);
        return { ...settled, deleted: head(ref) };
      },
    };
  },
});

export const NODE_POOL_OPERATIONS: readonly ActionDefinition[] = [add, resize, rename, deletion];
