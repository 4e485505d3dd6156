/**
 * Polling cost: 20 stacklet tasks running at once for a simulated minute, then none for a simulated hour,
 * requests counted by the emulator. The tracker and the emulator share one fake clock, so the minute takes
 * milliseconds and every tick is exact. Baseline: a naive poller asking for each task's stacklet every tick.
 */
import { StackletClient } from '../src/api/client';
import { SessionManager } from '../src/auth/session';
import { requestsSince, totalRequests } from '../src/emulator/stats';
import { startEmulator, type EmulatorHandle } from '../src/emulator/server';
import { TaskTracker } from '../src/tasks/taskTracker';
import { FakeClock } from '../test/unit/support/fakeClock';
import { memoryStores } from '../test/unit/support/helpers';
import { perTickFigure, times, type Figure } from './figure';

const TASKS = 20;
const MINUTE = 60_000;
const POLL_MS = 2_000;

function total(emu: EmulatorHandle): number {
  return totalRequests(emu.stats().requestCount);
}

export async function pollingFigures(log: (line: string) => void): Promise<Figure[]> {
  const clock = new FakeClock();
  // Tasks outlast the minute, so every tick of it has 20 running.
  const emu = await startEmulator({ port: 0, seed: 'empty', extraStacklets: 2 * TASKS, taskMs: 2 * MINUTE, clock: () => clock.now() });
  const client = new StackletClient({ baseUrl: emu.url, token: emu.demoToken });
  const { stateStore: state, registry } = memoryStores();
  const session = new SessionManager(registry, () => ({ pageConcurrency: 4, allowInsecureHttp: false, requestTimeoutMs: 5000 }), () =>
    Promise.reject(new Error('no embedded emulator here')),
  );
  const tracker = new TaskTracker({ session, storage: state, clock, settings: () => ({ pollIntervalMs: POLL_MS, timeoutMs: 15 * MINUTE }) });
  try {
    await session.signIn(emu.url, emu.demoToken);
    const stacklets = (await client.listStacklets()).items;
    const ids: number[] = [];
    for (const stacklet of stacklets.filter((s) => s.status === 'active').slice(0, TASKS)) {
      const started = await client.powerOff(stacklet.id);
      if (!started.task) throw new Error(`power off of ${stacklet.name} started no task`);
      tracker.track({ kind: 'stacklet', resourceId: started.id, resourceName: started.name, task: started.task });
      ids.push(started.id);
    }
    if (tracker.running().length !== TASKS) throw new Error(`${tracker.running().length} tasks tracked`);

    // One simulated minute with 20 tasks: the most requests any tick made to any one route.
    let ticks = 0;
    let worstTick = 0;
    const minuteStart = clock.now();
    const beforeMinute = total(emu);
    while (clock.now() - minuteStart < MINUTE) {
      const before = { ...emu.stats().requestCount };
      if (!(await clock.step(() => tracker.idle()))) break;
      ticks++;
      worstTick = Math.max(worstTick, ...Object.values(requestsSince(emu.stats().requestCount, before)), 0);
    }
    const minuteRequests = total(emu) - beforeMinute;

    // The same minute, polled naively: each task's stacklet, every tick of the base interval.
    const naiveStart = total(emu);
    for (let tick = 0; tick < MINUTE / POLL_MS; tick++) {
      await Promise.all(ids.map((id) => client.getStacklet(id)));
    }
    const naive = total(emu) - naiveStart;

    // Let the tasks end, then an hour with nothing running.
    while (tracker.running().length > 0 && (await clock.step(() => tracker.idle())));
    const idleStart = total(emu);
    await clock.advance(60 * MINUTE, () => tracker.idle());
    const idle = total(emu) - idleStart;
    log(`polling: ${ticks} ticks in the minute, ${minuteRequests} requests, worst tick ${worstTick}; naive ${naive}; idle hour ${idle}`);

    return [
      perTickFigure('polling.perTick', `${TASKS} running tasks: most requests to one resource kind in any tick (${ticks} ticks in a simulated minute)`, worstTick, TASKS, 'naive per-task poller, per tick'),
      {
        id: 'polling.minute',
        label: `${TASKS} running tasks: requests in the simulated minute`,
        value: minuteRequests,
        unit: 'requests',
        better: 'lower',
        baseline: { label: 'naive per-task poller every 2 s', value: naive },
        ratio: { value: naive / Math.max(minuteRequests, 1), text: `${times(naive / Math.max(minuteRequests, 1))} fewer than naive` },
        tracked: { value: minuteRequests, better: 'lower' },
      },
      {
        id: 'polling.idle',
        label: 'no task running: requests in a simulated hour',
        value: idle,
        unit: 'requests',
        better: 'lower',
        target: { value: 0, text: '0' },
      },
    ];
  } finally {
    tracker.dispose();
    await session.dispose();
    await client.dispose();
    await emu.close();
  }
}

