/** An SSH key's row. No vscode import. */
import { rowStates } from '../rowState';

export const sshKeyRow = rowStates('sshKey', ['ready']);
