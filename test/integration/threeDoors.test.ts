// One action, three doors (issue 34), table-driven: for each action of ./doors/*.ts, its command (the scripted
// prompter answering its questions), its language model tool (prepared and invoked as VS Code would once
// confirmed) and its MCP tool (dist/mcp.js --allow-writes over stdio, the SDK's client answering the elicitation)
// send the same requests to the emulator for the same input; and a resource busy with a task is refused in the
// same words at every door, nothing sent.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import * as vscode from 'vscode';
import { WRITE_TOOLS } from '../../src/kinds/operations';
import { busyWords } from '../../src/actions/steps';
import type { StackletExtensionApi, StackletTestHooks } from '../../src/extension';
import type { ListedKind } from '../../src/kinds/registry';
import { FRESH_MS } from '../../src/mcp/server';
import type { ResourceNode } from '../../src/views/resourceNode';
import type { ViewId } from '../../src/kinds/viewIds';
import { sleep } from '../harness/processes';
import type { DoorKit, DoorRow, Prepared } from './doors/row';
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

/**
 * The actions with no command: the person's door is the resource's document, whose save plans and sends through the
 * definition (or, for a firewall's rules and stacklets, through the steps the definitions send), tested in its suite.
 */
const DOCUMENT_ONLY: Readonly<Record<string, string>> = {
  // firewallDocuments.test.ts, "New Firewall: a template that creates the firewall on save…" and "a new firewall is
  // planned by its create definition…".
  'stacklet_manage_firewall create': 'New Firewall (Document)',
  // firewallDocuments.test.ts, "opens a firewall as JSONC; a save shows the change…, applies it…": the save runs
  // firewallSteps, the requests the setRules and setStacklets definitions send (rules removed and added, a stacklet detached).
  'stacklet_manage_firewall setRules': 'the firewall\'s document',
  'stacklet_manage_firewall setStacklets': 'the firewall\'s document',
  // loadBalancerDocuments.test.ts, "Edit Load Balancer on an item: a save adds a rule and changes the health check…".
  'stacklet_manage_loadBalancer update': 'the load balancer\'s document',
  // userdataDocuments.test.ts, "New Userdata Script: a shell document that an explicit save creates…" (its second
  // save updates it) and "Edit Userdata Script: a refused rename keeps the text…".
  'stacklet_manage_userdata create': 'New Userdata Script',
  'stacklet_manage_userdata update': 'the script\'s document',
};

type Door = 'command' | 'languageModelTool' | 'mcp';
const DOORS: readonly Door[] = ['command', 'languageModelTool', 'mcp'];

describe('One action, three doors', function () {
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
    const input = { action: row.action, ...prepared.input };
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
    if (door === 'languageModelTool') {
      const lm = (await hooks.tools()).get(row.tool as never);
      assert.ok(lm, `a language model tool ${row.tool}`);
      prompter.script(...(prepared.typed === undefined ? [] : [{ input: prepared.typed }]));
      try {
        await lm.prepareInvocation!({ input }, token);
        await lm.invoke({ input, toolInvocationToken: undefined }, token);
        return undefined;
      } catch (error) {
        return (JSON.parse((error as Error).message) as Envelope).data.error;
      }
    }
    elicitTyped = prepared.typed;
    const result = await mcp.callTool({ name: row.tool, arguments: input });
    const envelope = JSON.parse((result.content as { text: string }[])[0]!.text) as Envelope;
    return result.isError ? envelope.data.error : undefined;
  }

  it('has a row for every action of every write tool, but those whose person\'s door is a document', () => {
    const actions = WRITE_TOOLS.flatMap((write) => write.actions.map((definition) => `${write.name} ${definition.action}`));
    const covered = new Set(rows().map((row) => `${row.tool} ${row.action}`));
    assert.deepEqual(actions.filter((action) => !covered.has(action) && !(action in DOCUMENT_ONLY)), [], 'actions without a row');
    // A document-only action that got a row, or is gone, leaves the list.
    assert.deepEqual(Object.keys(DOCUMENT_ONLY).filter((action) => covered.has(action) || !actions.includes(action)), [], 'listed as document-only');
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
