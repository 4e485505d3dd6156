/** What the extension offers on VPCs, and Create VPC. No vscode import. */
import { COMMON_ACTIONS, COPY_AS_CURL, openAsDocument } from '../commands';
import { kindActions } from '../declarations';
import { vpcRow } from './row';

export const vpcActions = kindActions('vpc', vpcRow, {
  ...COMMON_ACTIONS,
  openAsDocument: openAsDocument(vpcRow),
  copyAsCurl: COPY_AS_CURL,
  rename: { command: { id: 'stacklet.renameVpc', title: 'Rename VPC…', icon: 'edit' }, states: ['ready'], at: ['3_modify@1'] },
  delete: { command: { id: 'stacklet.deleteVpc', title: 'Delete VPC…', icon: 'trash' }, states: ['ready'], at: ['9_z_delete@1'] },
}, [
  { id: 'stacklet.createVpc', title: 'Create VPC…', icon: 'type-hierarchy', viewTitle: [{ view: 'networking', group: '1_create@1' }], groupRows: [{ group: 'vpcs', at: ['inline@1'] }] },
]);
