// The MCP server as the protocol means it, checked over every tool it lists: dist/mcp.js spawned over stdio by
// the SDK's own Client against the emulator on a loopback address (no STACKLET_EMULATOR). Every tool carries
// all four annotations and an outputSchema, and every answer's structuredContent matches that schema (checked
// here with the SDK's own JSON Schema validator) and is the text's JSON; an ID is taken back in the form an
// answer gave it, for every kind; the answers say "source": "emulator"; --help prints the usage and exits.
import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv-provider.js';
import * as z from 'zod/mini';
import { writeToolSpec } from '../../src/actions/writeTool';
import { WRITE_TOOLS } from '../../src/kinds/operations';
import { READ_TOOLS } from '../../src/agent/readTools';
import { ACCOUNT_READ_TOOLS, APPLY_ACCOUNT } from '../../src/kinds/accountTools';
import { LOAD_BALANCER_OPERATIONS } from '../../src/kinds/loadBalancer/operations';
import { jsonSchema, READ_ONLY } from '../../src/agent/toolSpec';
import { FIREWALL_OPERATIONS } from '../../src/kinds/firewall/operations';
import { startEmulator, type EmulatorHandle } from '../../src/emulator/server';
import { SEARCH_KINDS } from '../../src/kinds/registry';

const ANNOTATIONS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;

