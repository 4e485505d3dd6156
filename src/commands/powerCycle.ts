import * as vscode from 'vscode';
import { POWER_ACCEPTS } from '../model/actionChecks';
import { actionCommand } from './actionCommand';
import { powerOutcome } from './powerOn';
import { plural } from '../api/plural';

/** Power Cycle: off and on again (a hard reboot), the definition's plan confirmed; one or several. */
export const powerCycle = actionCommand({
  kind: 'stacklet',
  action: 'powerCycle',
  pick: () => ({
    title: vscode.l10n.t('Power cycle which stacklet?'),
    accept: POWER_ACCEPTS.powerCycle,
    none: vscode.l10n.t('Every stacklet is busy or not yet active: there is none to power cycle.'),
  }),
  many: {
    confirm: (count) => ({
      question: plural(count, vscode.l10n.t('Power cycle 1 stacklet?'), vscode.l10n.t('Power cycle {0} stacklets?', count)),
      detail: vscode.l10n.t('They are switched off and on again (a hard reboot): running programs are not shut down cleanly.'),
    }),
    outcome: powerOutcome('cycle'),
    progress: (count) => plural(count, vscode.l10n.t('Power cycling 1 stacklet'), vscode.l10n.t('Power cycling {0} stacklets', count)),
    ended: (names, count) => plural(count, vscode.l10n.t('{0} was power cycled.', names), vscode.l10n.t('{0} were power cycled.', names)),
  },
});
