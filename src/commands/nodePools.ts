import type { UpdateNodePoolBody } from '../api/requests';
import type { KubernetesCluster, NodePool } from '../api/schemas';
import type { ActiveSession } from '../auth/session';
import type { CommandDeps } from './deps';
import { send, settle } from './serviceAction';

/**
 * Sends a node pool's name and count (the service takes both at once). The answer lists the pools only, so
 * the cluster is fetched again for its task; without it, the cluster listing is fetched again instead.
 */
export async function updateNodePool(
  deps: CommandDeps,
  { client, store }: ActiveSession,
  cluster: KubernetesCluster,
  pool: NodePool,
  body: UpdateNodePoolBody,
  progress: string,
  failure: string,
): Promise<boolean> {
  const pools = await send(deps, progress, failure, () => client.updateNodePool(cluster.uuid, pool.id, body));
  if (!pools) return false;
  try {
    settle(deps, store, 'kubernetes', (c) => c.uuid, await client.getKubernetesCluster(cluster.uuid));
  } catch (error) {
    deps.log.warn(`Could not fetch cluster ${cluster.uuid} after updating node pool ${pool.id}: ${String(error)}`);
    store.update('kubernetes', (c) => c.uuid === cluster.uuid, { ...cluster, node_pools: pools });
    store.invalidate('kubernetes');
  }
  return true;
}
