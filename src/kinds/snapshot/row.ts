/** A snapshot's row: ready, or busy with a task. No vscode import. */
import { rowStates } from '../rowState';

export const snapshotRow = rowStates('snapshot', ['ready', 'busy']);
