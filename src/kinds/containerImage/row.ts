/** A container image's row: available to stacklets, or not. No vscode import. */
import { rowStates } from '../rowState';

export const containerImageRow = rowStates('containerImage', ['available', 'unavailable']);
