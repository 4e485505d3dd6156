// The limits a person sets for agents, met through the write tools as VS Code calls them (their prepareInvocation,
// then invoke): the user's access level, protected tags and the spending limit refuse before any confirmation and
// send nothing, a person still acts from the menu, and every confirmation names the account and where the
// session's spending stands. Settings are written to the user's settings, as a person would.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { AGENT_NOTE } from '../../src/agent/envelope';
import type { StackletExtensionApi, StackletTestHooks } from '../../src/extension';
import { EXTENSION_ID, extensionApi, mutationsSince, ownAccount, recentRequests, serviceGet, type Sent } from './emulatorAccess';
import { ScriptedPrompter } from './scriptedPrompter';
import { testEmulator } from './testEnvironment';
import { markdownText } from '../../src/model/serviceText';

const EMAIL = 'guards@stacklet.example';
const TOKEN = `stk_guards_${Date.now().toString(36)}`;

interface Stacklet {
  id: number;
  name: string;
  tags: string[];
  status: string;
  size: { slug: string; price_monthly: number };
}

interface Refused {
  note: string;
  data: { refused?: string; error?: string; resource?: { name: string; id: number }; tag?: string; leftUsd?: number };
}

describe('Agent guard rails', function () {
  this.timeout(60_000);
  const token = new vscode.CancellationTokenSource().token;
  const prompter = new ScriptedPrompter();
  let a: StackletExtensionApi;
  let leave: (() => Promise<void>) | undefined;
  const config = () => vscode.workspace.getConfiguration('stacklet');
  const setUser = (key: string, value: unknown) => config().update(key, value, vscode.ConfigurationTarget.Global);
  const tool = async () => {
    const hooks = await vscode.extensions.getExtension<StackletTestHooks>(EXTENSION_ID)!.activate();
    return (await hooks.tools()).get('stacklet_manage_stacklet' as never)!;
  };
  const stacklet = async (name: string) => (await serviceGet<{ stacklets: Stacklet[] }>(TOKEN, '/v1/stacklets?per_page=200')).stacklets.find((s) => s.name === name)!;
  const mutations = async (before: readonly Sent[]) => mutationsSince(EMAIL, before, await recentRequests());
  /** The refusal as the model reads it: the envelope's JSON as the error's message. */
  const refusal = async (work: () => Thenable<unknown> | Promise<unknown> | undefined | null): Promise<Refused> => {
    try {
      await work();
    } catch (error) {
      const refused = JSON.parse((error as Error).message) as Refused;
      assert.equal(refused.note, AGENT_NOTE);
      return refused;
    }
    assert.fail('not refused');
  };

  before(async () => {
    a = await extensionApi();
    leave = await ownAccount(a, EMAIL, TOKEN, prompter);
  });

  afterEach(async () => {
    for (const key of ['agent.access', 'agent.protectedTags', 'agent.monthlyLimit']) await setUser(key, undefined);
  });

  after(async () => {
    await leave?.();
  });

  it('at access "read", refuses a write before its confirmation and sends nothing', async () => {
    await setUser('agent.access', 'read');
    const blog = await stacklet('blog');
    const before = await recentRequests();
    const refused = await refusal(async () => (await tool()).prepareInvocation!({ input: { action: 'powerOff', id: blog.id } }, token));
    assert.equal(refused.data.refused, 'access');
    // Called anyway (another extension may invoke a tool VS Code does not offer): refused the same.
    assert.equal((await refusal(async () => (await tool()).invoke({ input: { action: 'powerOff', id: blog.id }, toolInvocationToken: undefined }, token))).data.refused, 'access');
    // Before the plan: what the account's state would refuse (blog runs) is not what a read-only agent learns.
    assert.equal((await refusal(async () => (await tool()).prepareInvocation!({ input: { action: 'powerOn', id: blog.id } }, token))).data.refused, 'access');
    assert.deepEqual(await mutations(before), []);
  });

  it('at access "off", a read tool called anyway (VS Code offers none) reads nothing and says why', async () => {
    await setUser('agent.access', 'off');
    const result = await vscode.lm.invokeTool('stacklet_find', { input: { query: 'web' }, toolInvocationToken: undefined }, token);
    const envelope = JSON.parse((result.content[0] as vscode.LanguageModelTextPart).value) as Refused & { data: { items?: unknown } };
    assert.equal(envelope.note, AGENT_NOTE);
    assert.equal(envelope.data.refused, 'access');
    assert.equal(envelope.data.items, undefined);
  });

  it('refuses an agent a stacklet tagged production (the default protected tags), naming tag and stacklet, while a person powers it off from the menu', async () => {
    const web1 = await stacklet('web-1');
    assert.ok(web1.tags.includes('production'));
    const before = await recentRequests();
    const refused = await refusal(async () => (await tool()).prepareInvocation!({ input: { action: 'powerOff', id: web1.id } }, token));
    assert.equal(refused.data.refused, 'protected');
    assert.equal(refused.data.tag, 'production');
    assert.deepEqual([refused.data.resource?.name, refused.data.resource?.id], ['web-1', web1.id]);
    assert.match(refused.data.error ?? '', /from the Stacklet Cloud views/);
    assert.deepEqual(await mutations(before), []);
    // A person is not refused: the same stacklet from the command, confirmed in its modal.
    const person = await recentRequests();
    prompter.script({ pick: 'web-1' }, { confirm: true });
    await vscode.commands.executeCommand('stacklet.powerOff');
    assert.deepEqual(prompter.problems, []);
    // The person's question says the stacklet is protected from agents, and that they can change it.
    const asked = prompter.asked.find((question) => question.kind === 'confirm');
    assert.match(asked?.detail ?? '', /web-1 carries the tag production, which protects it from agents; you can change it\./);
    assert.deepEqual((await mutations(person)).map((r) => [r.method, r.path, r.body]), [['POST', '/v1/stacklets/:id', { action: 'power_off' }]]);
  });

  it('names the account and where the session\'s agent spending stands in every confirmation, counts what was sent, and refuses what would pass the limit', async () => {
    const blog = await stacklet('blog');
    const staging = await stacklet('staging-1');
    const resize = await tool();
    // blog is b-1vcpu-1gb ($6); b-1vcpu-2gb is $12: +$6.00/mo. The window's session may have spent already
    // (other suites' agent writes): read where it stands, then leave $10 of room.
    const input = { action: 'resize', id: blog.id, size: 'b-1vcpu-2gb' };
    const shown = async () => ((await resize.prepareInvocation!({ input }, token))!.confirmationMessages!.message as vscode.MarkdownString).value;
    await setUser('agent.monthlyLimit', 100000);
    const spent = Number(/agent changes: \$([\d,.]+)\/mo of/.exec(await shown())![1]!.replace(/,/g, '')) - 6;
    await setUser('agent.monthlyLimit', spent + 10);
    const usd = (value: number) => `\\$${value.toFixed(2)}`;
    const message = await shown();
    // Named as the Accounts menu names it: the e-mail and where (escaped for Markdown).
    assert.ok(message.startsWith(`Account: ${markdownText('guards@stacklet.example')} (${markdownText(`local emulator ${new URL(testEmulator().apiUrl).host}`)})\n`), message);
    assert.match(message, new RegExp(`\\+\\$6\\.00/mo; this session's agent changes: ${usd(spent + 6)}/mo of ${usd(spent + 10)}/mo`));
    // b-2vcpu-4gb is $24: +$18.00/mo, past the $10 left: refused before any confirmation.
    const before = await recentRequests();
    const refused = await refusal(async () => resize.prepareInvocation!({ input: { ...input, size: 'b-2vcpu-4gb' } }, token));
    assert.equal(refused.data.refused, 'spendingLimit');
    assert.equal(refused.data.leftUsd, 10);
    assert.deepEqual(await mutations(before), []);
    // Confirmed and sent, the +$6.00 counts: another +$6.00 (staging-1, also $6 now) would pass the $10.
    await resize.prepareInvocation!({ input }, token);
    await resize.invoke({ input, toolInvocationToken: undefined }, token);
    const second = await refusal(async () => resize.prepareInvocation!({ input: { action: 'resize', id: staging.id, size: 'b-1vcpu-2gb' } }, token));
    assert.equal(second.data.refused, 'spendingLimit');
    assert.equal(second.data.leftUsd, 4);
    assert.deepEqual((await mutations(before)).map((r) => [r.method, r.path, r.body]), [['POST', '/v1/stacklets/:id', { action: 'resize', size: 'b-1vcpu-2gb', disk: false }]]);
  });
});
