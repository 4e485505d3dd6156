import * as vscode from 'vscode';
import { stackletState } from '../model/format';
import { runConfirmedStackletAction } from './confirmedStackletAction';
import type { CommandDeps } from './deps';

/** Power Off: for a running stacklet, after a modal confirmation. */
export function powerOff(deps: CommandDeps, node?: unknown): Promise<void> {
  return runConfirmedStackletAction(deps, node, {
    pickTitle: vscode.l10n.t('Power off which stacklet?'),
    accept: (s) => stackletState(s) === 'active',
    question: (name) => vscode.l10n.t('Power off {0}?', name),
    detail: (name) => vscode.l10n.t('{0} stops, like pulling its power cord: running programs are not shut down cleanly. It stays off until powered on again.', name),
    button: vscode.l10n.t('Power Off'),
    progress: (name) => vscode.l10n.t('Powering off {0}…', name),
    failure: (name) => vscode.l10n.t('Could not power off {0}', name),
    started: (name) => vscode.l10n.t('Powering off {0}.', name),
    run: (client, id) => client.powerOff(id),
  });
}
