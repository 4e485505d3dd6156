/** A Kubernetes node's row: one state, no actions but the common ones. No vscode import. */
import type { KubernetesNode } from '../../api/schemas';
import type { RowLook } from '../rowLook';
import { rowStates } from '../rowState';

export const kubernetesNodeRow = rowStates('kubernetesNode', ['']);

export const KUBERNETES_NODE_ICON = 'server';

export function kubernetesNodeLook(node: KubernetesNode): RowLook {
  return {
    label: node.name,
    ...(node.status ? { description: node.status } : {}),
    icon: { id: KUBERNETES_NODE_ICON },
    contextValue: kubernetesNodeRow.context(''),
  };
}
