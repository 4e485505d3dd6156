// One action, every door (issues 34 and 44), table-driven: for each action of ./doors/*.ts, its command (the
// scripted prompter answering its questions), its language model tool (prepared and invoked as VS Code would once
// confirmed) and its MCP tool (dist/mcp.js --allow-writes over stdio, the SDK's client answering the elicitation)
// send the same requests to the emulator for the same input; so does the resource's document, saved as Ctrl+S
// saves it, for the actions of ./doors/documents.ts; and a resource busy with a task is refused in the same words
// at every door, nothing sent.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import * as vscode from 'vscode';
import { WRITE_TOOLS } from '../../src/kinds/operations';
import { busyWords } from '../../src/actions/conditions';
import type { StackletExtensionApi, StackletTestHooks } from '../../src/extension';
import type { ListedKind } from '../../src/kinds/registry';
import { FRESH_MS } from '../../src/mcp/server';
import type { ResourceNode } from '../../src/views/resourceNode';
import type { ViewId } from '../../src/kinds/viewIds';
import { sleep } from '../harness/processes';
import type { DoorKit, DoorRow, Prepared } from './doors/row';
import { DOCUMENT_ROWS, type DocumentPrepared, type DocumentRow } from './doors/documents';
import { closeEditorsOf, replaceText, revert } from './documentSteps';
import { stackletIn } from './doors/stackletPower';
import { configureEmulator, EXTENSION_ID, extensionApi, mutationsSince, ownAccount, recentRequests, serviceGet, serviceRequest, type Sent } from './emulatorAccess';
import { ScriptedPrompter } from './scriptedPrompter';
import { recordShownMessages } from './shownMessages';
import { testEmulator } from './testEnvironment';

const EMAIL = 'doors@stacklet.example';
const TOKEN = `stk_doors_${Date.now().toString(36)}`;

interface Envelope {
  data: Record<string, unknown> & { error?: string; refused?: string };
}

/** Every row of ./doors, each file's `ROWS` in the order of the files' names. */
function rows(): DoorRow[] {
  const folder = path.join(__dirname, 'doors');
  return fs.readdirSync(folder).filter((file) => file.endsWith('.js')).sort()
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a file of rows is added without a list to edit
    .flatMap((file) => ((require(path.join(folder, file)) as { ROWS?: readonly DoorRow[] }).ROWS ?? []));
}

type Door = 'command' | 'languageModelTool' | 'mcp';
const DOORS: readonly Door[] = ['command', 'languageModelTool', 'mcp'];

