import * as vscode from 'vscode';
import * as notify from '../ui/notify';
import { itemAction } from './action';
import { regionChoice } from './choices';
import { isBack } from './wizard';

/** Transfer a snapshot to another region: the regions it is not in yet. */
export const transferSnapshot = itemAction<'snapshot', { region: string }>({
  kind: 'snapshot',
  pick: () => ({ title: vscode.l10n.t('Transfer which snapshot?'), accept: (s) => !s.task, none: vscode.l10n.t('Every snapshot is busy: try again when its task completes.') }),
  ask: async ({ item, store }, deps) => {
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
  send: ({ client, item }, { region }) => client.transferSnapshot(item.id, region),
  progress: (s, { region }) => vscode.l10n.t('Transferring {0} to {1}…', s.name, region),
  failure: (s, { region }) => vscode.l10n.t('Could not transfer {0} to {1}', s.name, region),
  done: (s, { region }) => vscode.l10n.t('Transferring {0} to {1}.', s.name, region),
});
