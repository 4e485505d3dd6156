/**
 * Accounts of a service on this machine (an emulator `npm start` or `npm run emulator` started) outlive the
 * service: its next start may listen elsewhere. Such an account whose address refuses connections is gone for
 * good, so it is dropped quietly rather than shown as an expired session. No vscode import.
 */
import * as net from 'node:net';
import { isLoopbackUrl } from '../api/apiUrl';
import type { Account } from './accountRegistry';

/** An account of a service on this machine (not the embedded emulator, which starts on demand). */
export function isLocalAccount(account: Account): boolean {
  try {
    return !account.isEmulator && isLoopbackUrl(new URL(account.apiUrl));
  } catch {
    return false;
  }
}

/** False only when nothing listens at the URL's address (connection refused); a slow answer counts as alive. */
export function isListening(apiUrl: string, timeoutMs = 500): Promise<boolean> {
  const url = new URL(apiUrl);
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (alive: boolean) => {
      socket.destroy();
      resolve(alive);
    };
    socket.setTimeout(timeoutMs, () => done(true));
    socket.once('connect', () => done(true));
    socket.once('error', (error: NodeJS.ErrnoException) => done(error.code !== 'ECONNREFUSED'));
  });
}
