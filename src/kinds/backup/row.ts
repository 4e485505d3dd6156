/** A backup's row: ready, or busy with a task. No vscode import. */
import { rowStates } from '../rowState';

export const backupRow = rowStates('backup', ['ready', 'busy']);
