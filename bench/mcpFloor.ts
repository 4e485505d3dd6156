/**
 * The MCP session's floor in a process of its own (bench/mcp.ts starts one per run), as the server under test is:
 * the requests the session needs, sent directly with the same client library, by code that has run no more
 * than a new server's has. On stdio: it prints `ready` once its connection is open, waits for `go`, then prints
 * the milliseconds the requests took. `node out/bench/mcpFloor.js <API URL> <stacklet ID>`, the token in
 * STACKLET_TOKEN.
 */
import { createInterface } from 'node:readline';
import { StackletClient } from '../src/api/client';
import { SEARCH_KINDS } from '../src/kinds/registry';
import { ResourceStore } from '../src/kinds/resourceStore';

/** The floor: the requests the session needs, sent directly; how long they took. */
export async function floorSession(client: StackletClient, writeId: number): Promise<number> {
  const store = new ResourceStore(client);
  const started = performance.now();
  await Promise.all(SEARCH_KINDS.map((kind) => store.get(kind)));
  // The sizes a resize estimate reads; the profile, whose e-mail the write's question names (issue 35: an agent's always does).
  await Promise.all([store.get('size'), store.get('profile')]);
  await client.stackletAction(writeId, { action: 'power_cycle' });
  return performance.now() - started;
}

/** A client of the same library with its connection open (the MCP session's is open before it is timed too). */
export async function floorClient(url: string, token: string): Promise<StackletClient> {
  const client = new StackletClient({ baseUrl: url, token, allowInsecureHttp: true });
  await client.getProfile();
  return client;
}

async function main(): Promise<void> {
  const [url, writeId] = process.argv.slice(2);
  const client = await floorClient(url!, process.env['STACKLET_TOKEN'] ?? '');
  const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
  process.stdout.write('ready\n');
  if ((await lines.next()).value !== 'go') throw new Error('mcpFloor: expected go');
  process.stdout.write(`${await floorSession(client, Number(writeId))}\n`);
  await client.dispose();
  process.exit(0);
}

if (require.main === module) void main();
