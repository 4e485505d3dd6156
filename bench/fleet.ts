/**
 * Fleet operations: a bulk power-off of 100 stacklets with 50 ms added to every answer, through the runner the
 * action pipeline uses (src/model/bulk.ts, BULK_CONCURRENCY at a time, each request recorded for Copy as curl),
 * against its floor ⌈100 / concurrency⌉ × 50 ms and against the same requests one after another; then the 100
 * tasks it started, followed by the task tracker, counting the requests of every tick by route. The emulator
 * runs in this process on a fake clock, so the tasks run until the clock is moved; latency is real time.
 * (Go to Resource over 25,000 resources is a host figure: test/integration/performance.test.ts.)
 */
import { StackletClient } from '../src/api/client';
import type * as s from '../src/api/schemas';
import { recordRequests, RequestRecorder } from '../src/api/recording';
import { SessionManager } from '../src/auth/session';
import { requestsSince } from '../src/emulator/stats';
import { startEmulator } from '../src/emulator/server';
import { boundedFloorMs, BULK_CONCURRENCY, runBounded } from '../src/model/bulk';
import { TaskTracker } from '../src/tasks/taskTracker';
import { FakeClock } from '../test/unit/support/fakeClock';
import { memoryStores } from '../test/unit/support/helpers';
import { floorFigure, median, perTickFigure, times, type Figure } from './figure';

const COUNT = 100;
const LATENCY_MS = 50;
const RUNS = 3;
const TASK_MS = 60_000;

/** One bulk action as the pipeline sends it: bounded, each item's requests recorded; throws unless all went through. */
async function bulk(stacklets: readonly s.Stacklet[], action: (id: number) => Promise<s.Stacklet>): Promise<{ ms: number; answers: s.Stacklet[] }> {
  const started = performance.now();
  const outcomes = await runBounded(stacklets, (stacklet) => recordRequests(new RequestRecorder(), () => action(stacklet.id)), { concurrency: BULK_CONCURRENCY });
  const ms = performance.now() - started;
  const answers = outcomes.map((outcome) => {
    if (outcome.status !== 'done') throw new Error(`${outcome.item.name}: ${outcome.status === 'failed' ? String(outcome.error) : 'not sent'}`);
    return outcome.value;
  });
  return { ms, answers };
}

export async function fleetFigures(log: (line: string) => void): Promise<Figure[]> {
  const clock = new FakeClock();
  // 240 generated stacklets, about 205 of them running: one hundred for the bulk runs, one hundred others for the
  // sequential baseline. All of them fit on the first page the tracker reads (200), the bulk ones first.
  const emu = await startEmulator({ port: 0, seed: 'empty', extraStacklets: 240, latencyMs: LATENCY_MS, taskMs: TASK_MS, clock: () => clock.now() });
  const client = new StackletClient({ baseUrl: emu.url, token: emu.demoToken });
  const { stateStore: state, registry } = memoryStores();
  const session = new SessionManager(registry, () => ({ pageConcurrency: 4, allowInsecureHttp: false, requestTimeoutMs: 10_000 }), () =>
    Promise.reject(new Error('no embedded emulator here')),
  );
  const tracker = new TaskTracker({ session, storage: state, clock, settings: () => ({ pollIntervalMs: 2_000, timeoutMs: 15 * TASK_MS }) });
  try {
    await session.signIn(emu.url, emu.demoToken);
    const active = (await client.listStacklets()).items.filter((stacklet) => stacklet.status === 'active');
    if (active.length < 2 * COUNT) throw new Error(`${active.length} running stacklets`);
    const bulkSet = active.slice(0, COUNT);
    const sequentialSet = active.slice(-COUNT);
    await client.getProfile(); // a connection is open before anything is timed

    const runs: number[] = [];
    let worstTick = 0;
    let ticks = 0;
    for (let run = 0; run < RUNS; run++) {
      if (run > 0) {
        // The last power-off ended, back on (untimed), and that ended too, for the next timed power-off.
        clock.time += TASK_MS + 1;
        await bulk(bulkSet, (id) => client.powerOn(id));
        clock.time += TASK_MS + 1;
      }
      const { ms, answers } = await bulk(bulkSet, (id) => client.powerOff(id));
      runs.push(ms);
      if (run > 0) continue;
      // The 100 tasks of the first run, followed as the pipeline hands them over, until every one has ended.
      for (const answer of answers) tracker.track({ kind: 'stacklet', resourceId: answer.id, resourceName: answer.name, task: answer.task! });
      if (tracker.running().length !== COUNT) throw new Error(`${tracker.running().length} tasks followed`);
      while (tracker.running().length > 0) {
        const before = { ...emu.stats().requestCount };
        if (!(await clock.step(() => tracker.idle()))) break;
        ticks++;
        worstTick = Math.max(worstTick, ...Object.values(requestsSince(emu.stats().requestCount, before)), 0);
      }
      if (tracker.running().length > 0) throw new Error(`${tracker.running().length} tasks still followed`);
    }

    const started = performance.now();
    for (const stacklet of sequentialSet) await client.powerOff(stacklet.id);
    const sequential = performance.now() - started;

    const bulkMs = median(runs);
    const floor = boundedFloorMs(COUNT, BULK_CONCURRENCY, LATENCY_MS);
    log(`fleet: bulk power-off runs ${runs.map(Math.round).join(', ')} ms (floor ${floor} ms); sequential ${Math.round(sequential)} ms; ${ticks} ticks, worst ${worstTick} request(s) to one route`);
    return [
      floorFigure('fleet.bulkFloor', `bulk power-off of ${COUNT} stacklets, +${LATENCY_MS} ms, ${BULK_CONCURRENCY} at a time, against its floor ⌈${COUNT}/${BULK_CONCURRENCY}⌉ × ${LATENCY_MS} ms = ${floor} ms`, bulkMs, floor, 1.3),
      {
        id: 'fleet.bulkSpeedup',
        label: `the same power-off against ${COUNT} requests one after another`,
        value: sequential / bulkMs,
        unit: '×',
        better: 'higher',
        baseline: { label: 'sequential requests', value: Math.round(sequential) },
        ratio: { value: sequential / bulkMs, text: `${times(sequential / bulkMs)} faster (${Math.round(bulkMs)} ms vs ${Math.round(sequential)} ms)` },
        note: 'reported, no target',
      },
      perTickFigure('fleet.tasksPerTick', `the ${COUNT} resulting tasks, followed to their end: most requests to one route in any tick (${ticks} ticks)`, worstTick, COUNT, 'a per-task poller, per tick'),
    ];
  } finally {
    tracker.dispose();
    await session.dispose();
    await client.dispose();
    await emu.close();
  }
}
