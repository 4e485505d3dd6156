/**
 * `node dist/mcp.js` (and `stacklet-mcp`, the npm package's bin): reads the command line and the environment, then serves ./server.ts over stdio. `--help`
 * prints the usage and exits without serving. No vscode import.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import * as l10n from '@vscode/l10n';
import { isLoopbackUrl } from '../api/loopback';
import { StackletClient } from '../api/client';
import { ApiError } from '../api/errors';
import type { AgentSource } from '../agent/envelope';
import type { ReadContext } from '../actions/readContext';
import { isLocalEmulator } from '../auth/accountPlace';
import { ActionHistory } from '../model/actionHistory';
import { ResourceStore } from '../kinds/resourceStore';
import { actionContext } from '../actions/context';
import { AGENT_ACCESS, DEFAULT_MONTHLY_LIMIT, DEFAULT_PROTECTED_TAGS, protectedTagsOf, type AgentAccess, type AgentLimits } from '../agent/guards';
import { createServer, ELICITING_CLIENTS, FRESH_MS, instructClientsThatCannotAsk, refuseWritesWhenOff } from './server';
import { readToken } from '../auth/tokenSource';
import { speakEnvironmentLanguage } from '../model/processLocale';
import { foldWords, usageRows } from '../model/usageText';

/** Set by the npm package's build (esbuild.mjs --mcp-package): its `bin`. The VSIX and a clone run the file itself. */
declare const STACKLET_MCP_COMMAND: string | undefined;
const COMMAND = typeof STACKLET_MCP_COMMAND === 'string' ? STACKLET_MCP_COMMAND : 'node dist/mcp.js';

/** What `--help` prints, in the environment's language: each option's words folded beside it (24 columns in, 90 wide). */
export function usage(): string {
  const rows = (list: readonly (readonly [string, string])[]) => usageRows(list, 24, 90);
  return `${l10n.t('Usage:')} ${COMMAND} [--access off|read|ask] [--protected-tags a,b] [--monthly-limit USD] [--restricted] [--help]

${l10n.t("The Stacklet Cloud MCP server: the account's resources as tools for an agent, over stdio.")}

${l10n.t('Options:')}
${rows([
    ['  --access LEVEL', l10n.t('What the agent may do: off (no tools), read (the read tools; the default), ask (also the write tools, each confirmed by the user through the client, MCP elicitation, before anything is sent; a client that cannot ask is offered no write tool). Clients that can ask, by their own documentation: {0}.', ELICITING_CLIENTS)],
    ['  --allow-writes', l10n.t('The same as --access ask.')],
    ['  --protected-tags A,B', l10n.t('Resources carrying one of these tags (any case) are never changed: a plan touching one is refused. Default: {0} (an empty value protects none).', DEFAULT_PROTECTED_TAGS.join(','))],
    ['  --monthly-limit USD', l10n.t('What the confirmed writes of this run may add to the monthly estimate, in US dollars; a plan that would pass it is refused. Default: {0}.', DEFAULT_MONTHLY_LIMIT)],
    ['  --fresh-seconds N', l10n.t("How long a listing read from the service answers calls, in seconds (it is read again at once after the server's own writes). Default: {0}; 0 reads the service on every call, for an account others change as you go.", FRESH_MS / 1000)],
    ['  --restricted', l10n.t('For an editor window in Restricted Mode (the editor passes it): an account document, which comes from the workspace, is never applied.')],
    ['  --help, -h', l10n.t('Print this and exit.')],
  ])}

${l10n.t('Environment:')}
${rows([
    ['  STACKLET_API_URL', l10n.t('The API address, e.g. https://api.stacklet.example (plain http only on this machine). A loopback address is the local emulator: its answers say "source": "emulator".')],
    ['  STACKLET_TOKEN_FILE', l10n.t('A file holding the API token, readable by its owner only (chmod 600); refused when others can read it.')],
    ['  STACKLET_TOKEN_COMMAND', l10n.t("A command that prints the API token (a password manager's).")],
    ['  STACKLET_TOKEN', l10n.t('The API token itself, for a client that fills it from its own secret input. Set one of the three; never printed, never part of an answer.')],
    ['  STACKLET_EMULATOR', l10n.t('1 marks any address as an emulator (demo data).')],
    ['  STACKLET_LOCALE', l10n.t('The language of these words and of the confirmations, e.g. de; otherwise LANGUAGE, LC_ALL, LC_MESSAGES or LANG.')],
  ])}

${foldWords(l10n.t("Without an API address and a token every tool answers how to sign in. Listings are read from the service at most every {0} seconds (--fresh-seconds; at once after the server's own writes).", FRESH_MS / 1000), 90).join('\n')}
`;
}

