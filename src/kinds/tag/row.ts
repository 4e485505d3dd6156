/** A tag's row. No vscode import. */
import { rowStates } from '../rowState';

export const tagRow = rowStates('tag', ['ready']);
