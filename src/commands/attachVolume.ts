import * as vscode from 'vscode';
import { attachedStackletName, stackletState } from '../model/format';
import { itemAction } from './action';
import * as notify from '../ui/notify';
import { stackletItem } from './choices';
import { isBack } from './wizard';

/** Attach a free volume to a stacklet of its region that has no volume yet. */
export const attachVolume = itemAction<'volume', { stackletId: number; stackletName: string }>({
  kind: 'volume',
  pick: () => ({ title: vscode.l10n.t('Attach which volume?'), accept: (v) => !v.task && !v.stacklet, none: vscode.l10n.t('Every volume is attached already, or busy.') }),
  refuse: (v) => (v.stacklet ? vscode.l10n.t('{0} is already attached to {1}; detach it first.', v.name, attachedStackletName(v.stacklet)) : undefined),
  ask: async ({ item, store }, deps) => {
    const candidates = (await store.get('stacklet')).items.filter((s) => s.region.slug === item.region.slug && !s.volume_uuid && stackletState(s) !== 'busy');
    if (candidates.length === 0) {
      void notify.info(vscode.l10n.t('No stacklet in {0} can take {1}: each has a volume already, or is busy.', item.region.slug, item.name));
      return undefined;
    }
    const stackletId = await deps.prompter.pick<number>({
      title: vscode.l10n.t('Attach {0}', item.name),
      placeHolder: vscode.l10n.t('A stacklet in {0} without a volume', item.region.slug),
      items: candidates.map(stackletItem),
      unmatched: (text) => vscode.l10n.t('No stacklet in {0} without a volume is called "{1}": pick one of the list.', item.region.slug, text),
    });
    if (stackletId === undefined || isBack(stackletId)) return undefined;
    return { stackletId, stackletName: candidates.find((s) => s.id === stackletId)?.name ?? `#${stackletId}` };
  },
  send: ({ client, item }, { stackletId }) => client.attachVolume(item.id, stackletId),
  progress: (v, { stackletName }) => vscode.l10n.t('Attaching {0} to {1}…', v.name, stackletName),
  failure: (v, { stackletName }) => vscode.l10n.t('Could not attach {0} to {1}', v.name, stackletName),
  done: (v, { stackletName }) => vscode.l10n.t('Attaching {0} to {1}.', v.name, stackletName),
});
