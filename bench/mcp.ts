/**
 * The MCP server as an agent meets it (`npm run bench -- --only=mcp`):
 * - the bytes of every tool's name, title, description and schemas together, as `tools/list` gives them with
 *   `--allow-writes`, and the server's instructions (what every tool shares is said there once): what a client
 *   puts before the model in every session;
 * - an agent's session on 10,000 stacklets at +50 ms per request: 20 calls (find, describe, cost and one write)
 *   through the SDK's own Client over stdio to `node dist/mcp.js`, against the floor of the requests those calls
 *   need, timed with the same client library in a new process of its own (bench/mcpFloor.ts), as the server's
 *   is, on the same emulator in the same run: the first paging of every
 *   listing find reads, then each call's own requests (the sizes listing a resize estimate reads, the profile
 *   whose e-mail the write's question names, the write's POST); what the cache answers costs the floor nothing.
 *   The server reads that profile as it starts (src/mcp/main.ts), connected untimed: the read may still be under
 *   way as the first find pages, and the emulator counts it with the session's requests.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { StackletClient } from '../src/api/client';
import { requestsSince, totalRequests } from '../src/emulator/stats';
import { floorFigure, median, spreadOf, times, type Figure } from './figure';
import { floorClient, floorSession } from './mcpFloor';
import { serveEmulator, stop, type Served } from './processes';
import { TOOL_LIST_BUDGET, toolListBytes } from '../test/unit/support/toolListBytes';

const STACKLETS = 10_000;
const LATENCY_MS = 50;
const RUNS = 5;
const SESSION_TARGET = 1.3;

async function connect(emu: Served, args: readonly string[]): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath, args: ['dist/mcp.js', ...args], stderr: 'ignore',
    env: { PATH: process.env['PATH'] ?? '', STACKLET_API_URL: emu.url, STACKLET_TOKEN: emu.token! },
  });
  const client = new Client({ name: 'bench', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } } });
  client.setRequestHandler(ElicitRequestSchema, () => ({ action: 'accept', content: {} }));
  await client.connect(transport);
  return client;
}

/** The emulator's requests so far, by route (its control endpoint). */
async function requestCount(emu: Served): Promise<Record<string, number>> {
  const response = await fetch(`${emu.url}/_emulator/stats`);
  return ((await response.json()) as { requestCount: Record<string, number> }).requestCount;
}

