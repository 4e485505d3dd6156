// The tracker's pure parts: the backoff rule and the stored form of running tasks.
import * as assert from 'node:assert/strict';
import { MAX_ERROR_INTERVAL_MS, MAX_INTERVAL_MS, pollDelay } from '../../src/tasks/schedule';
import { readTasks, STORAGE_KEY, writeTasks, type TaskMemento } from '../../src/tasks/taskStorage';
import { taskKey } from '../../src/tasks/types';
import type { TrackedTask } from '../../src/tasks/types';

function memento(initial?: unknown): TaskMemento & { value: unknown } {
  const store = {
    value: initial,
    get: <T>(key: string) => (key === STORAGE_KEY ? (store.value as T) : undefined),
    update: async (key: string, value: unknown) => {
      if (key === STORAGE_KEY) store.value = value;
    },
  };
  return store;
}

describe('tasks: backoff', () => {
  it('keeps the base interval for three checks, then grows by half up to 30 s', () => {
    const delays = Array.from({ length: 12 }, (_, ticks) => pollDelay({ baseMs: 2000, ticksSinceTrack: ticks, errorStreak: 0 }));
    assert.deepEqual(delays, [2000, 2000, 2000, 3000, 4500, 6750, 10125, 15188, 22781, 30000, 30000, 30000]);
  });

  it('never goes below a base interval longer than the cap', () => {
    assert.equal(pollDelay({ baseMs: 60_000, ticksSinceTrack: 50, errorStreak: 0 }), 60_000);
    assert.equal(pollDelay({ baseMs: 60_000, ticksSinceTrack: 0, errorStreak: 0 }), 60_000);
  });

  it('doubles per failure up to 2 min, and never below the normal interval', () => {
    const delays = Array.from({ length: 8 }, (_, streak) => pollDelay({ baseMs: 2000, ticksSinceTrack: 1, errorStreak: streak }));
    assert.deepEqual(delays, [2000, 4000, 8000, 16_000, 32_000, 64_000, MAX_ERROR_INTERVAL_MS, MAX_ERROR_INTERVAL_MS]);
    assert.equal(pollDelay({ baseMs: 2000, ticksSinceTrack: 40, errorStreak: 1 }), MAX_INTERVAL_MS);
  });
});

describe('tasks: stored form', () => {
  const task: TrackedTask = {
    key: taskKey('acct', 'stacklet', 7, 3),
    accountId: 'acct',
    kind: 'stacklet',
    resourceId: 7,
    resourceName: 'web-1',
    task: { id: 3, name: 'resize', description: { progress: 'stacklet is resizing', completed: 'stacklet was resized' } },
    startedAt: 2000,
  };

  it('round-trips, oldest first, and clears the key when nothing runs', async () => {
    const m = memento();
    const older = { ...task, key: taskKey('acct', 'volume', 'v-1', 4), kind: 'volume' as const, resourceId: 'v-1', task: { ...task.task, id: 4 }, startedAt: 1000 };
    await writeTasks(m, [task, older]);
    assert.deepEqual(await readTasks(m), [older, task]);
    await writeTasks(m, []);
    assert.equal(m.value, undefined);
    assert.equal(task.key, 'acct:stacklet:7:3');
  });

  it('reads what 0.1 stored under the names of its listings as today\'s kinds, with today\'s keys', async () => {
    const stored = { ...task, key: 'acct:stacklets:7:3', kind: 'stacklets' };
    assert.deepEqual(await readTasks(memento([stored])), [task]);
  });

  it('drops entries that do not parse and survives a value that is not a list', async () => {
    assert.deepEqual(await readTasks(memento({ not: 'a list' })), []);
    assert.deepEqual(await readTasks(memento([task, { ...task, kind: 'firewall' }, { key: 'x' }, null])), [task]);
    assert.deepEqual(await readTasks(undefined), []);
  });
});
