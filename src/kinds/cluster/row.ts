/** A Kubernetes cluster's row: active or busy, and whether it has its address yet. No vscode import. */
import type { KubernetesCluster } from '../../api/schemas';
import { rowStates } from '../rowState';

export const clusterRow = rowStates('cluster', ['active', 'busy'], ['hasIp']);

export function clusterContextValue(cluster: KubernetesCluster): string {
  return clusterRow.context(cluster.task ? 'busy' : 'active', { hasIp: !!cluster.ipv4 });
}
