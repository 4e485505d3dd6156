// The MCP server as an agent meets it: dist/mcp.js spawned over stdio by the SDK's own Client, against the
// emulator. It lists its tools, answers find and describe in the agent envelope, offers no write tool, reads
// the profile once as it starts (a refused token said on stderr with its status only), and never prints the token.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { startEmulator, type EmulatorHandle } from '../../src/emulator/server';

describe('MCP server (node dist/mcp.js) ⇄ emulator', function () {
  this.timeout(60_000);
  let emu: EmulatorHandle;
  let client: Client;
  let transport: StdioClientTransport;
  let stderr = '';

  before(async () => {
    execFileSync(process.execPath, ['esbuild.mjs', '--quiet']);
    emu = await startEmulator({ port: 0, host: '127.0.0.1' });
    transport = new StdioClientTransport({
      command: process.execPath, args: ['dist/mcp.js'], stderr: 'pipe',
      env: { PATH: process.env['PATH'] ?? '', STACKLET_API_URL: emu.url, STACKLET_TOKEN: emu.demoToken, STACKLET_EMULATOR: '1' },
    });
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(transport);
  });
  after(async () => {
    await client.close();
    await emu.close();
  });

  const call = async (name: string, args: Record<string, unknown>) => {
    const result = await client.callTool({ name, arguments: args });
    const text = (result.content as { type: string; text: string }[])[0]!.text;
    assert.equal(text.includes(emu.demoToken), false);
    return { result, text, envelope: JSON.parse(text) as { source: string; data: Record<string, unknown> } };
  };

  it('lists its read tools, each with an input schema, and no write tool', async () => {
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((t) => t.name).sort(), ['stacklet_catalog', 'stacklet_cost', 'stacklet_describe', 'stacklet_find', 'stacklet_planAccount', 'stacklet_recentActions', 'stacklet_tasks']);
    assert.ok(tools.every((t) => t.inputSchema.type === 'object' && t.annotations?.readOnlyHint === true));
  });

  it('finds and describes a stacklet, answering the envelope with source "emulator"', async () => {
    const found = await call('stacklet_find', { query: 'web-1', kind: 'stacklet' });
    assert.equal(found.envelope.source, 'emulator');
    const first = (found.envelope.data['items'] as { id: number; name: string }[])[0]!;
    assert.equal(first.name, 'web-1');
    const described = await call('stacklet_describe', { kind: 'stacklet', id: String(first.id) });
    assert.equal(described.envelope.data['name'], 'web-1');
    const unknown = await call('stacklet_describe', { kind: 'stacklet', id: '999999' });
    assert.equal(unknown.result.isError, true);
    assert.equal(unknown.envelope.data['field'], 'id');
    // A kind outside the schema's enum is refused by the SDK before the tool runs, naming the field.
    const wrong = await client.callTool({ name: 'stacklet_describe', arguments: { kind: 'spaceship', id: '1' } });
    assert.equal(wrong.isError, true);
    assert.match((wrong.content as { text: string }[])[0]!.text, /kind/);
  });

  it('signed out (no STACKLET_TOKEN), lists its tools and each says how to sign in', async () => {
    const signedOut = new Client({ name: 'test', version: '1.0.0' });
    await signedOut.connect(new StdioClientTransport({ command: process.execPath, args: ['dist/mcp.js'], stderr: 'pipe', env: { PATH: process.env['PATH'] ?? '' } }));
    try {
      assert.ok((await signedOut.listTools()).tools.some((t) => t.name === 'stacklet_find'));
      const result = await signedOut.callTool({ name: 'stacklet_find', arguments: { query: 'web' } });
      assert.equal(result.isError, true);
      const envelope = JSON.parse((result.content as { text: string }[])[0]!.text) as { data: { error: string } };
      assert.match(envelope.data.error, /STACKLET_API_URL.*STACKLET_TOKEN/);
    } finally {
      await signedOut.close();
    }
  });

  /**
   * A server of its own with `env` and `args` (a client that accepts every question, which `asked` collects), once
   * `until` holds of the emulator's profile reads since its start and what the server said on stderr, or after `waitMs`.
   */
  async function startedServer(env: Record<string, string>, args: string[], until: (reads: number, said: string) => boolean, waitMs = 10_000) {
    const route = 'GET /v1/account/profile';
    const before = emu.stats().requestCount[route] ?? 0;
    const own = new StdioClientTransport({ command: process.execPath, args: ['dist/mcp.js', ...args], stderr: 'pipe', env: { PATH: process.env['PATH'] ?? '', STACKLET_API_URL: emu.url, STACKLET_EMULATOR: '1', ...env } });
    let said = '';
    own.stderr?.on('data', (chunk: Buffer) => (said += chunk.toString()));
    const asked: string[] = [];
    const started = new Client({ name: 'test', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } } });
    started.setRequestHandler(ElicitRequestSchema, (request) => {
      asked.push(request.params.message);
      return { action: 'accept', content: {} };
    });
    await started.connect(own);
    const reads = () => (emu.stats().requestCount[route] ?? 0) - before;
    const deadline = Date.now() + waitMs;
    while (!until(reads(), said) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    return { client: started, reads, said: () => said, asked };
  }

  it('reads the profile once as it starts, before any call, and a write\'s question names the account from it', async () => {
    const server = await startedServer({ STACKLET_TOKEN: emu.demoToken }, ['--allow-writes', '--protected-tags='], (reads) => reads >= 1);
    try {
      assert.equal(server.reads(), 1, 'the profile is read at start, with no call made');
      const written = await server.client.callTool({ name: 'stacklet_manage_stacklet', arguments: { action: 'powerCycle', id: 1001 } });
      assert.equal(written.isError, undefined, JSON.stringify(written.content));
      assert.equal(server.asked.length, 1);
      assert.match(server.asked[0]!, /^Account: demo\\@stacklet\.example /);
      assert.equal(server.reads(), 1, 'the question named the account read at start: no second read');
      assert.equal(server.said(), '');
    } finally {
      await server.client.close();
    }
  });

  it('says on stderr, with the status only, that a refused token could not read the profile at start; with --access off it reads nothing', async () => {
    const refused = await startedServer({ STACKLET_TOKEN: 'not-a-token-of-this-emulator' }, [], (_reads, said) => said !== '');
    try {
      assert.equal(refused.said(), 'stacklet-cloud MCP: the account\'s profile could not be read at start (HTTP 401); each tool\'s answer says why.\n');
    } finally {
      await refused.client.close();
    }
    // Nothing to wait for: a second is many times what the read takes from this emulator, which adds no latency.
    const off = await startedServer({ STACKLET_TOKEN: emu.demoToken }, ['--access', 'off'], () => false, 1000);
    try {
      assert.equal(off.reads(), 0, 'no tools, no request');
    } finally {
      await off.client.close();
    }
  });

  it('refuses a write tool (none is offered without --allow-writes) saying how to enable it, and never printed the token', async () => {
    const refused = await call('stacklet_manage_stacklet', { action: 'powerOff', id: '1' });
    assert.equal(refused.result.isError, true);
    assert.match(String(refused.envelope.data['error']), /--allow-writes/);
    assert.equal(stderr.includes(emu.demoToken), false);
  });
});
