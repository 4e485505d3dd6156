/** What the extension offers on load balancers, and the two ways to create one (a wizard, a document). No vscode import. */
import { COMMON_ACTIONS, COPY_AS_CURL, copyAddress } from '../commands';
import { kindActions } from '../declarations';
import { loadBalancerRow } from './row';

export const loadBalancerActions = kindActions('loadBalancer', loadBalancerRow, {
  ...COMMON_ACTIONS,
  copyAsCurl: COPY_AS_CURL,
  copyAddress: copyAddress({ flags: { hasIp: true } }),
  edit: { command: { id: 'stacklet.editLoadBalancer', title: 'Edit Load Balancer', icon: 'edit' }, states: ['active'], at: ['3_modify@0'] },
  delete: { command: { id: 'stacklet.deleteLoadBalancer', title: 'Delete Load Balancer…', icon: 'trash' }, states: ['active'], at: ['9_z_delete@1'] },
}, [
  { id: 'stacklet.createLoadBalancer', title: 'Create Load Balancer…', icon: 'server-environment', viewTitle: [{ view: 'networking', group: '1_create@2' }], groupRows: [{ group: 'loadBalancers', at: ['inline@1'] }] },
  { id: 'stacklet.newLoadBalancerDocument', title: 'New Load Balancer (Document)', icon: 'json', viewTitle: [{ view: 'networking', group: '1_create@3' }], groupRows: [{ group: 'loadBalancers', at: ['inline@2'] }] },
]);
