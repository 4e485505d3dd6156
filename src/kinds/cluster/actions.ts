/** What the extension offers on Kubernetes clusters, and Create Kubernetes Cluster. No vscode import. */
import { COMMON_ACTIONS, COPY_AS_CURL, copyAddress, openAsDocument } from '../commands';
import { kindActions } from '../declarations';
import { clusterRow } from './row';

export const clusterActions = kindActions('cluster', clusterRow, {
  ...COMMON_ACTIONS,
  openAsDocument: openAsDocument(clusterRow),
  copyAsCurl: COPY_AS_CURL,
  copyAddress: copyAddress({ flags: { hasIp: true } }),
  rename: { command: { id: 'stacklet.renameCluster', title: 'Rename Cluster…', icon: 'edit' }, states: ['active'], at: ['3_modify@1'] },
  addNodePool: { command: { id: 'stacklet.addNodePool', title: 'Add Node Pool…', icon: 'add' }, states: ['active'], at: ['3_modify@2'] },
  delete: { command: { id: 'stacklet.deleteCluster', title: 'Delete Cluster…', icon: 'trash' }, states: ['active'], at: ['9_z_delete@1'] },
}, [
  { id: 'stacklet.createKubernetesCluster', title: 'Create Kubernetes Cluster…', icon: 'add', viewTitle: [{ view: 'kubernetes', group: 'navigation@1' }] },
]);