describe('MCP server contract (node dist/mcp.js) ⇄ emulator', function () {
  this.timeout(60_000);
  let emu: EmulatorHandle;
  const clients: Client[] = [];

  async function connect(args: string[]): Promise<{ client: Client; tools: Tool[] }> {
    const transport = new StdioClientTransport({
      command: process.execPath, args: ['dist/mcp.js', ...args], stderr: 'pipe',
      env: { PATH: process.env['PATH'] ?? '', STACKLET_API_URL: emu.url, STACKLET_TOKEN: emu.demoToken },
    });
    const client = new Client({ name: 'test', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } } });
    client.setRequestHandler(ElicitRequestSchema, () => ({ action: 'accept', content: {} }));
    await client.connect(transport);
    clients.push(client);
    return { client, tools: (await client.listTools()).tools };
  }

  let reader: { client: Client; tools: Tool[] };
  let writer: { client: Client; tools: Tool[] };
  before(async () => {
    execFileSync(process.execPath, ['esbuild.mjs', '--quiet']);
    emu = await startEmulator({ port: 0, host: '127.0.0.1', taskMs: 50 });
    reader = await connect([]);
    // The demo's production-tagged stacklets are protected by default; the contract is about the tools.
    writer = await connect(['--allow-writes', '--protected-tags=']);
  });
  after(async () => {
    for (const client of clients) await client.close();
    await emu.close();
  });

  const validator = new AjvJsonSchemaValidator();
  /** Calls `name` and checks its answer against the tool's outputSchema; the envelope. */
  async function checked(at: { client: Client; tools: Tool[] }, name: string, args: Record<string, unknown>): Promise<{ source: string; data: Record<string, unknown> }> {
    const tool = at.tools.find((t) => t.name === name)!;
    const result = await at.client.callTool({ name, arguments: args });
    const text = (result.content as { type: string; text: string }[])[0]!.text;
    assert.equal(result.isError, undefined, `${name} ${JSON.stringify(args)}: ${text}`);
    assert.ok(result.structuredContent, `${name} answers structuredContent`);
    const valid = validator.getValidator(tool.outputSchema!)(result.structuredContent);
    assert.ok(valid.valid, `${name} ${JSON.stringify(args)}: ${valid.errorMessage ?? ''}`);
    assert.deepEqual(result.structuredContent, JSON.parse(text), `${name}: the structured content is the text's JSON`);
    return result.structuredContent as { source: string; data: Record<string, unknown> };
  }

  it('gives every tool it lists, with and without --allow-writes, all four annotations and an outputSchema', () => {
    assert.ok(writer.tools.length > reader.tools.length, 'the write tools are listed with --allow-writes');
    for (const tool of [...reader.tools, ...writer.tools]) {
      for (const hint of ANNOTATIONS) assert.equal(typeof tool.annotations?.[hint], 'boolean', `${tool.name} says ${hint}`);
      assert.equal(tool.outputSchema?.type, 'object', `${tool.name} declares an outputSchema`);
      assert.ok(tool.title, `${tool.name} has a title`);
    }
    for (const tool of reader.tools) assert.deepEqual(tool.annotations, READ_ONLY, `${tool.name} reads only`);
    const destructive = writer.tools.filter((t) => t.annotations?.destructiveHint).map((t) => t.name).sort();
    // A write tool is destructive when one of its actions replaces or destroys (a firewall's rules, a deletion), and only then.
    // The account document's apply is too: a rebuild or a prune destroys.
    assert.deepEqual(destructive, [...WRITE_TOOLS.filter((write) => write.actions.some((action) => action.destructive)).map((write) => write.name), APPLY_ACCOUNT.name].sort());
    assert.ok(FIREWALL_OPERATIONS.find((action) => action.action === 'update')!.destructive, 'replacing a firewall\'s rules is destructive');
    assert.ok(LOAD_BALANCER_OPERATIONS.find((action) => action.action === 'update')!.destructive, 'replacing a load balancer\'s rules is destructive');
    for (const write of WRITE_TOOLS) assert.ok(write.actions.every((action) => action.destructive === ['delete', 'rebuild', 'restore', 'resetPassword', 'update'].includes(action.action)), `${write.name}: what destroys`);
  });

  it('lists every tool\'s schemas as its spec\'s, without $schema, and still refuses a bad input through the protocol', async () => {
    const specs = [...[...READ_TOOLS, ...ACCOUNT_READ_TOOLS].map((tool) => tool.spec), ...WRITE_TOOLS.map(writeToolSpec), APPLY_ACCOUNT];
    for (const tool of [...reader.tools, ...writer.tools]) {
      const spec = specs.find((candidate) => candidate.name === tool.name)!;
      // The dialect's address on each of 36 schemas is bytes a model reads and gains nothing from.
      assert.equal(JSON.stringify([tool.inputSchema, tool.outputSchema]).includes('$schema'), false, tool.name);
      assert.deepEqual(tool.inputSchema, jsonSchema(z.object(spec.input), 'input'), tool.name);
      assert.deepEqual(tool.outputSchema, jsonSchema(spec.output), tool.name);
      assert.deepEqual(tool.annotations, spec.annotations, tool.name);
    }
    for (const [name, args, field] of [
      ['stacklet_describe', { kind: 'planet', id: 1001 }, 'kind'],
      ['stacklet_manage_stacklet', { action: 'explode', id: 1001 }, 'action'],
    ] as const) {
      const result = await writer.client.callTool({ name, arguments: args });
      assert.equal(result.isError, true, name);
      assert.match((result.content as { text: string }[])[0]!.text, new RegExp(`Input validation error: .* at ${field}$`), name);
    }
  });

  it('describes every input field, with an enum for kind, by, change and what', () => {
    for (const tool of [...reader.tools, ...writer.tools.filter((t) => t.annotations?.readOnlyHint)]) {
      for (const [field, schema] of Object.entries(tool.inputSchema.properties ?? {}) as [string, { description?: string; enum?: unknown[] }][]) {
        assert.ok(schema.description, `${tool.name}.${field} is described`);
        if (['kind', 'by', 'change', 'what'].includes(field)) assert.ok(schema.enum, `${tool.name}.${field} is an enum`);
      }
    }
  });

  it('answers structuredContent matching the outputSchema for every read tool\'s answers, and says "source": "emulator" for a loopback API', async () => {
    const answers = [
      await checked(reader, 'stacklet_find', {}),
      await checked(reader, 'stacklet_find', { query: 'web', kind: 'stacklet', state: 'active' }),
      await checked(reader, 'stacklet_find', { query: '10.20.0.2' }),
      await checked(reader, 'stacklet_describe', { kind: 'stacklet', id: 1001 }),
      ...await Promise.all(['stacklet', 'region', 'tag'].map((by) => checked(reader, 'stacklet_cost', { by }))),
      await checked(reader, 'stacklet_cost', { change: 'resize', id: 1001, size: 'b-1vcpu-2gb' }),
      await checked(reader, 'stacklet_cost', { change: 'create', size: 'b-1vcpu-1gb', image: 'ubuntu-24-04-x64' }),
      await checked(reader, 'stacklet_cost', { change: 'delete', kind: 'stacklet', id: '1001' }),
      ...await Promise.all(['regions', 'sizes', 'images', 'kubernetesVersions'].map((what) => checked(reader, 'stacklet_catalog', { what }))),
      await checked(reader, 'stacklet_tasks', {}),
      await checked(reader, 'stacklet_recentActions', {}),
    ];
    assert.deepEqual([...new Set(answers.map((a) => a.source))], ['emulator']);
  });

  it('answers a write\'s structuredContent matching its outputSchema, and lists the write among the recent actions', async () => {
    const sent = await checked(writer, 'stacklet_manage_stacklet', { action: 'powerCycle', id: 1001 });
    assert.equal((sent.data['result'] as { sent: boolean }).sent, true);
    const recent = await checked(writer, 'stacklet_recentActions', {});
    assert.equal((recent.data['items'] as unknown[]).length, 1);
    const tasks = await checked(writer, 'stacklet_tasks', {});
    assert.ok((tasks.data['total'] as number) >= 0);
  });

  it('takes every ID back in the form an answer gave it, number or string, for every kind: find → describe and cost', async () => {
    const found = (await checked(reader, 'stacklet_find', {})).data['items'] as { kind: string; id: string | number }[];
    const kinds = new Set(found.map((item) => item.kind));
    assert.deepEqual(SEARCH_KINDS.filter((kind) => !kinds.has(kind)), [], 'the demo account has a resource of every kind');
    assert.ok(found.some((item) => typeof item.id === 'number') && found.some((item) => typeof item.id === 'string'), 'both forms are given');
    for (const kind of SEARCH_KINDS) {
      const { id } = found.find((item) => item.kind === kind)!;
      const described = await checked(reader, 'stacklet_describe', { kind, id });
      assert.equal(described.data['id'], id, `${kind} ${id}`);
      const cost = await checked(reader, 'stacklet_cost', { change: 'delete', kind, id });
      assert.deepEqual((cost.data['resource'] as { id: unknown }).id, id, `${kind} ${id}`);
    }
  });

  it('--help prints the usage (flags, environment) and exits 0 without serving; an unknown option exits 2', () => {
    const help = spawnSync(process.execPath, ['dist/mcp.js', '--help'], { encoding: 'utf8', timeout: 10_000, env: { PATH: process.env['PATH'] ?? '' } });
    assert.equal(help.status, 0, help.stderr);
    for (const word of ['--allow-writes', '--fresh-seconds', 'STACKLET_API_URL', 'STACKLET_TOKEN', 'emulator']) assert.ok(help.stdout.includes(word), word);
    const wrong = spawnSync(process.execPath, ['dist/mcp.js', '--allow-write'], { encoding: 'utf8', timeout: 10_000, env: { PATH: process.env['PATH'] ?? '' } });
    assert.equal(wrong.status, 2);
    assert.match(wrong.stderr, /Unknown option: --allow-write/);
    const never = spawnSync(process.execPath, ['dist/mcp.js', '--fresh-seconds', 'never'], { encoding: 'utf8', timeout: 10_000, env: { PATH: process.env['PATH'] ?? '' } });
    assert.equal(never.status, 2);
    assert.match(never.stderr, /--fresh-seconds takes a number of seconds/);
  });
});
