import * as vscode from 'vscode';
import { attachedStackletName } from '../model/format';
import { actionCommand } from './actionCommand';

/** Detach a volume from its stacklet: the volume's detach definition (src/kinds/volume/operations.ts) plans it, confirmed in its words. */
export const detachVolume = actionCommand({
  kind: 'volume',
  action: 'detach',
  pick: () => ({ title: vscode.l10n.t('Detach which volume?'), accept: (v) => !v.task && !!v.stacklet, none: vscode.l10n.t('No volume is attached to a stacklet, or every attached one is busy.') }),
  refuse: (v) => (v.stacklet ? undefined : vscode.l10n.t('{0} is not attached to a stacklet.', v.name)),
  done: (v) => vscode.l10n.t('Detaching {0} from {1}.', v.name, attachedStackletName(v.stacklet!)),
});
