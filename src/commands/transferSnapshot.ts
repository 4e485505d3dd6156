import * as vscode from 'vscode';
import * as notify from '../ui/notify';
import { regionChoice } from './choices';
import { actionCommand } from './actionCommand';
import { isBack } from './wizard';

/**
 * Transfer a snapshot to another region: the regions it is not in yet; the region picked is the confirmation,
 * and the snapshot's transfer definition (src/kinds/snapshot/operations.ts) plans and sends it.
 */
export const transferSnapshot = actionCommand({
  kind: 'snapshot',
  action: 'transfer',
  confirm: 'prompt',
  pick: () => ({ title: vscode.l10n.t('Transfer which snapshot?'), accept: (s) => !s.task, none: vscode.l10n.t('Every snapshot is busy: try again when its task completes.') }),
  input: async ({ item, store }, deps) => {
    const choice = await regionChoice(store, undefined, item.regions);
    if (choice.items.length === 0 && !choice.typed) {
      void notify.info(vscode.l10n.t('{0} is already in every available region.', item.name));
      return undefined;
    }
    const region = await deps.prompter.pick<string>({
      title: vscode.l10n.t('Transfer {0}', item.name),
      placeHolder: vscode.l10n.t('The region to copy it to (it is in {0})', item.regions.join(', ')),
      ...choice,
    });
    return region === undefined || isBack(region) ? undefined : { region };
  },
});