/** Stacklets of the account in the "beyond the first page" run, and the tasks spread over them. */
const SPREAD_STACKLETS = 10_000;
const SPREAD_TASK_MS = 20_000;

/**
 * Tasks beyond the first page: 20 tasks spread evenly over a 10,000-stacklet listing (all but one beyond
 * the 200 items of the first page), ending together. Each must be seen to end at the first check after its
 * end; the requests a check makes are set beside a naive poller that asks for each task's stacklet.
 */
export async function spreadTaskFigures(log: (line: string) => void): Promise<Figure[]> {
  const clock = new FakeClock();
  const emu = await startEmulator({ port: 0, seed: 'empty', extraStacklets: SPREAD_STACKLETS, taskMs: SPREAD_TASK_MS, clock: () => clock.now() });
  const client = new StackletClient({ baseUrl: emu.url, token: emu.demoToken });
  const { stateStore: state, registry } = memoryStores();
  const session = new SessionManager(registry, () => ({ pageConcurrency: 12, allowInsecureHttp: false, requestTimeoutMs: 30_000 }), () =>
    Promise.reject(new Error('no embedded emulator here')),
  );
  const tracker = new TaskTracker({ session, storage: state, clock, settings: () => ({ pollIntervalMs: POLL_MS, timeoutMs: 15 * MINUTE }) });
  const seenAt = new Map<string, number>();
  tracker.onDidEnd(({ task }) => seenAt.set(String(task.resourceId), clock.now()));
  try {
    await session.signIn(emu.url, emu.demoToken);
    const stacklets = (await client.listStacklets()).items.filter((s) => s.status === 'active');
    const step = Math.floor(stacklets.length / TASKS);
    const endsAt = new Map<string, number>();
    for (let index = 0; index < TASKS; index++) {
      const started = await client.powerOff(stacklets[index * step]!.id);
      if (!started.task) throw new Error(`power off of ${started.name} started no task`);
      tracker.track({ kind: 'stacklet', resourceId: started.id, resourceName: started.name, task: started.task });
      endsAt.set(String(started.id), clock.now() + SPREAD_TASK_MS);
    }
    const checks: number[] = [];
    const before = total(emu);
    while (tracker.running().length > 0) {
      if (!(await clock.step(() => tracker.idle()))) break;
      checks.push(clock.now());
    }
    const requests = total(emu) - before;
    // For each task: the checks that came after its end and before the one that saw it (0: seen at once).
    const late = [...endsAt].map(([id, end]) => checks.filter((at) => at >= end && at < (seenAt.get(id) ?? Infinity)).length);
    const worstLate = Math.max(...late);
    const perCheck = requests / Math.max(checks.length, 1);
    log(`polling: ${TASKS} tasks over ${SPREAD_STACKLETS} stacklets: ${checks.length} checks, ${requests} requests (${perCheck.toFixed(1)} per check), seen ${seenAt.size}/${TASKS}, worst ${worstLate} check(s) late`);
    if (seenAt.size !== TASKS) throw new Error(`only ${seenAt.size} of ${TASKS} tasks were seen to end`);
    return [
      {
        id: 'polling.spreadLate',
        label: `${TASKS} tasks spread over ${SPREAD_STACKLETS} stacklets: checks after a task's end before it is seen`,
        value: worstLate,
        unit: 'checks',
        better: 'lower',
        target: { value: 0, text: 'seen at the first check after its end' },
        tracked: { value: worstLate, better: 'lower' },
      },
      {
        id: 'polling.spreadPerCheck',
        label: `${TASKS} tasks spread over ${SPREAD_STACKLETS} stacklets: requests per check`,
        value: Number(perCheck.toFixed(2)),
        unit: 'requests',
        better: 'lower',
        target: { value: TASKS, text: `≤ ${TASKS}, what a per-task poller sends` },
        baseline: { label: 'naive per-task poller, per check', value: TASKS },
        ratio: { value: TASKS / Math.max(perCheck, 1), text: `${times(TASKS / Math.max(perCheck, 1))} of the naive poller's` },
        tracked: { value: Number(perCheck.toFixed(2)), better: 'lower' },
      },
    ];
  } finally {
    tracker.dispose();
    await session.dispose();
    await client.dispose();
    await emu.close();
  }
}
