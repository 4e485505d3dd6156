/** What the extension offers on backups. No vscode import. */
import { COMMON_ACTIONS } from '../commands';
import { kindActions } from '../declarations';
import { backupRow } from './row';

export const backupActions = kindActions('backup', backupRow, {
  ...COMMON_ACTIONS,
  delete: { command: { id: 'stacklet.deleteBackup', title: 'Delete Backup…', icon: 'trash' }, states: ['ready'], at: ['9_z_delete@1'] },
});
