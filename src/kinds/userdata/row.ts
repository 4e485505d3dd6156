/** A userdata script's row. No vscode import. */
import { rowStates } from '../rowState';

export const userdataRow = rowStates('userdata', ['script']);
