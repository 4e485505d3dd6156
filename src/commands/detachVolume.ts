import * as vscode from 'vscode';
import { attachedStackletName } from '../model/format';
import { detachRefusal } from '../kinds/volume/operations';
import { actionCommand } from './actionCommand';

/** Detach a volume from its stacklet: the volume's detach definition (src/kinds/volume/operations.ts) plans it, confirmed in its words. */
export const detachVolume = actionCommand({
  kind: 'volume',
  action: 'detach',
  pick: () => ({ title: vscode.l10n.t('Detach which volume?'), accept: (v) => !v.task && !!v.stacklet, none: vscode.l10n.t('No volume is attached to a stacklet, or every attached one is busy.') }),
  refuse: detachRefusal,
  done: (v) => vscode.l10n.t('Detaching {0} from {1}.', v.name, attachedStackletName(v.stacklet!)),
});
