import * as vscode from 'vscode';
import { attachRefusal } from '../kinds/volume/operations';
import { stackletState } from '../model/format';
import * as notify from '../ui/notify';
import { stackletItem } from './choices';
import { actionCommand } from './actionCommand';
import { isBack } from './wizard';

/**
 * Attach a free volume to a stacklet of its region that has no volume yet: the stacklet picked is the
 * confirmation, and the volume's attach definition (src/kinds/volume/operations.ts) plans and sends it.
 */
export const attachVolume = actionCommand({
  kind: 'volume',
  action: 'attach',
  confirm: 'prompt',
  pick: () => ({ title: vscode.l10n.t('Attach which volume?'), accept: (v) => !v.task && !v.stacklet, none: vscode.l10n.t('Every volume is attached already, or busy.') }),
  refuse: attachRefusal,
  input: async ({ item, store }, deps) => {
    const candidates = (await store.get('stacklet')).items.filter((s) => s.region.slug === item.region.slug && !s.volume_uuid && stackletState(s) !== 'busy');
    if (candidates.length === 0) {
      void notify.info(vscode.l10n.t('No stacklet in {0} can take {1}: each has a volume already, or is busy.', item.region.slug, item.name));
      return undefined;
    }
    const stacklet = await deps.prompter.pick<number>({
      title: vscode.l10n.t('Attach {0}', item.name),
      placeHolder: vscode.l10n.t('A stacklet in {0} without a volume', item.region.slug),
      items: candidates.map(stackletItem),
      unmatched: (text) => vscode.l10n.t('No stacklet in {0} without a volume is called "{1}": pick one of the list.', item.region.slug, text),
    });
    return stacklet === undefined || isBack(stacklet) ? undefined : { stacklet };
  },
});
