import * as vscode from 'vscode';
import { checkTypedNumber, checkVolumeSize, parseWholeNumber } from '../api/validators';
import { askText } from './askText';
import { actionCommand } from './actionCommand';

/**
 * Resize a volume: a size in GB, larger than now (volumes only grow); the size typed is the confirmation, and
 * the volume's resize definition (src/kinds/volume/operations.ts) plans and sends it.
 */
export const resizeVolume = actionCommand({
  kind: 'volume',
  action: 'resize',
  confirm: 'prompt',
  pick: () => ({ title: vscode.l10n.t('Resize which volume?'), accept: (v) => !v.task, none: vscode.l10n.t('Every volume is busy: try again when its task completes.') }),
  input: async ({ item }, deps) => {
    const current = item.size_gigabytes;
    const what = vscode.l10n.t('Size');
    const typed = await askText(deps, {
      title: vscode.l10n.t('Resize {0}', item.name),
      prompt: vscode.l10n.t('The new size in GB (now {0} GB; a volume can only grow)', current),
      value: String(current),
      validate: (text) => checkTypedNumber(text, (gb) => checkVolumeSize(gb, current, what), what),
    });
    return typed === undefined ? undefined : { sizeGigabytes: parseWholeNumber(typed)! };
  },
  done: (v, { sizeGigabytes }) => vscode.l10n.t('Resizing {0} to {1} GB.', v.name, Number(sizeGigabytes)),
});
