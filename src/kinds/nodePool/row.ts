/** A node pool's row: busy while its cluster runs a task, active otherwise. No vscode import. */
import * as l10n from '@vscode/l10n';
import type { KubernetesCluster, NodePool } from '../../api/schemas';
import { cell, formatBytes } from '../../model/format';
import type { RowLook } from '../rowLook';
import { rowStates } from '../rowState';

export const nodePoolRow = rowStates('nodePool', ['active', 'busy']);

export const NODE_POOL_ICON = 'layers';

/** `3 × s-2vcpu-4gb`: its nodes and their size; its row's and pickers' description. */
export function nodePoolDescription(pool: NodePool): string {
  return l10n.t('{0} × {1}', pool.nodes.length, pool.size.slug);
}

export function nodePoolLook(pool: NodePool, cluster: Pick<KubernetesCluster, 'task'>): RowLook {
  return {
    label: pool.name,
    description: nodePoolDescription(pool),
    icon: { id: NODE_POOL_ICON },
    contextValue: nodePoolRow.context(cluster.task ? 'busy' : 'active'),
    tooltip: () => [`**$(layers) ${cell(pool.name)}**`, '', `${l10n.t('Size')}: ${cell(`${pool.size.slug} (${pool.size.vcpu ?? '?'} vCPU, ${formatBytes(pool.size.memory)})`)}`, '', `${l10n.t('Nodes')}: ${pool.nodes.length}`],
  };
}
