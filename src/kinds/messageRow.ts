/** A row that carries a message (empty, warning, error) instead of a resource: no menu shows on it. No vscode import. */
import { rowStates } from './rowState';

export const messageRow = rowStates('message', ['info', 'warning', 'error']);

export type MessageRowState = (typeof messageRow.states)[number];
