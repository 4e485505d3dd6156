import * as vscode from 'vscode';
import { stackletState } from '../model/format';
import { runConfirmedStackletAction } from './confirmedStackletAction';
import type { CommandDeps } from './deps';

/** Power Cycle: off and on again (a hard reboot), after a modal confirmation. */
export function powerCycle(deps: CommandDeps, node?: unknown): Promise<void> {
  return runConfirmedStackletAction(deps, node, {
    pickTitle: vscode.l10n.t('Power cycle which stacklet?'),
    accept: (s) => stackletState(s) === 'active' || stackletState(s) === 'off',
    question: (name) => vscode.l10n.t('Power cycle {0}?', name),
    detail: (name) => vscode.l10n.t('{0} is switched off and on again (a hard reboot): running programs are not shut down cleanly.', name),
    button: vscode.l10n.t('Power Cycle'),
    progress: (name) => vscode.l10n.t('Power cycling {0}…', name),
    failure: (name) => vscode.l10n.t('Could not power cycle {0}', name),
    started: (name) => vscode.l10n.t('Power cycling {0}.', name),
    run: (client, id) => client.powerCycle(id),
  });
}
