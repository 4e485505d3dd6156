/** A Kubernetes cluster's row: active or busy, and whether it has its address yet. No vscode import. */
import * as l10n from '@vscode/l10n';
import type { KubernetesCluster } from '../../api/schemas';
import { cell } from '../../model/format';
import { plural } from '../../api/plural';
import { progressText } from '../../model/taskText';
import { stateIcon, type RowLook } from '../rowLook';
import { rowStates } from '../rowState';
import { spokenLabel, stateName } from '../rowWords';

export const clusterRow = rowStates('cluster', ['active', 'busy'], ['hasIp']);

export const CLUSTER_ICON = 'symbol-namespace';

export function clusterContextValue(cluster: KubernetesCluster): string {
  return clusterRow.context(cluster.task ? 'busy' : 'active', { hasIp: !!cluster.ipv4 });
}

export function clusterLook(c: KubernetesCluster): RowLook {
  const nodeCount = c.node_pools.reduce((sum, pool) => sum + pool.nodes.length, 0);
  return {
    label: c.name,
    // The version is in the tooltip, so the row fits the default side bar.
    description: [c.region.slug, plural(nodeCount, l10n.t('1 node'), l10n.t('{0} nodes', nodeCount))].join(' · '),
    icon: c.task ? stateIcon('busy') : { id: CLUSTER_ICON, color: 'charts.green' },
    state: stateName(c.task ? 'busy' : 'active'),
    contextValue: clusterContextValue(c),
    // A screen reader has no side bar to fit: it says the version too.
    spoken: () => spokenLabel('cluster', c.name, stateName(c.task ? 'busy' : 'active'), c.region.slug, c.version.version ?? c.version.slug, plural(nodeCount, l10n.t('1 node'), l10n.t('{0} nodes', nodeCount))),
    tooltip: () => [
      `**$(symbol-namespace) ${cell(c.name)}**`, '', '| | |', '|---|---|',
      `| ${l10n.t('Version')} | ${cell(c.version.version ?? c.version.slug)} |`,
      `| ${l10n.t('Endpoint')} | ${cell(c.endpoint)} |`,
      `| IPv4 | ${cell(c.ipv4)} |`,
      `| ${l10n.t('Cluster subnet')} | ${cell(c.cluster_subnet)} |`,
      `| ${l10n.t('Service subnet')} | ${cell(c.service_subnet)} |`,
      ...(c.task ? [`| ${l10n.t('Task')} | ${cell(progressText(c.task))} |`] : []),
    ],
  };
}
