// One action, three doors (issue 34): for each action, its command (the scripted prompter answering its modal),
// its language model tool (prepared and invoked as VS Code would once confirmed) and its MCP tool (dist/mcp.js
// --allow-writes over stdio, the SDK's client answering the elicitation) send the same requests to the emulator
// for the same input, and refuse a resource busy with a task in the same words.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import * as vscode from 'vscode';
import { busyWords } from '../../src/actions/steps';
import type { StackletExtensionApi, StackletTestHooks } from '../../src/extension';
import type { ResourceNode } from '../../src/views/resourceNode';
import { sleep } from '../harness/processes';
import { control, EXTENSION_ID, extensionApi, mutationsSince, ownAccount, recentRequests, serviceGet, serviceRequest, type Sent } from './emulatorAccess';
import { ScriptedPrompter } from './scriptedPrompter';
import { recordShownMessages } from './shownMessages';
import { testEmulator } from './testEnvironment';

const EMAIL = 'doors@stacklet.example';
const TOKEN = `stk_doors_${Date.now().toString(36)}`;

interface Stacklet {
  id: number;
  name: string;
  status: string;
  task?: unknown;
}

interface Envelope {
  data: Record<string, unknown> & { error?: string; refused?: string };
}

/** Each action: its command, the modal's button, the stacklet it runs on and the status that stacklet needs first. */
const ACTIONS = [
  { action: 'powerOff', command: 'stacklet.powerOff', button: 'Power Off', stacklet: 'web-1', needs: 'active', to: 'power_on' },
  { action: 'powerOn', command: 'stacklet.powerOn', button: 'Power On', stacklet: 'staging-1', needs: 'off', to: 'power_off' },
  { action: 'powerCycle', command: 'stacklet.powerCycle', button: 'Power Cycle', stacklet: 'web-2', needs: 'active', to: 'power_on' },
] as const;

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

  before(async () => {
    a = await extensionApi();
    hooks = (await vscode.extensions.getExtension<StackletTestHooks>(EXTENSION_ID)!.activate());
    // The doors are compared on the demo's web stacklets, which are tagged production and so protected from
    // agents by default: here no tag protects (the guard rails have their own suite), for the window and the server.
    await vscode.workspace.getConfiguration('stacklet').update('agent.protectedTags', [], vscode.ConfigurationTarget.Global);
    leave = await ownAccount(a, EMAIL, TOKEN, prompter);
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [path.resolve(__dirname, '..', '..', '..', 'dist', 'mcp.js'), '--allow-writes', '--protected-tags='],
      env: { PATH: process.env['PATH'] ?? '', STACKLET_API_URL: testEmulator().apiUrl, STACKLET_TOKEN: TOKEN },
      stderr: 'ignore',
    });
    mcp = new Client({ name: 'doors', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } } });
    mcp.setRequestHandler(ElicitRequestSchema, () => ({ action: 'accept', content: {} }));
    await mcp.connect(transport);
  });

  after(async () => {
    await mcp?.close();
    await leave?.();
    await vscode.workspace.getConfiguration('stacklet').update('agent.protectedTags', undefined, vscode.ConfigurationTarget.Global);
  });

  const stacklet = async (name: string) => (await serviceGet<{ stacklets: Stacklet[] }>(TOKEN, '/v1/stacklets?per_page=200')).stacklets.find((s) => s.name === name)!;

  /** Waits until no task runs on the stacklet and the extension follows none there. */
  async function idle(name: string): Promise<Stacklet> {
    for (let i = 0; i < 200; i++) {
      const found = await stacklet(name);
      if (!found.task && !a.tasks.isBusy('stacklet', found.id)) return found;
      await sleep(100);
    }
    assert.fail(`${name} stays busy`);
  }

  /** The stacklet in the status the action needs, brought there around the extension when it is not. */
  async function ready(row: (typeof ACTIONS)[number]): Promise<Stacklet> {
    let found = await idle(row.stacklet);
    if (found.status !== row.needs) {
      const sent = await serviceRequest(TOKEN, 'POST', `/v1/stacklets/${found.id}`, { action: row.to });
      assert.ok(sent.status < 300, `${row.stacklet} made ${row.needs}: ${sent.status}`);
      found = await idle(row.stacklet);
    }
    assert.equal(found.status, row.needs);
    (await a.session.current()).store.invalidate('stacklet');
    return found;
  }

  /** The stacklet's row in the Stacklets view, read fresh. */
  async function node(name: string): Promise<ResourceNode> {
    (await a.session.current()).store.invalidate('stacklet');
    const nodes = (await a.views.get('stacklets')!.getChildren()) as ResourceNode[];
    const found = nodes.find((n) => n.resource?.kind === 'stacklet' && n.resource.name === name);
    assert.ok(found, `the view shows ${name}`);
    return found;
  }

  const tool = async () => (await hooks.tools()).get('stacklet_manage_stacklet' as never)!;

  /** Sends the action through one door; the error words when it was refused (nothing sent then). */
  async function through(door: Door, row: (typeof ACTIONS)[number], target: Stacklet): Promise<string | undefined> {
    const input = { action: row.action, id: target.id };
    if (door === 'command') {
      const recorded = recordShownMessages();
      try {
        prompter.script({ confirm: true });
        await vscode.commands.executeCommand(row.command, await node(row.stacklet));
      } finally {
        recorded.restore();
      }
      const asked = prompter.asked.splice(0);
      const refused = recorded.shown.find((shown) => shown.level === 'warning');
      if (refused) {
        // Refused before its question: the answer scripted for it is left unused.
        assert.deepEqual(asked, [], `${row.command} asks nothing of a busy stacklet`);
        prompter.script();
        return refused.message;
      }
      assert.equal(asked[0]!.action, row.button, `${row.command} asks with the plan's button`);
      return undefined;
    }
    if (door === 'languageModelTool') {
      const lm = await tool();
      try {
        await lm.prepareInvocation!({ input }, token);
        await lm.invoke({ input, toolInvocationToken: undefined }, token);
        return undefined;
      } catch (error) {
        return (JSON.parse((error as Error).message) as Envelope).data.error;
      }
    }
    const result = await mcp.callTool({ name: 'stacklet_manage_stacklet', arguments: input });
    const envelope = JSON.parse((result.content as { text: string }[])[0]!.text) as Envelope;
    return result.isError ? envelope.data.error : undefined;
  }

  for (const row of ACTIONS) {
    it(`${row.action}: the command, the language model tool and the MCP tool send the same requests`, async () => {
      const sent: Record<string, unknown[]> = {};
      for (const door of DOORS) {
        const target = await ready(row);
        const before = await recentRequests();
        assert.equal(await through(door, row, target), undefined, `${door} is not refused`);
        sent[door] = mutationsSince(EMAIL, before, await recentRequests()).map((r: Sent) => [r.method, r.path, r.body]);
      }
      assert.deepEqual(sent['command'], [['POST', '/v1/stacklets/:id', { action: row.action === 'powerOff' ? 'power_off' : row.action === 'powerOn' ? 'power_on' : 'power_cycle' }]]);
      assert.deepEqual(sent['languageModelTool'], sent['command'], 'the language model tool sends what the command sends');
      assert.deepEqual(sent['mcp'], sent['command'], 'the MCP tool sends what the command sends');
    });
  }

  it('refuses a stacklet busy with a task in the same words at every door, sending nothing', async () => {
    const row = ACTIONS[2];
    const target = await ready(row);
    await control('/_emulator/config', { taskMs: 8000 });
    try {
      const started = await serviceRequest(TOKEN, 'POST', `/v1/stacklets/${target.id}`, { action: 'power_cycle' });
      assert.ok(started.status < 300, `a task started around the extension: ${started.status}`);
      const words: Record<string, string | undefined> = {};
      const before = await recentRequests();
      for (const door of DOORS) words[door] = await through(door, row, target);
      assert.deepEqual(mutationsSince(EMAIL, before, await recentRequests()), [], 'nothing sent');
      assert.equal(words['languageModelTool'], busyWords());
      assert.equal(words['mcp'], busyWords());
      assert.ok(words['command']?.startsWith(`${row.stacklet} is busy (`) && words['command'].endsWith(busyWords()), words['command']);
    } finally {
      await control('/_emulator/config', { taskMs: 300 });
    }
    await idle(row.stacklet);
  });

  it('rename: the command (its new name typed is the confirmation), the language model tool and the MCP tool send the same requests', async () => {
    const volumes = async () => (await serviceGet<{ volumes: { id: string; name: string }[] }>(TOKEN, '/v1/volumes?per_page=200')).volumes;
    const id = (await volumes()).find((v) => v.name === 'scratch')!.id;
    const input = { action: 'rename', id, name: 'scratch-2' };
    // A rename is a task at the emulator, which the extension follows: idle when neither has it.
    const volumeIdle = async () => {
      for (let i = 0; i < 200; i++) {
        if (!(await serviceGet<{ volume: { task?: unknown } }>(TOKEN, `/v1/volumes/${id}`)).volume.task && !a.tasks.isBusy('volume', id)) return;
        await sleep(100);
      }
      assert.fail('the volume stays busy');
    };
    const sent: Record<string, unknown[]> = {};
    for (const door of DOORS) {
      // Each door waits for the one before to end.
      await volumeIdle();
      if ((await volumes()).find((v) => v.id === id)!.name !== 'scratch') {
        assert.ok((await serviceRequest(TOKEN, 'PUT', `/v1/volumes/${id}`, { action: 'rename', name: 'scratch' })).status < 300);
        await volumeIdle();
      }
      (await a.session.current()).store.invalidate('volume');
      const before = await recentRequests();
      if (door === 'command') {
        const found = ((await a.views.get('volumes')!.getChildren()) as ResourceNode[]).find((n) => n.resource?.name === 'scratch');
        assert.ok(found, 'the Volumes view shows scratch');
        prompter.script({ input: 'scratch-2' });
        await vscode.commands.executeCommand('stacklet.renameVolume', found);
        assert.deepEqual(prompter.problems, []);
        assert.deepEqual(prompter.asked.splice(0).map((q) => q.kind), ['input'], 'the new name is the one question');
      } else if (door === 'languageModelTool') {
        const lm = (await hooks.tools()).get('stacklet_manage_volume' as never)!;
        await lm.prepareInvocation!({ input }, token);
        await lm.invoke({ input, toolInvocationToken: undefined }, token);
      } else {
        const result = await mcp.callTool({ name: 'stacklet_manage_volume', arguments: input });
        assert.equal(result.isError, undefined, JSON.stringify(result.content));
      }
      sent[door] = mutationsSince(EMAIL, before, await recentRequests()).map((r: Sent) => [r.method, r.path, r.body]);
    }
    assert.deepEqual(sent['command'], [['PUT', '/v1/volumes/:id', { action: 'rename', name: 'scratch-2' }]]);
    assert.deepEqual(sent['languageModelTool'], sent['command']);
    assert.deepEqual(sent['mcp'], sent['command']);
  });
});
