/** A Kubernetes node's row: one state, no actions but the common ones. No vscode import. */
import { rowStates } from '../rowState';

export const kubernetesNodeRow = rowStates('kubernetesNode', ['']);
