import * as vscode from 'vscode';
import type { KubernetesCluster, NodePool } from '../api/schemas';
import { cell, formatBytes } from '../model/format';
import { refTo } from '../kinds/registry';
import { clusterContextValue } from '../kinds/cluster/row';
import { kubernetesNodeRow } from '../kinds/kubernetesNode/row';
import { nodePoolRow } from '../kinds/nodePool/row';
import { stateIcon } from './icons';
import { singleListingView } from './listing';
import { markdown, ResourceNode } from './resourceNode';
import { stateName } from './words';
import { progressText } from '../tasks/taskText';

export const kubernetesView = singleListingView('kubernetes', 'cluster', clusterNode, () => vscode.l10n.t('No Kubernetes clusters.'));

export function clusterNode(c: KubernetesCluster): ResourceNode {
  const base = `cluster/${c.uuid}`;
  const nodeCount = c.node_pools.reduce((sum, pool) => sum + pool.nodes.length, 0);
  return new ResourceNode({
    id: base,
    label: c.name,
    description: [c.region.slug, c.version.version ?? c.version.slug, nodeCount === 1 ? vscode.l10n.t('1 node') : vscode.l10n.t('{0} nodes', nodeCount)].join(' · '),
    icon: c.task ? stateIcon('busy') : new vscode.ThemeIcon('symbol-namespace', new vscode.ThemeColor('charts.green')),
    state: stateName(c.task ? 'busy' : 'active'),
    contextValue: clusterContextValue(c),
    resource: refTo('cluster', c),
    tooltip: () => markdown([
      `**$(symbol-namespace) ${cell(c.name)}**`, '', '| | |', '|---|---|',
      `| ${vscode.l10n.t('Version')} | ${cell(c.version.version ?? c.version.slug)} |`,
      `| ${vscode.l10n.t('Endpoint')} | ${cell(c.endpoint)} |`,
      `| IPv4 | ${cell(c.ipv4)} |`,
      `| ${vscode.l10n.t('Cluster subnet')} | ${cell(c.cluster_subnet)} |`,
      `| ${vscode.l10n.t('Service subnet')} | ${cell(c.service_subnet)} |`,
      ...(c.task ? [`| ${vscode.l10n.t('Task')} | ${cell(progressText(c.task))} |`] : []),
    ]),
    children: () => c.node_pools.map((pool) => poolNode(c, pool, base)),
  });
}

function poolNode(c: KubernetesCluster, pool: NodePool, clusterBase: string): ResourceNode {
  const base = `${clusterBase}/pool/${pool.id}`;
  return new ResourceNode({
    id: base,
    label: pool.name,
    description: vscode.l10n.t('{0} × {1}', pool.nodes.length, pool.size.slug),
    icon: new vscode.ThemeIcon('layers'),
    contextValue: nodePoolRow.context(c.task ? 'busy' : 'active'),
    resource: refTo('nodePool', { ...pool, cluster_uuid: c.uuid }),
    tooltip: () => markdown([`**$(layers) ${cell(pool.name)}**`, '', `${vscode.l10n.t('Size')}: ${cell(`${pool.size.slug} (${pool.size.vcpu ?? '?'} vCPU, ${formatBytes(pool.size.memory)})`)}`, '', `${vscode.l10n.t('Nodes')}: ${pool.nodes.length}`]),
    children: () => pool.nodes.map((node) => new ResourceNode({
      id: `${base}/node/${node.id}`,
      label: node.name,
      ...(node.status ? { description: node.status } : {}),
      icon: new vscode.ThemeIcon('server'),
      contextValue: kubernetesNodeRow.context(''),
      resource: refTo('kubernetesNode', node),
    })),
  });
}
