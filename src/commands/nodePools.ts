import type { UpdateNodePoolBody } from '../api/requests';
import type { NodePool } from '../api/schemas';
import { follow, settle } from './action';
import type { CommandDeps } from './deps';
import type { PoolTarget } from './target';

/** Sends a node pool's name and count (the service takes both at once); answers every pool of the cluster. */
export function updateNodePool({ client, cluster, pool }: PoolTarget, body: UpdateNodePoolBody): Promise<NodePool[]> {
  return client.updateNodePool(cluster.uuid, pool.id, body);
}

/**
 * The answer lists the pools only, so the cluster is fetched again for its task; without it, the pools go
 * into the cached cluster and the cluster listing is fetched again instead.
 */
export async function settlePools(deps: CommandDeps, target: PoolTarget, pools: NodePool[]): Promise<void> {
  const { client, store, cluster } = target;
  try {
    const fresh = await client.getKubernetesCluster(cluster.uuid);
    settle(deps, target, 'cluster', fresh);
    follow(deps, 'cluster', fresh.uuid, fresh.name, fresh.task);
  } catch (error) {
    deps.log.warn(`Could not fetch cluster ${cluster.uuid} after updating node pool ${target.pool.id}: ${String(error)}`);
    store.update('cluster', (c) => c.uuid === cluster.uuid, { ...cluster, node_pools: pools });
    store.invalidate('cluster');
  }
}
