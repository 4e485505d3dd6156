/** What the extension offers on SSH keys, and Add SSH Key. No vscode import. */
import { COMMON_ACTIONS, openAsDocument } from '../commands';
import { kindActions } from '../declarations';
import { sshKeyRow } from './row';

export const sshKeyActions = kindActions('sshKey', sshKeyRow, {
  ...COMMON_ACTIONS,
  openAsDocument: openAsDocument(sshKeyRow),
  delete: { command: { id: 'stacklet.deleteSshKey', title: 'Delete SSH Key…', icon: 'trash' }, states: ['ready'], at: ['9_z_delete@1'] },
}, [
  { id: 'stacklet.addSshKey', title: 'Add SSH Key…', icon: 'add', viewTitle: [{ view: 'account', group: 'navigation@1' }], groupRows: [{ group: 'sshKeys', at: ['inline@1', '1_create@1'] }] },
]);
