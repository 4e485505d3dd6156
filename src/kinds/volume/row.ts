/** A volume's row: attached to a stacklet, free, or busy with a task. No vscode import. */
import type { Volume } from '../../api/schemas';
import { rowStates } from '../rowState';

export const volumeRow = rowStates('volume', ['attached', 'free', 'busy']);

export function volumeContextValue(volume: Volume): string {
  return volumeRow.context(volume.task ? 'busy' : volume.stacklet !== null && volume.stacklet !== undefined ? 'attached' : 'free');
}
