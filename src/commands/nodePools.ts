import type { UpdateNodePoolBody } from '../api/requests';
import type { KubernetesCluster, NodePool } from '../api/schemas';
import type { ActiveSession } from '../auth/session';
import { follow, settle } from './action';
import type { CommandDeps } from './deps';
import type { PoolTarget } from './target';

/** Sends a node pool's name and count (the service takes both at once); answers every pool of the cluster. */
export function updateNodePool({ client, cluster, pool }: PoolTarget, body: UpdateNodePoolBody): Promise<NodePool[]> {
  return client.updateNodePool(cluster.uuid, pool.id, body);
}

/**
 * After a change to a cluster's node pools, whose answer does not carry the cluster: the cluster is fetched
 * again for its task, which is followed. When that fails, `fallback` patches the cached cluster, and the
 * cluster listing is fetched again.
 */
export async function refreshCluster(deps: CommandDeps, session: ActiveSession, cluster: KubernetesCluster, fallback?: () => void): Promise<void> {
  try {
    const fresh = await session.client.getKubernetesCluster(cluster.uuid);
    settle(deps, session, 'cluster', fresh);
    follow(deps, 'cluster', fresh.uuid, fresh.name, fresh.task);
  } catch (error) {
    deps.log.warn(`Could not fetch cluster ${cluster.uuid} after a change to its node pools: ${String(error)}`);
    fallback?.();
    session.store.invalidate('cluster');
  }
}

/** The answer lists the pools only: see refreshCluster; the fallback puts them into the cached cluster. */
export function settlePools(deps: CommandDeps, target: PoolTarget, pools: NodePool[]): Promise<void> {
  const { store, cluster } = target;
  return refreshCluster(deps, target, cluster, () => store.update('cluster', (c) => c.uuid === cluster.uuid, { ...cluster, node_pools: pools }));
}

/** The cluster without the deleted pool: fetched again (for its task), or the pool taken out of the cached one. */
export async function settlePoolDeleted(deps: CommandDeps, target: PoolTarget): Promise<void> {
  await settlePools(deps, target, target.cluster.node_pools.filter((pool) => pool.id !== target.pool.id));
  target.store.unmarkDeleting(poolMark(target));
}

/** What is marked "deleting…" for a node pool: the pool, in the views of the clusters. */
export function poolMark({ pool }: PoolTarget) {
  return { kind: 'nodePool', id: pool.id, listing: 'cluster' } as const;
}
