/** What the extension offers on stacklets: the commands of their rows' context menus, and Create Stacklet. No vscode import. */
import { COMMON_ACTIONS, COPY_AS_CURL, copyAddress, openAsDocument } from '../commands';
import { kindActions } from '../declarations';
import { stackletRow } from './row';

/** Every state but busy: a running task leaves only the inspections. */
const IDLE = ['active', 'off', 'inactive', 'unknown'] as const;
/** The states in which the service accepts a change of the machine. */
const RUNNING_OR_OFF = ['active', 'off'] as const;

export const stackletActions = kindActions('stacklet', stackletRow, {
  ...COMMON_ACTIONS,
  openAsDocument: openAsDocument(stackletRow),
  copyAsCurl: COPY_AS_CURL,
  copyAddress: copyAddress({ flags: { hasIp: true } }),
  connectSsh: { command: { id: 'stacklet.connectSsh', title: 'Connect via SSH', icon: 'terminal' }, states: ['active'], flags: { hasIp: true }, at: ['inline@1', '1_connect@1'] },
  openInRemoteWindow: { command: { id: 'stacklet.openInRemoteWindow', title: 'Open in Remote Window', icon: 'remote' }, states: ['active'], flags: { hasIp: true }, at: ['1_connect@2'] },
  powerOn: { command: { id: 'stacklet.powerOn', title: 'Power On…', icon: 'play' }, states: ['off'], at: ['2_power@1'] },
  powerOff: { command: { id: 'stacklet.powerOff', title: 'Power Off…', icon: 'debug-stop' }, states: ['active'], at: ['2_power@2'] },
  powerCycle: { command: { id: 'stacklet.powerCycle', title: 'Power Cycle…', icon: 'debug-restart' }, states: RUNNING_OR_OFF, at: ['2_power@3'] },
  resize: { command: { id: 'stacklet.resizeStacklet', title: 'Resize Stacklet…', icon: 'screen-full' }, states: RUNNING_OR_OFF, at: ['3_modify@1'] },
  rebuild: { command: { id: 'stacklet.rebuildStacklet', title: 'Rebuild Stacklet…', icon: 'tools' }, states: RUNNING_OR_OFF, at: ['3_modify@2'] },
  restore: { command: { id: 'stacklet.restoreStacklet', title: 'Restore from Snapshot or Backup…', icon: 'history' }, states: RUNNING_OR_OFF, at: ['3_modify@3'] },
  resetPassword: { command: { id: 'stacklet.resetPassword', title: 'Reset Root Password…', icon: 'key' }, states: RUNNING_OR_OFF, at: ['3_modify@4'] },
  enablePrivateNetworking: { command: { id: 'stacklet.enablePrivateNetworking', title: 'Enable Private Networking', icon: 'plug' }, states: RUNNING_OR_OFF, flags: { privateNetworking: false }, at: ['3_modify@5'] },
  rename: { command: { id: 'stacklet.renameStacklet', title: 'Rename Stacklet…', icon: 'edit' }, states: IDLE, at: ['3_modify@6'] },
  snapshot: { command: { id: 'stacklet.snapshotStacklet', title: 'Take Snapshot…', icon: 'device-camera' }, states: RUNNING_OR_OFF, at: ['4_snapshot@1'] },
  attachFirewall: { command: { id: 'stacklet.attachFirewall', title: 'Attach Firewall…', icon: 'shield' }, states: IDLE, at: ['4_snapshot@3'] },
  addVolume: { command: { id: 'stacklet.addVolume', title: 'Add Volume…', icon: 'database' }, states: RUNNING_OR_OFF, flags: { hasVolume: false }, at: ['5_storage@1'] },
  tag: { command: { id: 'stacklet.tagStacklets', title: 'Add Tag…', icon: 'tag' }, states: IDLE, at: ['6_tags@1'] },
  untag: { command: { id: 'stacklet.untagStacklet', title: 'Untag…', icon: 'close' }, states: IDLE, flags: { hasTags: true }, at: ['6_tags@2'] },
  newTag: { command: 'stacklet.newTag', states: IDLE, at: ['6_tags@3'] },
  delete: { command: { id: 'stacklet.deleteStacklet', title: 'Delete Stacklet…', icon: 'trash' }, states: IDLE, at: ['9_z_delete@1'] },
}, [
  { id: 'stacklet.createStacklet', title: 'Create Stacklet…', icon: 'add', viewTitle: [{ view: 'stacklets', group: 'navigation@1' }] },
]);
