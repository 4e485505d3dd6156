/**
 * Polling cost: 20 stacklet tasks running at once for a simulated minute, then none for a simulated hour,
 * requests counted by the emulator. The tracker and the emulator share one fake clock, so the minute takes
 * milliseconds and every tick is exact. Baseline: a naive poller asking for each task's stacklet every tick.
 */
import { StackletClient } from '../src/api/client';
import { SessionManager } from '../src/auth/session';
import { requestsSince, startEmulator, totalRequests, type EmulatorHandle } from '../src/emulator/server';
import { TaskTracker } from '../src/tasks/taskTracker';
import { FakeClock } from '../test/unit/fakeClock';
import { memoryStores } from '../test/unit/support';
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
