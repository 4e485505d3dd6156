import * as vscode from 'vscode';
import * as notify from '../ui/notify';
import { sshArguments } from '../model/sshArguments';
import { literalText, plainText } from '../model/serviceText';
import type { CommandDeps } from './deps';
import { addressOf } from '../kinds/registry';
import { resolveResource } from './target';

/** Opens a terminal running `ssh -l <stacklet.sshUser> -- <public IPv4>` (root unless set) for an active stacklet. */
export async function connectSsh(deps: CommandDeps, node?: unknown): Promise<void> {
  const ref = await resolveResource(deps, node, ['stacklet'], {
    title: vscode.l10n.t('Connect to which stacklet?'),
    accept: (r) => !!addressOf(r),
    none: vscode.l10n.t('No stacklet has a public IP address yet.'),
  });
  if (!ref) return;
  const address = addressOf(ref);
  if (!address) {
    void notify.warning(vscode.l10n.t('{0} has no public IP address.', ref.name));
    return;
  }
  const user = vscode.workspace.getConfiguration('stacklet').get<string>('sshUser', 'root').trim() || 'root';
  // The address is the service's: only a valid IP address reaches ssh, after "--".
  const ssh = sshArguments(user, address);
  if ('problem' in ssh) {
    void notify.error(ssh.problem);
    return;
  }
  const terminal = vscode.window.createTerminal({
    name: vscode.l10n.t('SSH {0}', literalText(ref.name, 60)),
    shellPath: 'ssh',
    shellArgs: [...ssh.args],
    iconPath: new vscode.ThemeIcon('terminal'),
  });
  terminal.show();
  deps.log.info(`Opened SSH terminal to ${plainText(ref.name)}`);
}