/** What `run` takes and how many requests the emulator received meanwhile. */
async function measured(emu: Served, run: () => Promise<number>): Promise<{ ms: number; requests: number }> {
  const before = await requestCount(emu);
  const ms = await run();
  return { ms, requests: totalRequests(requestsSince(await requestCount(emu), before)) };
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

/** The session's 20 calls: a find pages the account, then what an agent asks next, the write last. */
function sessionCalls(ids: readonly number[], writeId: number): { name: string; arguments: Record<string, unknown> }[] {
  const calls = [
    { name: 'stacklet_find', arguments: { query: 'web' } },
    ...ids.slice(0, 6).map((id) => ({ name: 'stacklet_describe', arguments: { kind: 'stacklet', id } })),
    { name: 'stacklet_cost', arguments: { by: 'region' } },
    { name: 'stacklet_cost', arguments: { by: 'tag' } },
    { name: 'stacklet_find', arguments: { kind: 'stacklet', state: 'off' } },
    { name: 'stacklet_find', arguments: { query: String(ids[6]) } },
    ...ids.slice(6, 10).map((id) => ({ name: 'stacklet_describe', arguments: { kind: 'stacklet', id } })),
    { name: 'stacklet_cost', arguments: { change: 'resize', id: ids[0], size: 'b-1vcpu-2gb' } },
    { name: 'stacklet_cost', arguments: { change: 'delete', kind: 'stacklet', id: ids[1] } },
    { name: 'stacklet_cost', arguments: { by: 'stacklet' } },
    { name: 'stacklet_describe', arguments: { kind: 'stacklet', id: writeId } },
    { name: 'stacklet_manage_stacklet', arguments: { action: 'powerCycle', id: writeId } },
  ];
  if (calls.length !== 20) throw new Error(`the session has ${calls.length} calls`);
  return calls;
}

/** The session through the MCP server, on a server started for it (its cache empty). */
async function mcpSession(emu: Served, ids: readonly number[], writeId: number): Promise<number> {
  const client = await connect(emu, ['--allow-writes', '--protected-tags=']);
  try {
    return await timed(async () => {
      for (const call of sessionCalls(ids, writeId)) {
        const result = await client.callTool(call);
        if (result.isError) throw new Error(`${call.name} ${JSON.stringify(call.arguments)}: ${JSON.stringify(result.content).slice(0, 300)}`);
      }
    });
  } finally {
    await client.close();
  }
}

/**
 * The floor in a fresh process (bench/mcpFloor.ts), as the server's is: its connection opened, then timed
 * while the emulator counts its requests.
 */
async function freshFloor(emu: Served, writeId: number): Promise<{ ms: number; requests: number }> {
  const child = spawn(process.execPath, [join(__dirname, 'mcpFloor.js'), emu.url, String(writeId)], {
    env: { PATH: process.env['PATH'] ?? '', STACKLET_TOKEN: emu.token! }, stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  if ((await lines.next()).value !== 'ready') throw new Error('mcpFloor did not start');
  const before = await requestCount(emu);
  child.stdin!.write('go\n');
  const ms = Number((await lines.next()).value);
  const requests = totalRequests(requestsSince(await requestCount(emu), before));
  if (child.exitCode === null) await once(child, 'exit');
  if (!Number.isFinite(ms)) throw new Error('mcpFloor gave no time');
  return { ms, requests };
}

export async function mcpFigures(log: (line: string) => void): Promise<Figure[]> {
  const emu = await serveEmulator(['--extra-stacklets', String(STACKLETS), '--latency-ms', String(LATENCY_MS)]);
  try {
    const lister = await connect(emu, ['--allow-writes', '--protected-tags=']);
    const { tools } = await lister.listTools();
    const instructionBytes = Buffer.byteLength(lister.getInstructions() ?? '');
    const bytes = toolListBytes(tools, lister.getInstructions());
    await lister.close();
    const reads = tools.filter((tool) => tool.annotations?.readOnlyHint);
    const readBytes = reads.reduce((sum, tool) => sum + Buffer.byteLength(JSON.stringify(tool)), 0);
    log(`mcp: ${tools.length} tools and the instructions, ${bytes} bytes (the instructions ${instructionBytes}, the ${reads.length} read tools ${readBytes})`);

    const api = new StackletClient({ baseUrl: emu.url, token: emu.token!, allowInsecureHttp: true });
    const stacklets = (await api.listStacklets()).items.filter((s) => s.status === 'active').map((s) => s.id);
    const sessions: { ms: number; requests: number }[] = [];
    const floors: { ms: number; requests: number }[] = [];
    const warmFloors: { ms: number; requests: number }[] = [];
    for (let run = 0; run < RUNS; run++) {
      // Each run writes to stacklets of its own, so that none is busy with the last run's task.
      const ids = stacklets.slice(100 + run * 20, 111 + run * 20);
      floors.push(await freshFloor(emu, stacklets[run * 2]!));
      // The same requests from this process, whose code has run them before (the floor until issue 37), reported.
      const direct = await floorClient(emu.url, emu.token!);
      warmFloors.push(await measured(emu, () => floorSession(direct, stacklets[50 + run]!)));
      await direct.dispose();
      sessions.push(await measured(emu, () => mcpSession(emu, ids, stacklets[run * 2 + 1]!)));
    }
    const show = (runs: typeof sessions) => runs.map((r) => `${Math.round(r.ms)} ms (${r.requests} requests)`).join(', ');
    log(`mcp: sessions ${show(sessions)}; floors ${show(floors)}; the floor's requests from the bench's process ${show(warmFloors)}`);
    const warm = median(warmFloors.map((r) => r.ms));
    // A run slower than the freshness window (5 s) reads the listings that went stale again, as it should: the median.
    const sessionRequests = median(sessions.map((r) => r.requests));
    const floorRequests = median(floors.map((r) => r.requests));
    return [
      {
        id: 'mcp.toolBytes',
        label: `MCP tools/list with --allow-writes: ${tools.length} tools' names, titles, descriptions and input and output schemas, and the server's instructions`,
        value: bytes,
        unit: 'bytes',
        better: 'lower',
        target: { value: TOOL_LIST_BUDGET, text: `≤ ${TOOL_LIST_BUDGET / 1024} KB` },
        note: `the instructions ${(instructionBytes / 1024).toFixed(1)} KB, the ${reads.length} read tools ${(readBytes / 1024).toFixed(1)} KB`,
        tracked: { value: bytes, better: 'lower' },
      },
      floorFigure('mcp.session', `An agent's MCP session on ${STACKLETS.toLocaleString('en-US')} stacklets, +${LATENCY_MS} ms: 20 calls (find, describe, cost, one write) over stdio`,
        median(sessions.map((r) => r.ms)), median(floors.map((r) => r.ms)), SESSION_TARGET,
        `median of ${RUNS}, each run's session against its own floor: ${spreadOf(sessions.map((r, i) => r.ms / floors[i]!.ms)).text}; the floor in a new process, as the server is; the same requests from the bench's own process, whose code has run them before: ${Math.round(warm)} ms (the session ${times(median(sessions.map((r) => r.ms)) / warm)} it)`),
      {
        id: 'mcp.sessionRequests',
        label: 'The same session\'s requests to the service, against the floor\'s',
        value: sessionRequests,
        unit: 'requests',
        better: 'lower',
        target: { value: floorRequests, text: `≤ the floor's ${floorRequests}` },
        baseline: { label: 'floor', value: floorRequests },
        ratio: { value: sessionRequests / floorRequests, text: `${times(sessionRequests / floorRequests)} the floor's` },
        tracked: { value: sessionRequests, better: 'lower' },
        note: `median of ${RUNS}: ${sessions.map((r) => r.requests).join(', ')}`,
      },
    ];
  } finally {
    await stop(emu);
  }
}
