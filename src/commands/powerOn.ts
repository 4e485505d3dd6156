import * as vscode from 'vscode';
import type { ActionPlan } from '../actions/definition';
import { formatMonthly } from '../model/cost';
import { POWER_ACCEPTS } from '../model/actionChecks';
import { actionCommand } from './actionCommand';
import { plural } from '../api/plural';

/**
 * What a power action does to one stacklet of several, with what it is still billed: the price does not change,
 * and "no change" alone read as if nothing happened. That it is unchanged is said once, by the estimate's line.
 */
export function powerOutcome(what: 'off' | 'on' | 'cycle'): (planned: ActionPlan) => string {
  return (planned) => {
    // The plan's price of the stacklet, as the definition read it.
    const billed = planned.change['stillBilledUsd'];
    const cost = typeof billed === 'number' ? formatMonthly(billed) : vscode.l10n.t('cost not estimated');
    if (what === 'off') return vscode.l10n.t('powered off, still billed: {0}', cost);
    if (what === 'on') return vscode.l10n.t('powered on, billed: {0}', cost);
    return vscode.l10n.t('switched off and on again, billed: {0}', cost);
  };
}

/** Power On: for a stacklet that is off (or several, after one confirmation), the definition's plan confirmed in a modal. */
export const powerOn = actionCommand({
  kind: 'stacklet',
  action: 'powerOn',
  pick: () => ({
    title: vscode.l10n.t('Power on which stacklet?'),
    accept: POWER_ACCEPTS.powerOn,
    none: vscode.l10n.t('No stacklet is off: there is none to power on.'),
  }),
  many: {
    confirm: (count) => ({ question: plural(count, vscode.l10n.t('Power on 1 stacklet?'), vscode.l10n.t('Power on {0} stacklets?', count)) }),
    outcome: powerOutcome('on'),
    progress: (count) => plural(count, vscode.l10n.t('Powering on 1 stacklet'), vscode.l10n.t('Powering on {0} stacklets', count)),
    ended: (names, count) => plural(count, vscode.l10n.t('{0} was powered on.', names), vscode.l10n.t('{0} were powered on.', names)),
  },
});
