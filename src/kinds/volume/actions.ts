/** What the extension offers on volumes, and Create Volume. No vscode import. */
import { COMMON_ACTIONS, COPY_AS_CURL, openAsDocument } from '../commands';
import { kindActions } from '../declarations';
import { volumeRow } from './row';

const IDLE = ['attached', 'free'] as const;

export const volumeActions = kindActions('volume', volumeRow, {
  ...COMMON_ACTIONS,
  openAsDocument: openAsDocument(volumeRow),
  copyAsCurl: COPY_AS_CURL,
  attach: { command: { id: 'stacklet.attachVolume', title: 'Attach Volume to Stacklet…', icon: 'link' }, states: ['free'], at: ['2_attach@1'] },
  detach: { command: { id: 'stacklet.detachVolume', title: 'Detach Volume…', icon: 'debug-disconnect' }, states: ['attached'], at: ['2_attach@2'] },
  resize: { command: { id: 'stacklet.resizeVolume', title: 'Resize Volume…', icon: 'screen-full' }, states: IDLE, at: ['3_modify@1'] },
  rename: { command: { id: 'stacklet.renameVolume', title: 'Rename Volume…', icon: 'edit' }, states: IDLE, at: ['3_modify@2'] },
  delete: { command: { id: 'stacklet.deleteVolume', title: 'Delete Volume…', icon: 'trash' }, states: IDLE, at: ['9_z_delete@1'] },
}, [
  { id: 'stacklet.createVolume', title: 'Create Volume…', icon: 'add', viewTitle: [{ view: 'volumes', group: 'navigation@1' }] },
]);
