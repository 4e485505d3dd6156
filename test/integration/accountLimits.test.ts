// The account's limits in the create wizards: the profile says how many more stacklets the account may create;
// with none left, Create Stacklet asks nothing and says so with the limit; with some left, its count (and the
// names of several) refuse more than that, inline. The suite works in an account of its own, filled around the
// extension as a co-tenant would fill it, and checks what the emulator received.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { StackletExtensionApi } from '../../src/extension';
import { extensionApi, mutationsSince, ownAccount, recentRequests, serviceGet, serviceRequest } from './emulatorAccess';
import { ScriptedPrompter, type Answer, type Asked } from './scriptedPrompter';
import { recordShownMessages, type Shown } from './shownMessages';

const EMAIL = 'limits@stacklet.example';
const TOKEN = `stk_limits_${Date.now().toString(36)}`;

describe('Account limits in Create Stacklet', function () {
  this.timeout(60_000);
  let a: StackletExtensionApi;
  const prompter = new ScriptedPrompter();
  let leave: (() => Promise<void>) | undefined;
  let shown: Shown[] = [];
  let restoreWindow: (() => void) | undefined;

  /** Creates stacklets around the extension until `left` remain, then drops the profile the extension cached. */
  async function fillUntil(left: number): Promise<void> {
    const { profile } = await serviceGet<{ profile: { limits: { stacklets: { available: number } } } }>(TOKEN, '/v1/account/profile');
    for (let made = 0; profile.limits.stacklets.available - made > left;) {
      const count = Math.min(10, profile.limits.stacklets.available - made - left);
      const names = Array.from({ length: count }, (_, i) => `filler-${made + i}-${left}`);
      const filled = await serviceRequest(TOKEN, 'POST', '/v1/stacklets', { names, region: 'fra', size: 's-1vcpu-512mb', image: 'ubuntu-22-04-x64' });
      assert.ok(filled.status < 300, `fillers: ${filled.status}`);
      made += count;
    }
    // As a refresh would: the profile is read again at the next create.
    (await a.session.current()).store.invalidate('profile');
  }

  async function run(...answers: Answer[]): Promise<{ asked: Asked[]; sent: unknown[]; warnings: Shown[] }> {
    prompter.script(...answers);
    shown.length = 0;
    const before = await recentRequests();
    await vscode.commands.executeCommand('stacklet.createStacklet');
    assert.deepEqual(prompter.problems, [], 'the script fits the questions');
    assert.equal(prompter.remaining, 0, 'every scripted answer was used');
    return { asked: [...prompter.asked], sent: mutationsSince(EMAIL, before, await recentRequests()), warnings: shown.filter((s) => s.level === 'warning') };
  }

  before(async () => {
    a = await extensionApi();
    leave = await ownAccount(a, EMAIL, TOKEN, prompter);
    ({ shown, restore: restoreWindow } = recordShownMessages());
  });

  after(async () => {
    restoreWindow?.();
    await leave?.();
  });

  it('refuses at the count step, inline, more stacklets than the limit leaves, naming how many are available', async () => {
    await fillUntil(2);
    const outcome = await run(
      { input: 'lim' },
      { input: '2', bad: ['3', '10'] },
      { input: 'lim-1, lim-2', bad: ['lim-1, lim-2, lim-3'] },
      'escape',
    );
    const [, count, names] = outcome.asked;
    assert.equal(count!.title, 'Create Stacklet: How Many');
    assert.match(count!.prompt ?? '', /this account may create 2 more/);
    assert.equal(count!.validation!['3'], '3 is more than this account may still create: 2 available');
    assert.equal(count!.validation!['10'], '10 is more than this account may still create: 2 available');
    assert.equal(names!.validation!['lim-1, lim-2, lim-3'], '3 is more than this account may still create: 2 available');
    assert.deepEqual(outcome.sent, []);
    assert.deepEqual(outcome.warnings, []);
  });

  it('asks nothing when the limit leaves no stacklet, says so with the limit, and sends nothing', async () => {
    await fillUntil(0);
    const outcome = await run();
    assert.deepEqual(outcome.asked, []);
    assert.deepEqual(outcome.warnings.map((w) => w.message), ['This account may create no more stacklets: its limit is 50, and 50 are in use.']);
    assert.deepEqual(outcome.sent, []);
  });
});
