import * as vscode from 'vscode';
import type { KubernetesCluster, NodePool } from '../api/schemas';
import { refTo } from '../kinds/registry';
import { clusterLook } from '../kinds/cluster/row';
import { kubernetesNodeLook } from '../kinds/kubernetesNode/row';
import { nodePoolLook } from '../kinds/nodePool/row';
import { singleListingView } from './listing';
import { lookNode, type ResourceNode } from './resourceNode';

export const kubernetesView = singleListingView('kubernetes', 'cluster', clusterNode, () => vscode.l10n.t('No Kubernetes clusters.'));

export function clusterNode(c: KubernetesCluster): ResourceNode {
  const base = `cluster/${c.uuid}`;
  return lookNode(clusterLook(c), { id: base, resource: refTo('cluster', c), children: () => c.node_pools.map((pool) => poolNode(c, pool, base)) });
}

function poolNode(c: KubernetesCluster, pool: NodePool, clusterBase: string): ResourceNode {
  const base = `${clusterBase}/pool/${pool.id}`;
  return lookNode(nodePoolLook(pool, c), {
    id: base,
    resource: refTo('nodePool', { ...pool, cluster_uuid: c.uuid }),
    children: () => pool.nodes.map((node) => lookNode(kubernetesNodeLook(node), { id: `${base}/node/${node.id}`, resource: refTo('kubernetesNode', node) })),
  });
}
