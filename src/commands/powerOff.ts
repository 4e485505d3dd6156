import * as vscode from 'vscode';
import { POWER_ACCEPTS } from '../model/actionChecks';
import { actionCommand } from './actionCommand';
import { powerOutcome } from './powerOn';
import { plural } from '../api/plural';

/** Power Off: for a running stacklet (or several), the definition's plan confirmed. */
export const powerOff = actionCommand({
  kind: 'stacklet',
  action: 'powerOff',
  pick: () => ({
    title: vscode.l10n.t('Power off which stacklet?'),
    accept: POWER_ACCEPTS.powerOff,
    none: vscode.l10n.t('No stacklet is running: there is none to power off.'),
  }),
  many: {
    confirm: (count) => ({
      question: plural(count, vscode.l10n.t('Power off 1 stacklet?'), vscode.l10n.t('Power off {0} stacklets?', count)),
      detail: vscode.l10n.t('They stop, like pulling their power cords: running programs are not shut down cleanly. They stay off until powered on again.'),
    }),
    outcome: powerOutcome('off'),
    progress: (count) => plural(count, vscode.l10n.t('Powering off 1 stacklet'), vscode.l10n.t('Powering off {0} stacklets', count)),
    ended: (names, count) => plural(count, vscode.l10n.t('{0} was powered off.', names), vscode.l10n.t('{0} were powered off.', names)),
  },
});
