// The one road from every door to the definitions (src/actions/runner.ts), against the emulator over real HTTP:
// a door only confirms; the runner plans (each item of a selection on its own, a refused one left out with the
// definition's words), sends through the gate, records each item as one entry of the history, and stops starting
// items once the door's progress is cancelled. The context is built once (src/actions/context.ts).
import * as assert from 'node:assert/strict';
import { definitionOf } from '../../src/kinds/operations';
import { actionContext } from '../../src/actions/context';
import type { ActionContext, ActionPlan } from '../../src/actions/definition';
import { manyLines, run, runMany, summary, type Door, type LeftOut } from '../../src/actions/runner';
import { ActionRefusal } from '../../src/actions/refusals';
import type { StackletClient } from '../../src/api/client';
import type { EmulatorHandle } from '../../src/emulator/server';
import { ActionHistory } from '../../src/model/actionHistory';
import { ResourceStore } from '../../src/kinds/resourceStore';
import { rejectionOf, startAgentEmulator, stopAgentEmulator } from './support/helpers';

/** A door that confirms as told and keeps what it was shown. */
function door(answer: 'yes' | 'no', shown: { plans: readonly ActionPlan[]; left: readonly LeftOut[] }[] = []): Door {
  return {
    name: 'command',
    confirm: async (plans, left) => {
      shown.push({ plans, left });
      return answer === 'yes' ? {} : undefined;
    },
  };
}

