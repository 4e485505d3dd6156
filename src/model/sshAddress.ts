/**
 * Which of the service's addresses may reach ssh (its command line, or HostName in ~/.ssh/config): an IP address
 * `net.isIP` accepts, but without an IPv6 zone id (`fe80::1%eth0`). A zone id names a network interface of the
 * machine that runs ssh, which a remote service cannot know, so one from the service is a mistake or an attack;
 * and in ssh_config `%` starts a token (`%h` becomes the alias, `%e` makes ssh fail). It is refused rather than
 * written as `%%`: escaping would only carry a meaningless interface name through faithfully. No vscode import.
 */
import { isIP } from 'node:net';

export type SshAddressProblem = 'not-an-ip' | 'zone-id';

export function sshAddressProblem(address: string): SshAddressProblem | undefined {
  if (isIP(address) === 0) return 'not-an-ip';
  return address.includes('%') ? 'zone-id' : undefined;
}
