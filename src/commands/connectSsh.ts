import * as vscode from 'vscode';
import type { CommandDeps } from './deps';
import { addressOf } from '../model/resourceKinds';
import { resolveResource } from './target';

const SSH_USER = /^[A-Za-z_][A-Za-z0-9_.-]{0,31}$/;

/** Opens a terminal running `ssh <stacklet.sshUser>@<public IPv4>` (root unless set) for an active stacklet. */
export async function connectSsh(deps: CommandDeps, node?: unknown): Promise<void> {
  const ref = await resolveResource(deps, node, ['stacklet'], {
    title: vscode.l10n.t('Connect to which stacklet?'),
    accept: (r) => !!addressOf(r),
    none: vscode.l10n.t('No stacklet has a public IP address yet.'),
  });
  if (!ref) return;
  const address = addressOf(ref);
  if (!address) {
    void vscode.window.showWarningMessage(vscode.l10n.t('{0} has no public IP address.', ref.name));
    return;
  }
  const user = vscode.workspace.getConfiguration('stacklet').get<string>('sshUser', 'root').trim() || 'root';
  // A name only: anything else (a leading "-") would reach ssh as an option.
  if (!SSH_USER.test(user)) {
    void vscode.window.showErrorMessage(vscode.l10n.t('The setting stacklet.sshUser ("{0}") is not a user name.', user));
    return;
  }
  const terminal = vscode.window.createTerminal({
    name: vscode.l10n.t('SSH {0}', ref.name),
    shellPath: 'ssh',
    shellArgs: [`${user}@${address}`],
    iconPath: new vscode.ThemeIcon('terminal'),
  });
  terminal.show();
  deps.log.info(`Opened SSH terminal to ${ref.name}`);
}
