import * as vscode from 'vscode';
import { stackletState } from '../model/format';
import { itemAction } from './action';

/** Power On: for a stacklet that is off. */
export const powerOn = itemAction({
  kind: 'stacklet',
  pick: () => ({
    title: vscode.l10n.t('Power on which stacklet?'),
    accept: (s) => stackletState(s) === 'off',
    none: vscode.l10n.t('No stacklet is off: there is none to power on.'),
  }),
  send: ({ client, item }) => client.powerOn(item.id),
  progress: (s) => vscode.l10n.t('Powering on {0}…', s.name),
  failure: (s) => vscode.l10n.t('Could not power on {0}', s.name),
  done: (s) => vscode.l10n.t('Powering on {0}.', s.name),
});