describe('the action runner ⇄ emulator', function () {
  this.timeout(20_000);
  let emu: EmulatorHandle;
  let client: StackletClient;
  let ctx: ActionContext;
  let history: ActionHistory;
  const powerOff = definitionOf('stacklet', 'powerOff');
  const idOf = async (name: string) => (await client.listStacklets()).items.find((stacklet) => stacklet.name === name)!.id;
  const statusOf = async (name: string) => (await client.listStacklets()).items.find((stacklet) => stacklet.name === name)!.status;

  beforeEach(async () => {
    const started = await startAgentEmulator(60_000, Date.now);
    ({ emu, client } = started);
    history = new ActionHistory();
    ctx = actionContext({ account: { apiUrl: emu.url, isEmulator: false }, client, store: new ResourceStore(client), history });
  });
  afterEach(() => stopAgentEmulator({ emu, client, ctx }));

  it('builds one context: a loopback address is the emulator, any other the service', () => {
    assert.equal(ctx.source, 'emulator');
    assert.equal(actionContext({ account: { apiUrl: 'https://api.stacklet.example', isEmulator: false }, client, store: ctx.store }).source, 'service');
    assert.equal(actionContext({ account: { apiUrl: 'https://api.stacklet.example', isEmulator: true }, client, store: ctx.store }).source, 'emulator');
  });

  it('sends one item the door confirmed, recorded once under the plan\'s words; declined, nothing is sent or recorded', async () => {
    const id = await idOf('web-1');
    const declined = await run(ctx, powerOff, { id }, door('no'));
    assert.equal(declined.status, 'declined');
    assert.equal(await statusOf('web-1'), 'active');
    assert.equal(history.list().length, 0);
    const shown: { plans: readonly ActionPlan[]; left: readonly LeftOut[] }[] = [];
    const result = await run(ctx, powerOff, { id }, door('yes', shown));
    assert.equal(result.status, 'sent');
    assert.equal(shown[0]!.plans[0]!.progress, 'Powering off web-1…');
    const [entry] = history.list();
    assert.equal(entry?.title, 'Powering off web-1…');
    // The plan's reads are not what the action sent: only the power request is recorded.
    assert.deepEqual(entry?.requests.map((request) => request.method), ['POST']);
    assert.equal(history.list().length, 1);
  });

  it('refuses before the door asks anything, in the definition\'s words', async () => {
    const asked: { plans: readonly ActionPlan[]; left: readonly LeftOut[] }[] = [];
    const refusal = await rejectionOf(run(ctx, powerOff, { id: await idOf('staging-1') }, door('yes', asked)), ActionRefusal);
    assert.equal(refusal.message, 'Only a running stacklet can be powered off.');
    assert.equal(asked.length, 0);
    assert.equal(history.list().length, 0);
  });

  it('plans each item of a selection: a refused one is left out with why, the rest confirmed once and sent', async () => {
    const shown: { plans: readonly ActionPlan[]; left: readonly LeftOut[] }[] = [];
    const requests = await Promise.all(['web-1', 'staging-1', 'web-2'].map(async (name) => ({ input: { id: await idOf(name) }, name })));
    const other: LeftOut = { name: 'db-data', reason: 'volume', error: undefined };
    const result = await runMany(ctx, powerOff, requests, door('yes', shown), (plans) => `Powering off ${plans.length} stacklets`, [other]);
    assert.equal(result.status, 'ran');
    assert.deepEqual(shown[0]!.plans.map((plan) => plan.resources[0]!.name), ['web-1', 'web-2']);
    assert.deepEqual(shown[0]!.left.map((left) => `${left.name}: ${left.reason}`), ['db-data: volume', 'staging-1: Only a running stacklet can be powered off.']);
    if (result.status !== 'ran') return;
    assert.deepEqual(result.outcomes.map((outcome) => outcome.status), ['done', 'done']);
    assert.equal(summary('Powering off 2 stacklets', result.outcomes).message, 'Powering off 2 stacklets: 2 of 2 sent.');
    // Each item is its own entry, in the order they ended.
    assert.deepEqual(history.list().map((entry) => entry.title).sort(), ['Powering off web-1…', 'Powering off web-2…']);
    const lines = manyLines(shown[0]!.plans, shown[0]!.left);
    assert.ok(lines.includes('Estimated monthly cost: unchanged; each is billed as before.'), lines.join('\n'));
    assert.ok(lines.at(-1)!.startsWith('Left out: db-data (volume), staging-1 (Only a running'), lines.join('\n'));
  });

  it('starts no item once the door\'s progress is cancelled, and says which were not sent', async () => {
    const names = ['web-1', 'web-2', 'db-1', 'worker-1', 'blog'];
    const requests = await Promise.all(names.map(async (name) => ({ input: { id: await idOf(name) }, name })));
    const cancelling: Door = {
      ...door('yes'),
      // Cancelled before the first item starts (as Cancel pressed at once).
      progress: (_title, work) => {
        const controller = new AbortController();
        controller.abort();
        return work(() => undefined, controller.signal);
      },
    };
    const result = await runMany({ ...ctx }, powerOff, requests, cancelling, () => 'Powering off');
    assert.equal(result.status, 'ran');
    if (result.status !== 'ran') return;
    assert.deepEqual(result.outcomes.map((outcome) => outcome.status), names.map(() => 'not-sent'));
    assert.equal(summary('Powering off', result.outcomes).message, `Cancelled: 5 of 5 not sent (${names.join(', ')}).`);
    assert.equal(history.list().length, 0);
    for (const name of names) assert.equal(await statusOf(name), 'active', name);
  });

  it('plans again after the service refused what was sent, when the door gives a new input, without asking again', async () => {
    const gone = await idOf('web-1');
    let asked = 0;
    // The stacklet goes between the plan and the send (a co-tenant deleted it): the service refuses the request.
    const vanishing: Door = { name: 'command', confirm: async () => (asked++, await client.deleteStacklet(gone), {}) };
    const failed: unknown[] = [];
    const result = await run(ctx, powerOff, { id: gone }, { ...vanishing, failed: (_plan, error) => failed.push(error) }, async () => ({ id: await idOf('web-2') }));
    assert.equal(result.status, 'sent');
    assert.equal(asked, 1);
    // Only the failure that stands is the door's to say: this one was retried.
    assert.equal(failed.length, 0);
    assert.equal(result.plan.progress, 'Powering off web-2…');
    assert.deepEqual(history.list().map((entry) => [entry.title, entry.failure !== undefined]), [['Powering off web-2…', false], ['Powering off web-1…', true]]);
  });
});