/** What the command line asks for: the usage, the server with the person's limits, or a mistake. */
export function parseArgs(args: readonly string[]): { help: true } | { help: false; limits: AgentLimits; freshMs: number; restricted: boolean } | { error: string } {
  let access: AgentAccess = 'read';
  let restricted = false;
  let freshMs = FRESH_MS;
  let protectedTags = DEFAULT_PROTECTED_TAGS;
  let monthlyLimit = DEFAULT_MONTHLY_LIMIT;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = () => inline ?? args[++i];
    if (flag === '--help' || flag === '-h') return { help: true };
    if (flag === '--allow-writes') access = 'ask';
    else if (flag === '--restricted') restricted = true;
    else if (flag === '--access') {
      const level = value();
      if (!(AGENT_ACCESS as readonly unknown[]).includes(level)) return { error: l10n.t('--access takes one of {0}', AGENT_ACCESS.join(', ')) };
      access = level as AgentAccess;
    } else if (flag === '--protected-tags') {
      const list = value();
      if (list === undefined) return { error: l10n.t('--protected-tags takes a comma-separated list of tags') };
      protectedTags = protectedTagsOf(list.split(','));
    } else if (flag === '--monthly-limit') {
      const amount = Number(value());
      if (!Number.isFinite(amount) || amount < 0) return { error: l10n.t('--monthly-limit takes an amount of US dollars from 0') };
      monthlyLimit = amount;
    } else if (flag === '--fresh-seconds') {
      const seconds = Number(value());
      if (!Number.isFinite(seconds) || seconds < 0 || seconds > 3600) return { error: l10n.t('--fresh-seconds takes a number of seconds from 0 to 3600') };
      freshMs = seconds * 1000;
    } else return { error: l10n.t('Unknown option: {0}', arg) };
  }
  return { help: false, limits: { access, protectedTags, monthlyLimit }, freshMs, restricted };
}

/**
 * Reads the profile as the server starts, before any call: the connection to the service is open by the first
 * call, a refused token is said at once, and the account every write's question names is in the cache. Said
 * with the status only: what the service wrote is for the tools' answers, as JSON values.
 */
function readProfileAtStart(store: ResourceStore): void {
  store.get('profile').catch((error: unknown) => {
    const why = error instanceof ApiError ? (error.status !== undefined ? `HTTP ${error.status}` : error.kind) : 'network';
    process.stderr.write(`stacklet-cloud MCP: ${l10n.t("the account's profile could not be read at start ({0}); each tool's answer says why.", why)}\n`);
  });
}

async function main(): Promise<void> {
  speakEnvironmentLanguage(process.env, process.argv[1]);
  const parsed = parseArgs(process.argv.slice(2));
  if ('error' in parsed) {
    process.stderr.write(`${parsed.error}\n\n${usage()}`);
    process.exitCode = 2;
    return;
  }
  if (parsed.help) {
    process.stdout.write(usage());
    return;
  }
  const baseUrl = process.env['STACKLET_API_URL'];
  // Where the answers come from, said even when the token cannot be read: a loopback address is the emulator.
  const place = { apiUrl: baseUrl ?? '', isEmulator: process.env['STACKLET_EMULATOR'] === '1' };
  const source: AgentSource = isLocalEmulator(place) ? 'emulator' : 'service';
  const read = await readToken(process.env);
  let ctx: ReadContext | undefined;
  let signedOut: string | undefined;
  if ('problem' in read) {
    // Said on stderr and by every tool; never with the token.
    signedOut = l10n.t('Not signed in: {0}', read.problem);
    process.stderr.write(`stacklet-cloud MCP: ${read.problem}\n`);
  } else if (baseUrl && 'token' in read) {
    let loopback = false;
    try {
      loopback = isLoopbackUrl(new URL(baseUrl));
    } catch {
      // The client refuses the address and every tool says why.
    }
    const client = new StackletClient({ baseUrl, token: read.token, allowInsecureHttp: loopback });
    ctx = actionContext({ account: place, client, store: new ResourceStore(client), history: new ActionHistory() });
    if (parsed.limits.access !== 'off') readProfileAtStart(ctx.store);
  } else {
    // Signed out: the tools are listed and each says how to sign in.
    process.stderr.write(`stacklet-cloud MCP: ${l10n.t('STACKLET_API_URL and a token (STACKLET_TOKEN_FILE, STACKLET_TOKEN_COMMAND or STACKLET_TOKEN) are not both set; every tool will say so.')}\n`);
  }
  const server = createServer(ctx, { source, limits: parsed.limits, freshMs: parsed.freshMs, restricted: parsed.restricted, ...(signedOut ? { signedOut } : {}), ...(baseUrl ? { apiUrl: baseUrl } : {}) });
  const transport = new StdioServerTransport();
  await server.connect(transport);
  if (parsed.limits.access !== 'ask') refuseWritesWhenOff(transport, source, parsed.limits.access);
  instructClientsThatCannotAsk(transport, parsed.limits);
}

void main();