describe('One action, every door', function () {
  this.timeout(120_000);
  let a: StackletExtensionApi;
  let hooks: StackletTestHooks;
  let mcp: Client;
  const prompter = new ScriptedPrompter();
  let leave: (() => Promise<void>) | undefined;
  const token = new vscode.CancellationTokenSource().token;
  /** What the MCP client types when the server asks for a name to type. */
  let elicitTyped: string | undefined;
  /** How many questions the command asked before it was last refused. */
  let askedBeforeRefusal = 0;
  /** The emulator's task time before the suite (each door waits for the tasks of the one before: short ones here). */
  let taskMs: unknown;

  before(async () => {
    a = await extensionApi();
    hooks = (await vscode.extensions.getExtension<StackletTestHooks>(EXTENSION_ID)!.activate());
    // The doors are compared on the demo's web stacklets, which are tagged production and so protected from
    // agents by default: here no tag protects (the guard rails have their own suite), for the window and the server.
    await vscode.workspace.getConfiguration('stacklet').update('agent.protectedTags', [], vscode.ConfigurationTarget.Global);
    await vscode.workspace.getConfiguration('stacklet').update('agent.monthlyLimit', 100_000, vscode.ConfigurationTarget.Global);
    // Each door waits for the task the one before started to end, as the extension follows it: at the shortest interval.
    await vscode.workspace.getConfiguration('stacklet').update('pollInterval', 1, vscode.ConfigurationTarget.Global);
    taskMs = (await configureEmulator({ taskMs: 300 }))['taskMs'];
    leave = await ownAccount(a, EMAIL, TOKEN, prompter);
    const transport = new StdioClientTransport({
      command: process.execPath,
      // Every call reads the service afresh: each door finds what the row prepared around the server. No spending
      // limit here either (the rows add up to more than the default's $50; the guard rails have their own suite).
      args: [path.resolve(__dirname, '..', '..', '..', 'dist', 'mcp.js'), '--allow-writes', '--protected-tags=', '--fresh-seconds=0', '--monthly-limit=100000'],
      env: { PATH: process.env['PATH'] ?? '', STACKLET_API_URL: testEmulator().apiUrl, STACKLET_TOKEN: TOKEN },
      stderr: 'ignore',
    });
    mcp = new Client({ name: 'doors', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } } });
    mcp.setRequestHandler(ElicitRequestSchema, () => ({ action: 'accept', content: elicitTyped === undefined ? {} : { typed: elicitTyped } }));
    await mcp.connect(transport);
  });

  after(async () => {
    await mcp?.close();
    await leave?.();
    await vscode.workspace.getConfiguration('stacklet').update('agent.protectedTags', undefined, vscode.ConfigurationTarget.Global);
    await vscode.workspace.getConfiguration('stacklet').update('agent.monthlyLimit', undefined, vscode.ConfigurationTarget.Global);
    await vscode.workspace.getConfiguration('stacklet').update('pollInterval', undefined, vscode.ConfigurationTarget.Global);
    await configureEmulator({ taskMs });
  });

  const until = async (what: string, check: () => Promise<boolean>) => {
    for (let i = 0; i < 300; i++) {
      if (await check()) return;
      await sleep(100);
    }
    assert.fail(`waited too long: ${what}`);
  };

  /** The node of `kind` named `name` in `view`, its groups and parents opened (three levels down at most). */
  async function findNode(view: ViewId, kind: ListedKind, name: string): Promise<ResourceNode> {
    const provider = a.views.get(view)!;
    let level = (await provider.getChildren()) as ResourceNode[];
    for (let depth = 0; depth < 3; depth++) {
      const found = level.find((n) => n.resource?.kind === kind && n.resource.name === name);
      if (found) return found;
      level = (await Promise.all(level.filter((n) => n.toTreeItem().collapsibleState !== vscode.TreeItemCollapsibleState.None).map((n) => provider.getChildren(n)))).flat() as ResourceNode[];
    }
    assert.fail(`the ${view} view shows no ${kind} ${name}: ${level.map((n) => `${n.resource?.kind} ${n.resource?.name}`).join(', ')}`);
  }

  const kit: DoorKit = {
    email: EMAIL,
    get: (where) => serviceGet(TOKEN, where),
    change: async (method, where, body) => {
      const sent = await serviceRequest(TOKEN, method, where, body);
      assert.ok(sent.status < 300, `${method} ${where}: ${sent.status} ${JSON.stringify(sent.json)}`);
    },
    until,
    idle: (kind, id, where, key) => until(`${kind} ${id} idle`, async () => {
      const answer = await serviceGet<Record<string, { task?: unknown }>>(TOKEN, where);
      return !answer[key]?.task && !a.tasks.isBusy(kind, id);
    }),
    node: async (view, kind, name) => {
      (await a.session.current()).store.invalidate(kind);
      return findNode(view, kind, name);
    },
    invalidate: async (...kinds) => (await a.session.current()).store.invalidate(...kinds),
  };

  /** Runs the row's action through one door; the error words when it was refused (nothing sent then). */
  async function through(door: Door, row: DoorRow, prepared: Prepared): Promise<string | undefined> {
    if (door === 'command') {
      const recorded = recordShownMessages();
      try {
        prompter.script(...prepared.script);
        await vscode.commands.executeCommand(row.command, ...await prepared.args());
      } finally {
        recorded.restore();
      }
      const refused = recorded.shown.find((shown) => shown.level === 'warning' || shown.level === 'error');
      if (refused) {
        askedBeforeRefusal = prompter.asked.length;
        prompter.script();
        return refused.message;
      }
      assert.deepEqual(prompter.problems, [], `${row.command}: the script fits its questions`);
      assert.equal(prompter.remaining, 0, `${row.command} asks every scripted question`);
      return undefined;
    }
    return throughTool(door, row, prepared.input, prepared.typed);
  }

  /** Runs the action through an agent's door, with `typed` typed where it destroys data; the refusal's words, if any. */
  async function throughTool(door: 'languageModelTool' | 'mcp', row: { tool: string; action: string }, given: Readonly<Record<string, unknown>>, typed: string | undefined): Promise<string | undefined> {
    const input = { action: row.action, ...given };
    if (door === 'languageModelTool') {
      const lm = (await hooks.tools()).get(row.tool as never);
      assert.ok(lm, `a language model tool ${row.tool}`);
      prompter.script(...(typed === undefined ? [] : [{ input: typed }]));
      try {
        await lm.prepareInvocation!({ input }, token);
        await lm.invoke({ input, toolInvocationToken: undefined }, token);
        return undefined;
      } catch (error) {
        return (JSON.parse((error as Error).message) as Envelope).data.error;
      }
    }
    elicitTyped = typed;
    const result = await mcp.callTool({ name: row.tool, arguments: input });
    const envelope = JSON.parse((result.content as { text: string }[])[0]!.text) as Envelope;
    return result.isError ? envelope.data.error : undefined;
  }

  it('has a row for every action of every write tool: its command\'s, or its document\'s', () => {
    const actions = WRITE_TOOLS.flatMap((write) => write.actions.map((definition) => `${write.name} ${definition.action}`));
    const covered = new Set([...rows(), ...DOCUMENT_ROWS].map((row) => `${row.tool} ${row.action}`));
    assert.deepEqual(actions.filter((action) => !covered.has(action)), [], 'actions without a row');
    assert.deepEqual([...covered].filter((action) => !actions.includes(action)), [], 'rows of no action');
  });

  for (const row of rows()) {
    it(`${row.tool.replace('stacklet_manage_', '')} ${row.action}: ${row.command}, the language model tool and the MCP tool send the same requests`, async () => {
      const sent: Record<string, unknown[]> = {};
      let expected: readonly unknown[] = [];
      for (const door of DOORS) {
        const prepared = await row.prepare(kit);
        expected = row.sends(prepared).map((request) => [...request]);
        const before = await recentRequests();
        assert.equal(await through(door, row, prepared), undefined, `${door} is not refused`);
        sent[door] = mutationsSince(EMAIL, before, await recentRequests()).map((r: Sent) => (r.body === undefined ? [r.method, r.path] : [r.method, r.path, r.body]));
      }
      assert.deepEqual(sent['command'], expected, `${row.command} sends what the row says`);
      assert.deepEqual(sent['languageModelTool'], sent['command'], 'the language model tool sends what the command sends');
      assert.deepEqual(sent['mcp'], sent['command'], 'the MCP tool sends what the command sends');
    });
  }

  /** The document door: the row's document opened by its command, its text written, and saved as Ctrl+S saves it. */
  async function throughDocument(row: DocumentRow, prepared: DocumentPrepared): Promise<string | undefined> {
    const recorded = recordShownMessages();
    try {
      prompter.script();
      await vscode.commands.executeCommand(row.opens, ...await prepared.args());
      const document = vscode.window.activeTextEditor?.document;
      assert.ok(document, `${row.opens} opened an editor`);
      await replaceText(document, prepared.text(document.getText()));
      prompter.script({ choose: prepared.button });
      await document.save();
      await a.documentEditors.settled();
      const refused = [...recorded.shown.filter((shown) => shown.level === 'warning' || shown.level === 'error').map((shown) => shown.message), ...a.documentEditors.refusals()];
      await revert(document);
      await closeEditorsOf(document);
      if (refused.length > 0) return refused.join('; ');
      assert.deepEqual(prompter.problems, [], `${row.opens}: the save's question is answered`);
      assert.equal(prompter.remaining, 0, `${row.opens}: the save asks its confirmation`);
      return undefined;
    } finally {
      recorded.restore();
      prompter.script();
    }
  }

  for (const row of DOCUMENT_ROWS) {
    it(`${row.tool.replace('stacklet_manage_', '')} ${row.action}: the document's save, the language model tool and the MCP tool send the same requests`, async () => {
      const sent: Record<string, unknown[]> = {};
      for (const door of ['document', 'languageModelTool', 'mcp'] as const) {
        const prepared = await row.prepare(kit);
        const before = await recentRequests();
        const refused = door === 'document' ? await throughDocument(row, prepared) : await throughTool(door, row, prepared.input, undefined);
        assert.equal(refused, undefined, `${door} is not refused`);
        const requests = mutationsSince(EMAIL, before, await recentRequests());
        assert.deepEqual(requests.map((r) => r.route), [...row.routes], `${door} sends to the row's routes`);
        sent[door] = requests.map((r: Sent) => (r.body === undefined ? [r.method, r.path] : [r.method, r.path, r.body]));
      }
      assert.deepEqual(sent['languageModelTool'], sent['document'], 'the language model tool sends what the document\'s save sends');
      assert.deepEqual(sent['mcp'], sent['document'], 'the MCP tool sends what the document\'s save sends');
    });
  }

  it('refuses a stacklet busy with a task in the same words at every door, sending nothing', async () => {
    const row = rows().find((candidate) => candidate.action === 'powerCycle')!;
    const target = await stackletIn(kit, 'web-2', 'active');
    const prepared = await row.prepare(kit);
    await configureEmulator({ taskMs: 8000 });
    try {
      const started = await serviceRequest(TOKEN, 'POST', `/v1/stacklets/${target.id}`, { action: 'power_cycle' });
      assert.ok(started.status < 300, `a task started around the extension: ${started.status}`);
      const words: Record<string, string | undefined> = {};
      const before = await recentRequests();
      for (const door of DOORS) {
        // The task started around the extension: each door reads the stacklet afresh, as after a refresh; the
        // MCP server once its listing is older than its freshness window (a row before may have read it just now).
        await kit.invalidate('stacklet');
        if (door === 'mcp') await sleep(FRESH_MS + 200);
        words[door] = await through(door, row, prepared);
      }
      assert.deepEqual(mutationsSince(EMAIL, before, await recentRequests()), [], 'nothing sent');
      assert.equal(words['languageModelTool'], busyWords());
      assert.equal(words['mcp'], busyWords());
      assert.ok(words['command']?.startsWith('web-2 is busy (') && words['command'].endsWith(busyWords()), words['command']);
      assert.equal(askedBeforeRefusal, 0, 'the command asks nothing of a busy stacklet');
    } finally {
      await configureEmulator({ taskMs: 300 });
    }
    await kit.idle('stacklet', target.id, `/v1/stacklets/${target.id}`, 'stacklet');
  });
});
