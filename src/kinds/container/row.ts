/** A container family's row (its images are its children). No vscode import. */
import { rowStates } from '../rowState';

export const containerRow = rowStates('container', ['family']);
