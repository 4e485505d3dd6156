/** What the extension offers on snapshots. No vscode import. */
import { COMMON_ACTIONS, COPY_AS_CURL, openAsDocument } from '../commands';
import { kindActions } from '../declarations';
import { snapshotRow } from './row';

export const snapshotActions = kindActions('snapshot', snapshotRow, {
  ...COMMON_ACTIONS,
  openAsDocument: openAsDocument(snapshotRow),
  copyAsCurl: COPY_AS_CURL,
  transfer: { command: { id: 'stacklet.transferSnapshot', title: 'Transfer Snapshot to Region…', icon: 'globe' }, states: ['ready'], at: ['3_modify@1'] },
  rename: { command: { id: 'stacklet.renameSnapshot', title: 'Rename Snapshot…', icon: 'edit' }, states: ['ready'], at: ['3_modify@2'] },
  delete: { command: { id: 'stacklet.deleteSnapshot', title: 'Delete Snapshot…', icon: 'trash' }, states: ['ready'], at: ['9_z_delete@1'] },
});
