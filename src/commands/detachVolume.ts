import * as vscode from 'vscode';
import { attachedStackletName } from '../model/format';
import { itemAction } from './action';
import { confirmed } from './confirm';


/** Detach a volume from its stacklet, after a confirmation. */
export const detachVolume = itemAction({
  kind: 'volume',
  pick: () => ({ title: vscode.l10n.t('Detach which volume?'), accept: (v) => !v.task && !!v.stacklet, none: vscode.l10n.t('No volume is attached to a stacklet, or every attached one is busy.') }),
  refuse: (v) => (v.stacklet ? undefined : vscode.l10n.t('{0} is not attached to a stacklet.', v.name)),
  ask: ({ item }, deps) => confirmed(deps, {
    question: vscode.l10n.t('Detach {0} from {1}?', item.name, attachedStackletName(item.stacklet!)),
    detail: vscode.l10n.t('Unmount it inside {0} first: programs still writing to it may lose data.', attachedStackletName(item.stacklet!)),
    button: vscode.l10n.t('Detach'),
  }),
  // The documentation lists stacklet_id as required; a volume that does not say which stacklet sends none.
  send: ({ client, item }) => client.detachVolume(item.id, item.stacklet?.id),
  progress: (v) => vscode.l10n.t('Detaching {0}…', v.name),
  failure: (v) => vscode.l10n.t('Could not detach {0}', v.name),
  done: (v) => vscode.l10n.t('Detaching {0} from {1}.', v.name, attachedStackletName(v.stacklet!)),
});
