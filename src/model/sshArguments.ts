/**
 * The arguments of `ssh` for Connect via SSH. The address comes from the service and the user from a setting,
 * and both end up on a command line: only a valid IP address may follow `--` (so nothing the service sends is
 * read as an option or a host alias), and the user must be a plain user name passed with `-l`.
 */
import * as l10n from '@vscode/l10n';
import { isIP } from 'node:net';
import { literalText } from './serviceText';

const SSH_USER = /^[A-Za-z_][A-Za-z0-9_.-]{0,31}$/;

export type SshArguments = { readonly args: readonly string[] } | { readonly problem: string };

export function sshArguments(user: string, address: string): SshArguments {
  if (!SSH_USER.test(user)) {
    return { problem: l10n.t('The setting stacklet.sshUser ("{0}") is not a user name.', literalText(user, 40)) };
  }
  if (isIP(address) === 0) {
    return { problem: l10n.t('"{0}" is not an IP address; no SSH connection was opened.', literalText(address, 60)) };
  }
  return { args: ['-l', user, '--', address] };
}
