/** What the extension offers on tags, and New Tag (also on stacklets: src/kinds/stacklet/actions.ts). No vscode import. */
import { COMMON_ACTIONS, openAsDocument } from '../commands';
import { kindActions } from '../declarations';
import { tagRow } from './row';

export const tagActions = kindActions('tag', tagRow, {
  viewProperties: COMMON_ACTIONS.viewProperties,
  copyName: COMMON_ACTIONS.copyName,
  openAsDocument: openAsDocument(tagRow),
  delete: { command: { id: 'stacklet.deleteTag', title: 'Delete Tag…', icon: 'trash' }, states: ['ready'], at: ['9_z_delete@1'] },
}, [
  { id: 'stacklet.newTag', title: 'New Tag…', icon: 'add', groupRows: [{ group: 'tags', at: ['inline@1', '1_create@1'] }] },
]);
