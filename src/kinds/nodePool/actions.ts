/** What the extension offers on node pools. No vscode import. */
import { COMMON_ACTIONS } from '../commands';
import { kindActions } from '../declarations';
import { nodePoolRow } from './row';

export const nodePoolActions = kindActions('nodePool', nodePoolRow, {
  ...COMMON_ACTIONS,
  changeNodeCount: { command: { id: 'stacklet.resizeNodePool', title: 'Change Node Count…', icon: 'layers' }, states: ['active'], at: ['3_modify@1'] },
  rename: { command: { id: 'stacklet.renameNodePool', title: 'Rename Node Pool…', icon: 'edit' }, states: ['active'], at: ['3_modify@2'] },
  delete: { command: { id: 'stacklet.deleteNodePool', title: 'Delete Node Pool…', icon: 'trash' }, states: ['active'], at: ['9_z_delete@1'] },
});
