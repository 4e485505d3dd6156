/**
 * Which accounts are of this machine, and how the Accounts menu tells them apart. Apart from localAccounts.ts
 * (which probes their addresses) because activation reads it for the Accounts entry, and loads nothing more.
 * No vscode import.
 */
import { isLoopbackUrl } from '../api/loopback';
import type { Account } from './accountRegistry';

/** An account of a service on this machine (not the embedded emulator, which starts on demand). */
export function isLocalAccount(account: Pick<Account, 'apiUrl' | 'isEmulator'>): boolean {
  try {
    return !account.isEmulator && isLoopbackUrl(new URL(account.apiUrl));
  } catch {
    return false;
  }
}

/**
 * An account of an emulator on this machine, the embedded one or one `npm start` / `npm run emulator` runs: what
 * the Account view, the Accounts menu and Copy as curl label as "local emulator", and what the agent tools (the
 * language model tools and the MCP server) answer as `"source": "emulator"`.
 */
export function isLocalEmulator(account: Pick<Account, 'apiUrl' | 'isEmulator'>): boolean {
  return account.isEmulator || isLocalAccount(account);
}

/**
 * An account as VS Code's Accounts menu names it, and so every place that names one (confirmations, agents'
 * questions, the MCP server's): its e-mail and where it is (`demo@stacklet.example (local emulator 127.0.0.1:8787)`).
 * `escaped` escapes the e-mail and the place (service text, and an address) for where they go.
 */
export function accountLabel(account: Pick<Account, 'email' | 'apiUrl' | 'isEmulator'>, emulatorWord: string, escaped: (text: string) => string = (text) => text): string {
  return `${escaped(account.email)} (${escaped(accountPlace(account, emulatorWord))})`;
}

/**
 * Where an account is, to tell two of the same e-mail apart (the Accounts menu, Switch Account): the API's host,
 * with `emulatorWord` before it for a local emulator; the embedded emulator, whose port changes, by the word alone.
 */
export function accountPlace(account: Pick<Account, 'apiUrl' | 'isEmulator'>, emulatorWord: string): string {
  if (account.isEmulator) return emulatorWord;
  let host: string;
  try {
    host = new URL(account.apiUrl).host;
  } catch {
    host = account.apiUrl;
  }
  return isLocalAccount(account) ? `${emulatorWord} ${host}` : host;
}
