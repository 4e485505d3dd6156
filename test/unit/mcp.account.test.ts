// The account document's tools over MCP (issue 48, item 5), through the SDK's own Client to dist/mcp.js against the
// emulator: stacklet_planAccount answers a document's plan as JSON and sends nothing; stacklet_applyAccount is
// refused before any question when the whole plan touches a protected resource or its increases together pass the
// spending limit, and otherwise asks once, listing every step, applies, and a plan again gives no changes. Also
// the whole tool list with --allow-writes within its 40 KB (bench/mcp.ts measures the same).
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { parse } from 'jsonc-parser';
import { StackletClient } from '../../src/api/client';
import { exportAccount } from '../../src/documents/account/accountExport';
import { readLive } from '../../src/documents/account/accountPlan';
import { DECLARED_KINDS } from '../../src/kinds/declared';
import { ResourceStore } from '../../src/kinds/resourceStore';
import { startEmulator, type EmulatorHandle } from '../../src/emulator/server';
import { TOOL_LIST_BUDGET, toolListBytes } from './support/toolListBytes';

type Doc = Record<string, Record<string, unknown>[]>;

describe('MCP account document tools (node dist/mcp.js) ⇄ emulator', function () {
  this.timeout(60_000);
  let emu: EmulatorHandle;
  const clients: Client[] = [];
  /** The questions the client was asked (elicitation), in order. */
  const asked: string[] = [];

  async function connect(args: string[]): Promise<Client> {
    const transport = new StdioClientTransport({
      command: process.execPath, args: ['dist/mcp.js', ...args], stderr: 'pipe',
      env: { PATH: process.env['PATH'] ?? '', STACKLET_API_URL: emu.url, STACKLET_TOKEN: emu.demoToken },
    });
    const client = new Client({ name: 'test', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } } });
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      asked.push(request.params.message);
      return { action: 'accept', content: {} };
    });
    await client.connect(transport);
    clients.push(client);
    return client;
  }

  async function call(client: Client, name: string, args: Record<string, unknown>): Promise<{ isError: boolean; data: Record<string, unknown> }> {
    const result = await client.callTool({ name, arguments: args });
    const text = (result.content as { text: string }[])[0]!.text;
    return { isError: result.isError === true, data: (JSON.parse(text) as { data: Record<string, unknown> }).data };
  }

  /** The account as a document now, parsed. */
  async function exported(): Promise<Doc> {
    const client = new StackletClient({ baseUrl: emu.url, token: emu.demoToken, allowInsecureHttp: true });
    try {
      return parse(exportAccount(await readLive(new ResourceStore(client), DECLARED_KINDS), DECLARED_KINDS, { scope: {} }, { email: 'demo@stacklet.example', readAt: new Date() })) as Doc;
    } finally {
      await client.dispose();
    }
  }

  const stacklet = (doc: Doc, name: string) => doc['stacklets']!.find((s) => s['name'] === name)!;
  const sent = () => emu.stats().applied.length;

  before(async () => {
    execFileSync(process.execPath, ['esbuild.mjs', '--quiet']);
    emu = await startEmulator({ port: 0, host: '127.0.0.1', taskMs: 50 });
  });
  beforeEach(() => {
    asked.length = 0;
  });
  after(async () => {
    for (const client of clients) await client.close();
    await emu.close();
  });

  it('lists every tool with --allow-writes, the account document\'s two among them, within 40 KB', async () => {
    const writer = await connect(['--allow-writes', '--protected-tags=']);
    const { tools } = await writer.listTools();
    assert.ok(tools.some((t) => t.name === 'stacklet_planAccount' && t.annotations?.readOnlyHint === true));
    assert.ok(tools.some((t) => t.name === 'stacklet_applyAccount' && t.annotations?.destructiveHint === true));
    const bytes = toolListBytes(tools, writer.getInstructions());
    assert.ok(bytes <= TOOL_LIST_BUDGET, `the tool list weighs ${bytes} bytes`);
  });

  it('plans a document (stacklet_planAccount): its steps as JSON, problems with their lines, nothing sent', async () => {
    const reader = await connect([]);
    const doc = await exported();
    assert.deepEqual((await call(reader, 'stacklet_planAccount', { document: JSON.stringify(doc) })).data['items'], []);
    stacklet(doc, 'blog')['size'] = 'b-1vcpu-2gb';
    const before = sent();
    const plan = await call(reader, 'stacklet_planAccount', { document: JSON.stringify(doc, null, 2) });
    assert.equal(plan.isError, false);
    const steps = plan.data['items'] as { kind: string; action: string; name: string; changes: { field: string }[]; monthlyChangeUsd: number }[];
    assert.deepEqual(steps.map((s) => `${s.kind}.${s.action} ${s.name} ${s.changes.map((c) => c.field).join()}`), ['stacklet.resize blog size']);
    assert.equal(steps[0]!.monthlyChangeUsd, 6);
    assert.equal(sent(), before, 'planning sends nothing');
    stacklet(doc, 'blog')['region'] = 'nowhere';
    const text = JSON.stringify(doc, null, 2);
    const broken = await call(reader, 'stacklet_planAccount', { document: text });
    const problems = broken.data['problems'] as { line: number; message: string }[];
    assert.ok(problems.length >= 1);
    assert.ok(problems.some((p) => p.line === text.slice(0, text.indexOf('"nowhere"')).split('\n').length), JSON.stringify(problems));
  });

  it('refuses an apply whose plan touches a protected stacklet before any question, even in a step that waits on others', async () => {
    const writer = await connect(['--allow-writes', '--protected-tags=db']);
    const doc = await exported();
    // Only the production stacklets, pruned: web-1 renamed (first), db-1 (tagged db) deleted after every other step.
    const stacklets = doc['stacklets']!.filter((s) => ['web-1', 'web-2'].includes(s['name'] as string));
    stacklet(doc, 'web-1')['name'] = 'web-1b';
    const before = sent();
    const answer = await call(writer, 'stacklet_applyAccount', { document: JSON.stringify({ scope: { tag: 'production' }, prune: true, stacklets }) });
    assert.equal(answer.isError, true);
    assert.equal(answer.data['refused'], 'protected');
    assert.equal(answer.data['tag'], 'db');
    assert.deepEqual(asked, [], 'nothing was asked');
    assert.equal(sent(), before, 'nothing was sent');
  });

  it('refuses an apply with --restricted (an editor window in Restricted Mode) before any question, and still plans', async () => {
    const writer = await connect(['--allow-writes', '--protected-tags=', '--restricted']);
    const doc = await exported();
    stacklet(doc, 'blog')['size'] = 'b-1vcpu-2gb';
    const before = sent();
    const answer = await call(writer, 'stacklet_applyAccount', { document: JSON.stringify(doc) });
    assert.equal(answer.isError, true);
    assert.equal(answer.data['refused'], 'untrusted');
    assert.match(String(answer.data['error']), /Restricted Mode/);
    assert.deepEqual(asked, [], 'nothing was asked');
    assert.equal(sent(), before, 'nothing was sent');
    const plan = await call(writer, 'stacklet_planAccount', { document: JSON.stringify(doc) });
    assert.equal((plan.data['items'] as unknown[]).length, 1);
  });

  it('refuses an apply whose steps together pass the spending limit before any question, though each alone fits', async () => {
    const writer = await connect(['--allow-writes', '--protected-tags=', '--monthly-limit', '10']);
    const doc = await exported();
    for (const name of ['blog', 'staging-1']) stacklet(doc, name)['size'] = 'b-1vcpu-2gb';
    const before = sent();
    const answer = await call(writer, 'stacklet_applyAccount', { document: JSON.stringify(doc) });
    assert.equal(answer.isError, true);
    assert.equal(answer.data['refused'], 'spendingLimit');
    assert.equal(answer.data['monthlyChangeUsd'], 12);
    assert.deepEqual(asked, []);
    assert.equal(sent(), before);
  });

  it('applies a document after one question listing every step; a plan again gives no changes', async () => {
    const writer = await connect(['--allow-writes', '--protected-tags=']);
    const doc = await exported();
    stacklet(doc, 'blog')['size'] = 'b-1vcpu-2gb';
    stacklet(doc, 'staging-1')['name'] = 'staging-2';
    const document = JSON.stringify(doc);
    const answer = await call(writer, 'stacklet_applyAccount', { document });
    assert.equal(answer.isError, false, JSON.stringify(answer.data));
    assert.equal(asked.length, 1);
    assert.match(asked[0]!, /Apply 2 steps to/);
    assert.match(asked[0]!, /resize|size b-1vcpu-1gb → b-1vcpu-2gb/);
    assert.match(asked[0]!, /staging-2/);
    const result = answer.data['result'] as { complete: boolean; outcomes: { status: string }[] };
    assert.equal(result.complete, true);
    assert.deepEqual(result.outcomes.map((o) => o.status), ['done', 'done']);
    const again = await call(writer, 'stacklet_planAccount', { document });
    assert.deepEqual(again.data['items'], []);
  });
});
