/** What the extension offers on Kubernetes nodes: the common inspections. No vscode import. */
import { COMMON_ACTIONS } from '../commands';
import { kindActions } from '../declarations';
import { kubernetesNodeRow } from './row';

export const kubernetesNodeActions = kindActions('kubernetesNode', kubernetesNodeRow, { ...COMMON_ACTIONS });
