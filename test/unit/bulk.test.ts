// The runner of actions on several items: bounded concurrency, one outcome per item in the given order, a
// failure that stays with its item, and a cancel after which nothing more starts.
import * as assert from 'node:assert/strict';
import { StackletClient } from '../../src/api/client';
import { startEmulator } from '../../src/emulator/server';
import { boundedFloorMs, runBounded } from '../../src/model/bulk';

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('runBounded', () => {
  it('keeps at most `concurrency` in flight, starts in order, and answers every outcome in the given order', async () => {
    let inFlight = 0;
    let most = 0;
    const started: number[] = [];
    const outcomes = await runBounded([1, 2, 3, 4, 5, 6, 7], async (n) => {
      started.push(n);
      most = Math.max(most, ++inFlight);
      for (let i = 0; i < 8 - n; i++) await tick();
      inFlight--;
      if (n === 4) throw new Error('four refused');
      return n * 10;
    }, { concurrency: 3 });
    assert.equal(most, 3);
    assert.deepEqual(started, [1, 2, 3, 4, 5, 6, 7]);
    assert.deepEqual(outcomes.map((o) => o.status), ['done', 'done', 'done', 'failed', 'done', 'done', 'done']);
    assert.deepEqual(outcomes.map((o) => (o.status === 'done' ? o.value : undefined)), [10, 20, 30, undefined, 50, 60, 70]);
    const failed = outcomes[3]!;
    assert.ok(failed.status === 'failed' && (failed.error as Error).message === 'four refused');
  });

  it('starts nothing after the signal is aborted; what was in flight finishes', async () => {
    const controller = new AbortController();
    const started: number[] = [];
    const outcomes = await runBounded([1, 2, 3, 4, 5, 6], async (n) => {
      started.push(n);
      await tick();
      if (n === 2) controller.abort();
      await tick();
      return n;
    }, { concurrency: 2, signal: controller.signal, onEnd: () => undefined });
    assert.deepEqual(started, [1, 2]);
    assert.deepEqual(outcomes.map((o) => o.status), ['done', 'done', 'not-sent', 'not-sent', 'not-sent', 'not-sent']);
  });

  it('tells each start and end as it happens, with the count ended', async () => {
    const events: string[] = [];
    await runBounded(['a', 'b'], async (item) => item, {
      concurrency: 1,
      onStart: (item) => events.push(`start ${item}`),
      onEnd: (outcome, ended) => events.push(`end ${outcome.item} ${ended}`),
    });
    assert.deepEqual(events, ['start a', 'end a 1', 'start b', 'end b 2']);
  });

  it('powers off stacklets of the emulator over real HTTP, each answered with its task', async () => {
    const emu = await startEmulator({ port: 0, seed: 'empty', extraStacklets: 12 });
    const client = new StackletClient({ baseUrl: emu.url, token: emu.demoToken });
    try {
      const active = (await client.listStacklets()).items.filter((s) => s.status === 'active');
      const outcomes = await runBounded(active, (s) => client.powerOff(s.id), { concurrency: 4 });
      assert.ok(outcomes.every((o) => o.status === 'done' && o.value.task?.name !== undefined));
      assert.equal(emu.stats().requestCount['POST /v1/stacklets/:id'], active.length);
    } finally {
      await client.dispose();
      await emu.close();
    }
  });

  it('names the floor of a bounded run: ⌈items / concurrency⌉ rounds', () => {
    assert.equal(boundedFloorMs(100, 8, 50), 13 * 50);
    assert.equal(boundedFloorMs(100, 10, 50), 500);
  });
});
