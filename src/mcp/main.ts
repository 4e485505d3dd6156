/**
 * `node dist/mcp.js`: reads the command line and the environment, then serves ./server.ts over stdio. `--help`
 * prints the usage and exits without serving. No vscode import.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { isLoopbackUrl } from '../api/apiUrl';
import { StackletClient } from '../api/client';
import type { AgentContext } from '../agent/reads';
import { isLocalEmulator } from '../auth/localAccounts';
import { ActionHistory } from '../model/actionHistory';
import { ResourceStore } from '../model/resourceStore';
import { createServer, FRESH_MS, refuseWritesWhenOff } from './server';

export const USAGE = `Usage: node dist/mcp.js [--allow-writes] [--help]

The Stacklet Cloud MCP server: the account's resources as tools for an agent, over stdio.

Options:
  --allow-writes  Also offer the write tools. Each asks the user to confirm its plan
                  through the client (MCP elicitation) before anything is sent.
  --help, -h      Print this and exit.

Environment:
  STACKLET_API_URL  The API address, e.g. https://api.stacklet.example (plain http
                    only on this machine). A loopback address is the local
                    emulator: its answers say "source": "emulator".
  STACKLET_TOKEN    An API token. Never printed, never part of an answer.
  STACKLET_EMULATOR 1 marks any address as an emulator (demo data).

Without both STACKLET_API_URL and STACKLET_TOKEN every tool answers how to sign in.
Listings are read from the service at most every ${FRESH_MS / 1000} seconds (at once after
the server's own writes).
`;

/** What the command line asks for: the usage, the server (with or without writes), or a mistake. */
export function parseArgs(args: readonly string[]): { help: true } | { help: false; allowWrites: boolean } | { error: string } {
  let allowWrites = false;
  for (const arg of args) {
    if (arg === '--help' || arg === '-h') return { help: true };
    if (arg === '--allow-writes') allowWrites = true;
    else return { error: `Unknown option: ${arg}` };
  }
  return { help: false, allowWrites };
}

async function main(): Promise<void> {
  const parsed = parseArgs(process.argv.slice(2));
  if ('error' in parsed) {
    process.stderr.write(`${parsed.error}\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  if (parsed.help) {
    process.stdout.write(USAGE);
    return;
  }
  const baseUrl = process.env['STACKLET_API_URL'];
  const token = process.env['STACKLET_TOKEN'];
  let ctx: AgentContext | undefined;
  if (baseUrl && token) {
    let loopback = false;
    try {
      loopback = isLoopbackUrl(new URL(baseUrl));
    } catch {
      // The client refuses the address and every tool says why.
    }
    const client = new StackletClient({ baseUrl, token, allowInsecureHttp: loopback });
    const source = isLocalEmulator({ apiUrl: baseUrl, isEmulator: process.env['STACKLET_EMULATOR'] === '1' }) ? 'emulator' : 'service';
    ctx = { source, client, store: new ResourceStore(client), history: new ActionHistory() };
  } else {
    // Signed out: the tools are listed and each says how to sign in.
    process.stderr.write('stacklet-cloud MCP: STACKLET_API_URL and STACKLET_TOKEN are not both set; every tool will say so.\n');
  }
  const server = createServer(ctx, { allowWrites: parsed.allowWrites });
  const transport = new StdioServerTransport();
  await server.connect(transport);
  if (!parsed.allowWrites) refuseWritesWhenOff(transport, ctx?.source ?? 'service');
}

void main();
