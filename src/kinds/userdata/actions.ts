/** What the extension offers on userdata scripts, and New Userdata Script (a document). No vscode import. */
import { COMMON_ACTIONS, COPY_AS_CURL, openAsDocument } from '../commands';
import { kindActions } from '../declarations';
import { userdataRow } from './row';

export const userdataActions = kindActions('userdata', userdataRow, {
  ...COMMON_ACTIONS,
  openAsDocument: openAsDocument(userdataRow),
  copyAsCurl: COPY_AS_CURL,
  open: { command: { id: 'stacklet.editUserdata', title: 'Edit Userdata Script', icon: 'edit' }, states: ['script'], at: ['inline@1', '1_open@1'] },
  delete: { command: { id: 'stacklet.deleteUserdata', title: 'Delete Userdata Script…', icon: 'trash' }, states: ['script'], at: ['9_z_delete@1'] },
}, [
  { id: 'stacklet.newUserdata', title: 'New Userdata Script', icon: 'new-file', viewTitle: [{ view: 'userdata', group: 'navigation@1' }] },
]);
