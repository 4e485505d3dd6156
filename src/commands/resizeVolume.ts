import * as vscode from 'vscode';
import { checkTypedNumber, checkVolumeSize, parseWholeNumber } from '../api/validators';
import { itemAction } from './action';
import { askText } from './askText';

/** Resize a volume: a size in GB, larger than now (volumes only grow). */
export const resizeVolume = itemAction<'volume', { size: number }>({
  kind: 'volume',
  pick: () => ({ title: vscode.l10n.t('Resize which volume?'), accept: (v) => !v.task, none: vscode.l10n.t('Every volume is busy: try again when its task completes.') }),
  ask: async ({ item }, deps) => {
    const current = item.size_gigabytes;
    const what = vscode.l10n.t('Size');
    const typed = await askText(deps, {
      title: vscode.l10n.t('Resize {0}', item.name),
      prompt: vscode.l10n.t('The new size in GB (now {0} GB; a volume can only grow)', current),
      value: String(current),
      validate: (text) => checkTypedNumber(text, (gb) => checkVolumeSize(gb, current, what), what),
    });
    return typed === undefined ? undefined : { size: parseWholeNumber(typed)! };
  },
  send: ({ client, item }, { size }) => client.resizeVolume(item.id, size),
  progress: (v) => vscode.l10n.t('Resizing {0}…', v.name),
  failure: (v) => vscode.l10n.t('Could not resize {0}', v.name),
  done: (v, { size }) => vscode.l10n.t('Resizing {0} to {1} GB.', v.name, size),
});
