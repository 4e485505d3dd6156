/** A node pool's row: busy while its cluster runs a task, active otherwise. No vscode import. */
import { rowStates } from '../rowState';

export const nodePoolRow = rowStates('nodePool', ['active', 'busy']);
