import * as vscode from 'vscode';
import { stackletState } from '../model/format';
import { runConfirmedStackletAction } from './confirmedStackletAction';
import type { CommandDeps } from './deps';

/** Reset Password: a modal confirmation, then the service sets a new root password. */
export function resetPassword(deps: CommandDeps, node?: unknown): Promise<void> {
  return runConfirmedStackletAction(deps, node, {
    pickTitle: vscode.l10n.t('Reset the root password of which stacklet?'),
    accept: (s) => stackletState(s) !== 'busy',
    question: (name) => vscode.l10n.t('Reset the root password of {0}?', name),
    detail: (name) => vscode.l10n.t('The service replaces the root password of {0} with a new one; the current password stops working.', name),
    button: vscode.l10n.t('Reset Password'),
    progress: (name) => vscode.l10n.t('Resetting the root password of {0}…', name),
    failure: (name) => vscode.l10n.t('Could not reset the root password of {0}', name),
    started: (name) => vscode.l10n.t('Resetting the root password of {0}.', name),
    run: (client, id) => client.resetPassword(id),
  });
}
