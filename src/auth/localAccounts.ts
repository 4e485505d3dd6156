/**
 * Accounts of a service on this machine (an emulator `npm start` or `npm run emulator` started) outlive the
 * service: its next start may listen elsewhere. Such an account whose address refuses connections is gone for
 * good, so it is dropped quietly rather than shown as an expired session. No vscode import.
 */
import * as l10n from '@vscode/l10n';
import * as net from 'node:net';
import type { Account } from './accountRegistry';
import { isLoopbackUrl } from '../api/loopback';
import { accountLabel } from './accountPlace';

/**
 * An account as a confirmation names it: as the Accounts menu does (accountLabel), so two emulators, or one
 * e-mail on two services, are told apart. `escaped` escapes it for the place it goes.
 */
export function accountWords(account: Account, escaped: (text: string) => string = (text) => text): string {
  return accountLabel(account, l10n.t('local emulator'), escaped);
}

/** Where `npm start` tells the extension host about the emulator it runs (its environment, never a setting). */
export const ANNOUNCED_EMULATOR_URL = 'STACKLET_EMULATOR_URL';
export const ANNOUNCED_EMULATOR_TOKEN = 'STACKLET_EMULATOR_TOKEN';

/**
 * The emulator `npm start` runs, so that Try the Local Emulator signs in to it rather than starting a second
 * one: its URL and (public demo) token from the environment, when the URL is a loopback http(s) address.
 */
export function announcedEmulator(env: Readonly<Record<string, string | undefined>>): { url: string; token: string } | undefined {
  const url = env[ANNOUNCED_EMULATOR_URL]?.trim();
  const token = env[ANNOUNCED_EMULATOR_TOKEN]?.trim();
  if (!url || !token || /\s/.test(token)) return undefined;
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && isLoopbackUrl(parsed) ? { url: parsed.origin, token } : undefined;
  } catch {
    return undefined;
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
