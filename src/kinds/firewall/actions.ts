/** What the extension offers on firewalls, and New Firewall (a document). No vscode import. */
import { COMMON_ACTIONS, COPY_AS_CURL, openAsDocument } from '../commands';
import { kindActions } from '../declarations';
import { firewallRow } from './row';

export const firewallActions = kindActions('firewall', firewallRow, {
  ...COMMON_ACTIONS,
  openAsDocument: openAsDocument(firewallRow),
  copyAsCurl: COPY_AS_CURL,
  edit: { command: { id: 'stacklet.editFirewall', title: 'Edit Firewall Rules', icon: 'json' }, states: ['ready'], at: ['3_modify@0'] },
  rename: { command: { id: 'stacklet.renameFirewall', title: 'Rename Firewall…', icon: 'edit' }, states: ['ready'], at: ['3_modify@1'] },
  delete: { command: { id: 'stacklet.deleteFirewall', title: 'Delete Firewall…', icon: 'trash' }, states: ['ready'], at: ['9_z_delete@1'] },
}, [
  { id: 'stacklet.newFirewall', title: 'New Firewall', icon: 'shield', viewTitle: [{ view: 'networking', group: 'navigation@2' }], groupRows: [{ group: 'firewalls', at: ['inline@1'] }] },
]);
