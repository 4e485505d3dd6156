import * as vscode from 'vscode';
import type { CommandDeps } from './deps';
import { resolveResource } from './pickResource';

/** Opens a terminal running `ssh root@<public IPv4>` for an active stacklet. */
export async function connectSsh(deps: CommandDeps, node?: unknown): Promise<void> {
  const ref = await resolveResource(deps, node, ['stacklets'], vscode.l10n.t('Connect to which stacklet?'), (r) => !!r.ip);
  if (!ref) return;
  if (!ref.ip) {
    void vscode.window.showWarningMessage(vscode.l10n.t('{0} has no public IP address.', ref.name));
    return;
  }
  const terminal = vscode.window.createTerminal({
    name: vscode.l10n.t('SSH {0}', ref.name),
    shellPath: 'ssh',
    shellArgs: [`root@${ref.ip}`],
    iconPath: new vscode.ThemeIcon('terminal'),
  });
  terminal.show();
  deps.log.info(`Opened SSH terminal to ${ref.name}`);
}
