/**
 * The arguments of `ssh` for Connect via SSH. The address comes from the service and the user from a setting,
 * and both end up on a command line: only a valid IP address, without a zone id, may follow `--` (so nothing the
 * service sends is read as an option or a host alias), and the user must be a plain user name passed with `-l`.
 */
import * as l10n from '@vscode/l10n';
import { literalText } from './serviceText';
import { sshAddressProblem } from './sshAddress';

const SSH_USER = /^[A-Za-z_][A-Za-z0-9_.-]{0,31}$/;

export type SshArguments = { readonly args: readonly string[] } | { readonly problem: string };

export function sshArguments(user: string, address: string): SshArguments {
  if (!SSH_USER.test(user)) {
    return { problem: l10n.t('The setting stacklet.sshUser ("{0}") is not a user name.', literalText(user, 40)) };
  }
  const problem = sshAddressProblem(address);
  if (problem === 'not-an-ip') {
    return { problem: l10n.t('"{0}" is not an IP address; no SSH connection was opened.', literalText(address, 60)) };
  }
  if (problem === 'zone-id') {
    return { problem: l10n.t('The address "{0}" names a network interface of this computer (after %), which the service cannot know; no SSH connection was opened.', literalText(address, 60)) };
  }
  return { args: ['-l', user, '--', address] };
}
