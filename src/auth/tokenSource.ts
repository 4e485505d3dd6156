/**
 * Where the MCP server and the command line (src/cli/main.ts) take the API token from (issue 35, item 5): an
 * agent's JSON configuration is a file that is copied, committed and shared, so the token should not be written
 * into it. Besides STACKLET_TOKEN (for a client that fills it from its own secret input), they take
 * STACKLET_TOKEN_FILE, a file only its owner can read, or STACKLET_TOKEN_COMMAND, a command that prints it (a
 * password manager's). Exactly one of them; what goes wrong is said without the token, and the token is never
 * printed. No vscode import.
 */
import { execFile } from 'node:child_process';
import { open } from 'node:fs/promises';
import * as l10n from '@vscode/l10n';

/** The variables, in the order the usage names them. */
export const TOKEN_VARIABLES = ['STACKLET_TOKEN', 'STACKLET_TOKEN_FILE', 'STACKLET_TOKEN_COMMAND'] as const;

/** More than a token and its line break, but a bound: the file or the command's output is read no further. */
const MAX_BYTES = 16 * 1024;
/** A command that has not printed the token by then (a password manager waiting for a passphrase) is stopped. */
const COMMAND_TIMEOUT_MS = 15_000;

export type TokenRead =
  | { readonly token: string; readonly from: (typeof TOKEN_VARIABLES)[number] }
  | { readonly problem: string }
  | { readonly none: true };

type Env = Readonly<Record<string, string | undefined>>;

/** The token from the environment, or why there is none. Never throws. */
export async function readToken(env: Env, platform: NodeJS.Platform = process.platform): Promise<TokenRead> {
  const given = TOKEN_VARIABLES.filter((name) => (env[name] ?? '') !== '');
  if (given.length === 0) return { none: true };
  if (given.length > 1) return { problem: l10n.t('Set only one of {0}: the server would not know which token to use.', given.join(', ')) };
  const from = given[0]!;
  const value = env[from]!;
  const read = from === 'STACKLET_TOKEN' ? { text: value } : from === 'STACKLET_TOKEN_FILE' ? await fromFile(value, platform) : await fromCommand(value);
  if ('problem' in read) return read;
  return checked(read.text, from);
}

/** The first line, trimmed: a file written by `echo` or an editor ends with a line break. */
function checked(text: string, from: (typeof TOKEN_VARIABLES)[number]): TokenRead {
  const token = text.split(/\r?\n/, 1)[0]!.trim();
  if (token === '') return { problem: l10n.t('{0} gave an empty token.', from) };
  // Sent in a header: a space or a control character would be refused by the transport, or split the header.
  // eslint-disable-next-line no-control-regex -- controls are what it refuses
  if (/[\s\u0000-\u001f\u007f]/.test(token)) return { problem: l10n.t('{0} gave a token with a space or a control character in it.', from) };
  return { token, from };
}

async function fromFile(path: string, platform: NodeJS.Platform): Promise<{ text: string } | { problem: string }> {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    return { problem: l10n.t('STACKLET_TOKEN_FILE could not be opened ({0}).', (error as NodeJS.ErrnoException).code ?? 'error') };
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) return { problem: l10n.t('STACKLET_TOKEN_FILE is not a file.') };
    // Windows keeps no such mode bits (its ACLs decide); elsewhere a token others can read is refused.
    if (platform !== 'win32' && (stats.mode & 0o077) !== 0) {
      return { problem: l10n.t('STACKLET_TOKEN_FILE can be read by others (mode {0}): make it readable by its owner only (chmod 600).', (stats.mode & 0o777).toString(8)) };
    }
    const buffer = Buffer.alloc(MAX_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, MAX_BYTES, 0);
    return { text: buffer.subarray(0, bytesRead).toString('utf8') };
  } finally {
    await handle.close();
  }
}

/** Runs the command through the shell, as a client's configuration writes it (`pass show stacklet`). */
function fromCommand(command: string): Promise<{ text: string } | { problem: string }> {
  const shell = process.platform === 'win32' ? process.env['ComSpec'] ?? 'cmd.exe' : '/bin/sh';
  const args = process.platform === 'win32' ? ['/d', '/s', '/c', command] : ['-c', command];
  return new Promise((resolve) => {
    // Its error output is not passed on: a failing password manager may print what it was asked for.
    execFile(shell, args, { timeout: COMMAND_TIMEOUT_MS, maxBuffer: MAX_BYTES, windowsHide: true, encoding: 'utf8' }, (error, stdout) => {
      if (!error) return resolve({ text: stdout });
      const failure = error as NodeJS.ErrnoException & { killed?: boolean; code?: number | string };
      if (failure.killed) return resolve({ problem: l10n.t('STACKLET_TOKEN_COMMAND did not finish within {0} s.', COMMAND_TIMEOUT_MS / 1000) });
      if (failure.code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER') return resolve({ problem: l10n.t('STACKLET_TOKEN_COMMAND printed more than {0} bytes.', MAX_BYTES) });
      resolve({ problem: l10n.t('STACKLET_TOKEN_COMMAND failed (exit {0}).', String(failure.code ?? 'unknown')) });
    });
  });
}
