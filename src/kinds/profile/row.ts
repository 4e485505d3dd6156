/** The account profile's row. No vscode import. */
import { rowStates } from '../rowState';

export const profileRow = rowStates('profile', ['']);
