// The task tracker against the real emulator over HTTP, with one clock shared by both so every tick and every
// task end is exact: how many requests each tick makes (counted by the emulator), when the interval grows,
// when polling stops, and what survives a reload.
import * as assert from 'node:assert/strict';
import { StackletClient } from '../../src/api/client';
import type { Stacklet, Task } from '../../src/api/schemas';
import { SessionManager } from '../../src/auth/session';
import { requestsSince } from '../../src/emulator/stats';
import { startEmulator, type EmulatorHandle } from '../../src/emulator/server';
import { EndedGroups, groupedRegistry, newTaskGroup } from '../../src/tasks/taskGroups';
import { STORAGE_KEY } from '../../src/tasks/taskStorage';
import { TaskTracker, type TaskEnd, type TaskFailure, type TrackerSettings } from '../../src/tasks/taskTracker';
import type { TaskStart, TrackedTask } from '../../src/tasks/types';
import { FakeClock } from './support/fakeClock';
import { memoryStores } from './support/helpers';

const clientSettings = () => ({ pageConcurrency: 4, allowInsecureHttp: false, requestTimeoutMs: 5000 });
const noEmulator = () => Promise.reject(new Error('no embedded emulator in this test'));
const MINUTE = 60_000;

type Counts = Record<string, number>;

function counts(emu: EmulatorHandle): Counts {
  return { ...emu.stats().requestCount };
}

/** Requests made since `before`, by route. */
function since(emu: EmulatorHandle, before: Counts): Counts {
  return requestsSince(emu.stats().requestCount, before);
}

interface World {
  readonly emu: EmulatorHandle;
  readonly clock: FakeClock;
  readonly session: SessionManager;
  readonly secrets: Map<string, string>;
  readonly memento: Map<string, unknown>;
  /** The test's own client, for starting operations as a command would. */
  readonly client: StackletClient;
  readonly ends: TaskEnd[];
  readonly timeouts: TrackedTask[];
  readonly failures: TaskFailure[];
  tracker(settings?: Partial<TrackerSettings>): TaskTracker;
  /** Fires the next check and waits for it; returns the requests it made. */
  tick(tracker: TaskTracker): Promise<Counts>;
}

const worlds: World[] = [];
const trackers: TaskTracker[] = [];

async function world(options: { taskMs: number; extraStacklets?: number }): Promise<World> {
  const clock = new FakeClock();
  const emu = await startEmulator({ port: 0, taskMs: options.taskMs, clock: () => clock.now(), ...(options.extraStacklets ? { extraStacklets: options.extraStacklets } : {}) });
  const { secrets, state: memento, stateStore, registry } = memoryStores();
  const session = new SessionManager(registry, clientSettings, noEmulator);
  await session.signIn(emu.url, emu.demoToken);
  const client = new StackletClient({ baseUrl: emu.url, token: emu.demoToken });
  const w: World = {
    emu, clock, session, secrets, memento, client,
    ends: [], timeouts: [], failures: [],
    tracker(settings = {}) {
      const tracker = new TaskTracker({
        session,
        storage: stateStore,
        settings: () => ({ pollIntervalMs: 2000, timeoutMs: 15 * MINUTE, ...settings }),
        clock,
      });
      tracker.onDidEnd((end) => w.ends.push(end));
      tracker.onDidTimeout((task) => w.timeouts.push(task));
      tracker.onDidFail((failure) => w.failures.push(failure));
      trackers.push(tracker);
      return tracker;
    },
    async tick(tracker) {
      const before = counts(emu);
      assert.ok(await clock.step(() => tracker.idle()), 'a check is armed');
      return since(emu, before);
    },
  };
  worlds.push(w);
  return w;
}

function start(resource: { id: number | string; name: string; task?: Task | null }, kind: TaskStart['kind']): TaskStart {
  assert.ok(resource.task, `${resource.name} answered with a task`);
  return { kind, resourceId: resource.id, resourceName: resource.name, task: resource.task };
}

async function idleStacklets(w: World, count: number): Promise<Stacklet[]> {
  const store = (await w.session.current()).store;
  const idle = (await store.get('stacklet')).items.filter((s) => s.status === 'active' && !s.task);
  assert.ok(idle.length >= count, `${count} idle stacklets (${idle.length})`);
  return idle.slice(0, count);
}

describe('TaskTracker', () => {
  afterEach(async () => {
    for (const tracker of trackers.splice(0)) tracker.dispose();
    for (const w of worlds.splice(0)) {
      await w.session.dispose();
      await w.client.dispose();
      await w.emu.close();
    }
  });

  it('follows 20 stacklet tasks with one listing request per tick, backs off, and stops when they end', async () => {
    const w = await world({ taskMs: 10_000, extraStacklets: 20 });
    const store = (await w.session.current()).store;
    const targets = await idleStacklets(w, 20);
    const tracker = w.tracker();
    for (const s of targets) tracker.track(start(await w.client.powerOff(s.id), 'stacklet'));
    tracker.track(start(await w.client.getStacklet(targets[0]!.id), 'stacklet')); // the same task again: a no-op
    assert.equal(tracker.running().length, 20);
    assert.ok(tracker.isBusy('stacklet', targets[3]!.id));
    assert.ok(!tracker.isBusy('stacklet', -1));

    const started = w.clock.now();
    const ticks: Counts[] = [];
    while (tracker.running().length > 0) ticks.push(await w.tick(tracker));
    for (const tick of ticks) assert.deepEqual(tick, { 'GET /v1/stacklets': 1 }, 'one listing request per tick, nothing else');
    assert.equal(ticks.length, 5);
    assert.deepEqual(w.clock.armed, [2000, 2000, 2000, 3000, 4500], 'the base interval for three checks, then growing');
    assert.equal(w.clock.now() - started, 13_500);

    assert.equal(w.ends.length, 20);
    assert.ok(w.ends.every((end) => (end.resource as Stacklet).status === 'off' && !end.resource!.task));
    const cached = store.peek('stacklet')!.items;
    for (const s of targets) assert.equal(cached.find((c) => c.id === s.id)!.status, 'off', 'updated in place in the store');
    assert.equal(tracker.scheduled, false);
    assert.equal(w.clock.pending, 0, 'no timer once nothing runs');

    const before = counts(w.emu);
    await w.clock.advance(60 * MINUTE, () => tracker.idle());
    assert.deepEqual(since(w.emu, before), {}, 'no request while nothing runs');
  });

  it('asks once per kind per tick: listings for kinds with several tasks, the resource for a lone one', async () => {
    const w = await world({ taskMs: 5000 });
    const store = (await w.session.current()).store;
    const volumes = (await store.get('volume')).items.slice(0, 2);
    const snapshot = (await store.get('snapshot')).items[0]!;
    assert.equal(volumes.length, 2);
    const tracker = w.tracker();
    for (const s of await idleStacklets(w, 2)) tracker.track(start(await w.client.powerOff(s.id), 'stacklet'));
    for (const v of volumes) tracker.track(start(await w.client.renameVolume(v.id, `${v.name}-renamed`), 'volume'));
    tracker.track(start(await w.client.renameSnapshot(snapshot.id, 'renamed-snapshot'), 'snapshot'));
    assert.equal(tracker.running().length, 5);

    const ticks: Counts[] = [];
    while (tracker.running().length > 0) ticks.push(await w.tick(tracker));
    assert.equal(ticks.length, 3);
    for (const tick of ticks) assert.deepEqual(tick, { 'GET /v1/stacklets': 1, 'GET /v1/volumes': 1, 'GET /v1/snapshots/:id': 1 });
    assert.equal(w.ends.length, 5);
    const cachedVolumes = store.peek('volume')!.items;
    for (const v of volumes) assert.equal(cachedVolumes.find((c) => c.id === v.id)!.name, `${v.name}-renamed`);
    assert.equal(store.peek('snapshot')!.items.find((c) => c.id === snapshot.id)!.name, 'renamed-snapshot');
  });

  it('tells of the tasks of one bulk action once, when the last ends, while a lone task keeps its own message', async () => {
    const w = await world({ taskMs: 3000 });
    const tracker = w.tracker();
    const [a, b, c, lone] = await idleStacklets(w, 4);
    const group = newTaskGroup('Powering off 3 stacklets');
    const grouped = groupedRegistry(tracker, group);
    for (const s of [c!, a!, b!]) grouped.track(start(await w.client.powerOff(s.id), 'stacklet'));
    assert.deepEqual(group.names, [c!.name, a!.name, b!.name], 'the members in the order the action listed them');
    const groups = new EndedGroups();
    const summaries: string[] = [];
    const alone: string[] = [];
    tracker.onDidEnd(({ task }) => (task.group ? groups.add({ ...task, group: task.group }, task.resourceName) : alone.push(task.resourceName)));
    tracker.onDidChange(() => summaries.push(...groups.settled(tracker.all())));
    let groupEnded = false;
    void tracker.allEnded(group).then(() => (groupEnded = true));
    w.clock.time += 1000;
    tracker.track(start(await w.client.powerOff(lone!.id), 'stacklet')); // ends 1 s after the group
    assert.ok(tracker.running().every((t) => (t.resourceName === lone!.name) === (t.group === undefined)));

    await w.tick(tracker); // at 2 s (1 s after the lone task came): nothing has ended
    assert.deepEqual(summaries, []);
    w.clock.time += 1000; // the group's tasks end at 3 s
    await tracker.checkNow();
    await Promise.resolve();
    assert.equal(w.ends.length, 3);
    assert.deepEqual(summaries, [`Powering off 3 stacklets: done. ${c!.name}, ${a!.name} and ${b!.name}: stacklet was powered off`], 'one summary, in the action\'s order, the names as a list');
    assert.equal(groupEnded, true, 'allEnded(group) settles while another task still runs');
    assert.deepEqual(tracker.running().map((t) => t.resourceName), [lone!.name]);
    assert.deepEqual(alone, []);

    w.clock.time += 1000;
    await tracker.checkNow();
    assert.deepEqual(alone, [lone!.name], 'the lone task is told of on its own');
    assert.equal(summaries.length, 1, 'the group is told of once');
  });

  it('follows a lone task by id and puts the resized stacklet in place', async () => {
    const w = await world({ taskMs: 3000 });
    const store = (await w.session.current()).store;
    const web1 = (await store.get('stacklet')).items.find((s) => s.name === 'web-1')!;
    const changes: string[] = [];
    store.onDidChange((change) => changes.push(change.kind));
    const tracker = w.tracker();
    const resized = await w.client.resizeStacklet(web1.id, 'b-2vcpu-4gb');
    tracker.track(start(resized, 'stacklet'));
    assert.deepEqual(tracker.running().map((t) => [t.resourceName, t.task.description.progress]), [['web-1', 'stacklet is resizing']]);

    assert.deepEqual(await w.tick(tracker), { 'GET /v1/stacklets/:id': 1 });
    assert.equal(w.ends.length, 0, 'still running at 2 s');
    let ended = false;
    void tracker.allEnded().then(() => (ended = true));
    w.clock.time += 1000; // the service finishes at 3 s; checkNow asks at once instead of at 4 s
    const before = counts(w.emu);
    await tracker.checkNow();
    assert.deepEqual(since(w.emu, before), { 'GET /v1/stacklets/:id': 1 });
    assert.equal(w.ends.length, 1);
    await Promise.resolve();
    assert.equal(ended, true, 'allEnded settles');
    assert.equal(w.ends[0]!.task.task.description.completed, 'stacklet was resized');
    assert.equal((w.ends[0]!.resource as Stacklet).size.slug, 'b-2vcpu-4gb');
    assert.equal(store.peek('stacklet')!.items.find((s) => s.id === web1.id)!.size.slug, 'b-2vcpu-4gb');
    assert.deepEqual(changes, ['stacklet'], 'one in-place change, no invalidation');
    assert.equal(tracker.scheduled, false);
  });

  it('takes a 404 as the end (the resource is gone) and confirms a resource missing from the listing by id, in the same check', async () => {
    const w = await world({ taskMs: 3000 });
    const store = (await w.session.current()).store;
    const [a, b] = await idleStacklets(w, 2);
    const tracker = w.tracker();
    tracker.track(start(await w.client.powerOff(a!.id), 'stacklet'));
    // A deletion that answered with a task: the resource disappears when it ends.
    tracker.track({ kind: 'stacklet', resourceId: b!.id, resourceName: b!.name, task: { id: 990_001, name: 'destroy', description: { progress: 'stacklet is being deleted', completed: 'stacklet was deleted' } } });
    await w.client.deleteStacklet(b!.id);

    assert.deepEqual(await w.tick(tracker), { 'GET /v1/stacklets': 1, 'GET /v1/stacklets/:id': 1 }, 'two tasks: the listing, which no longer shows b, then b by id: 404');
    assert.deepEqual(w.ends.map((end) => [end.task.resourceName, end.resource]), [[b!.name, undefined]], 'absence from the listing alone ends nothing; the 404 does');
    assert.equal(store.peek('stacklet')!.items.some((s) => s.id === b!.id), false, 'removed from the store');
    assert.deepEqual(await w.tick(tracker), { 'GET /v1/stacklets/:id': 1 }, 'one task left: by id');
    assert.equal(w.ends.length, 2);
    assert.equal(tracker.scheduled, false);
  });

  it('with more than a page of a kind, sees every task at every check: the first page for those on it, by id for those beyond', async () => {
    const w = await world({ taskMs: 8000, extraStacklets: 250 });
    const store = (await w.session.current()).store;
    const all = (await store.get('stacklet')).items;
    assert.ok(all.length > 250);
    const idle = all.filter((s) => s.status === 'active' && !s.task);
    const onPage = idle.slice(0, 2);
    const beyond = idle.slice(-3);
    assert.ok(beyond.every((s) => all.indexOf(s) >= 200), 'three tasks beyond the first page');
    const tracker = w.tracker();
    const started = w.clock.now();
    for (const s of [...onPage, ...beyond]) tracker.track(start(await w.client.powerOff(s.id), 'stacklet'));

    const ticks: Counts[] = [];
    const endedAt: number[] = [];
    while (tracker.running().length > 0) {
      ticks.push(await w.tick(tracker));
      for (const _ of w.ends.slice(endedAt.length)) endedAt.push(ticks.length);
      assert.ok(ticks.length < 20);
    }
    // The first check learns where each resource is; then the two on the first page share it, the rest by id.
    assert.deepEqual(ticks[0], { 'GET /v1/stacklets': 1, 'GET /v1/stacklets/:id': 3 });
    for (const tick of ticks.slice(1)) assert.deepEqual(tick, { 'GET /v1/stacklets': 1, 'GET /v1/stacklets/:id': 3 });
    assert.equal(w.ends.length, 5);
    assert.ok(w.ends.every((end) => (end.resource as Stacklet).status === 'off'));
    assert.deepEqual(endedAt, [ticks.length, ticks.length, ticks.length, ticks.length, ticks.length], 'every task seen to end by the same check, the first after its end');
    assert.ok(w.clock.now() - started - 8000 <= 4500, `that check came within one interval of the end (${w.clock.now() - started - 8000} ms after it)`);
  });

  it('checks every task by id at every check when the service cannot list their kind', async () => {
    const w = await world({ taskMs: 5000 });
    const cluster = (await w.client.listKubernetesClusters()).items[0]!;
    w.emu.configure({ quirks: { noListings: true } });
    const tracker = w.tracker();
    const renamed = await w.client.renameKubernetesCluster(cluster.uuid, 'renamed-cluster');
    tracker.track(start({ ...renamed, id: renamed.uuid }, 'cluster'));
    tracker.track({ kind: 'cluster', resourceId: 'no-such-cluster', resourceName: 'gone', task: { id: 990_002, name: 'destroy', description: { progress: 'cluster is deleting', completed: 'cluster deleted' } } });
    const ticks: Counts[] = [];
    while (tracker.running().length > 0) ticks.push(await w.tick(tracker));
    assert.deepEqual(ticks, [{ 'GET /v1/kubernetes': 1, 'GET /v1/kubernetes/:uuid': 2 }, { 'GET /v1/kubernetes/:uuid': 1 }, { 'GET /v1/kubernetes/:uuid': 1 }]);
    assert.deepEqual(w.ends.map((end) => [end.task.resourceName, (end.resource as { name?: string } | undefined)?.name]), [['gone', undefined], [cluster.name, 'renamed-cluster']]);
  });

  it('reports a task that outlives the timeout once, and stops polling it', async () => {
    const w = await world({ taskMs: 60 * MINUTE });
    const tracker = w.tracker({ timeoutMs: 30_000 });
    const [s] = await idleStacklets(w, 1);
    const started = w.clock.now();
    tracker.track(start(await w.client.powerOff(s!.id), 'stacklet'));
    const ticks: Counts[] = [];
    while (w.timeouts.length === 0) ticks.push(await w.tick(tracker));
    assert.equal(w.clock.now() - started, 30_000, 'the last check falls exactly on the timeout');
    assert.deepEqual(ticks.at(-1), {}, 'the timed-out task is dropped without another request');
    assert.equal(ticks.length, 7);
    assert.equal(w.timeouts[0]!.resourceName, s!.name);
    assert.equal(w.ends.length, 0);
    assert.deepEqual(tracker.running(), []);
    assert.equal(tracker.scheduled, false);
    assert.equal(w.memento.get(STORAGE_KEY), undefined, 'dropped from the workspace state');
    const before = counts(w.emu);
    await w.clock.advance(60 * MINUTE, () => tracker.idle());
    assert.deepEqual(since(w.emu, before), {});
  });

  it('backs off on failing checks, says so once, keeps the task, and recovers', async () => {
    const w = await world({ taskMs: 60_000 });
    const tracker = w.tracker();
    const [s] = await idleStacklets(w, 1);
    tracker.track(start(await w.client.powerOff(s!.id), 'stacklet'));
    const failing = (on: boolean) => w.emu.configure({ faultRate: on ? 1 : 0, faultKinds: ['wrong-shape'] });
    failing(true);
    for (let i = 0; i < 3; i++) assert.deepEqual(await w.tick(tracker), { 'GET /v1/stacklets/:id': 1 }, 'one request per failing check');
    assert.equal(w.failures.length, 1, 'one message for a run of failures');
    assert.match(String(w.failures[0]!.error), /stacklet/i);
    assert.equal(tracker.running().length, 1, 'the task is kept');
    failing(false);
    await w.tick(tracker);
    failing(true);
    await w.tick(tracker);
    assert.equal(w.failures.length, 1, 'failing again soon after is not reported again');
    failing(false);
    while (tracker.running().length > 0) await w.tick(tracker);
    assert.equal(w.ends.length, 1);
    assert.deepEqual(w.clock.armed, [2000, 4000, 8000, 16_000, 4500, 6750, 10_125, 15_188], 'doubling per failure, back to the normal interval after a success');
  });

  it('stops on a 401 (the session expires), keeps the task, and resumes after signing in again', async () => {
    const w = await world({ taskMs: 3000 });
    // The stored token was revoked: the session's store opens with it on the first check.
    for (const [key, value] of w.secrets) if (value === w.emu.demoToken) w.secrets.set(key, 'stk_revoked_token');
    const tracker = w.tracker();
    const [s] = await (async () => {
      const listing = await w.client.listStacklets();
      return listing.items.filter((x) => x.status === 'active' && !x.task);
    })();
    tracker.track(start(await w.client.powerOff(s!.id), 'stacklet'));
    await w.tick(tracker);
    assert.equal(w.session.state.kind, 'expired');
    assert.equal(tracker.scheduled, false, 'no timer while the session is expired');
    assert.equal(tracker.all().length, 1, 'the task is kept');
    assert.deepEqual(tracker.running(), []);
    assert.equal(w.failures.length, 0, 'the session reports the expiry, not the tracker');
    const before = counts(w.emu);
    await w.clock.advance(10 * MINUTE, () => tracker.idle());
    assert.deepEqual(since(w.emu, before), {});

    await w.session.signIn(w.emu.url, w.emu.demoToken);
    assert.equal(tracker.scheduled, true);
    assert.deepEqual(await w.tick(tracker), { 'GET /v1/stacklets/:id': 1 });
    assert.equal(w.ends.length, 1);
  });

  it('survives a reload: a new tracker reads the workspace state without a request and follows the active account only', async () => {
    const w = await world({ taskMs: 5000 });
    // A second account, known but not active.
    w.emu.addAccount('stk_second_account_token', { seed: 'demo' });
    const second = await w.session.signIn(w.emu.url, 'stk_second_account_token');
    const first = w.session.accounts.find((account) => account.id !== second.id)!;
    const secondClient = new StackletClient({ baseUrl: w.emu.url, token: 'stk_second_account_token' });
    const other = (await secondClient.listStacklets()).items.find((x) => x.status === 'active')!;
    const a = w.tracker();
    a.track(start(await secondClient.powerOff(other.id), 'stacklet'));
    await secondClient.dispose();
    await w.session.switchTo(first.id);
    const [s] = await idleStacklets(w, 1);
    a.track(start(await w.client.powerOff(s!.id), 'stacklet'));
    assert.equal((w.memento.get(STORAGE_KEY) as unknown[]).length, 2);
    a.dispose();
    assert.equal(w.clock.pending, 0, 'a disposed tracker leaves no timer');

    const before = counts(w.emu);
    const b = w.tracker();
    await b.idle();
    assert.deepEqual(since(w.emu, before), {}, 'restoring makes no request');
    assert.deepEqual(b.running().map((t) => t.resourceName), [s!.name], 'only the active account is followed');
    assert.equal(b.all().length, 2, 'the other account keeps its task');
    assert.equal(b.nextCheckIn, 2000);
    while (b.running().length > 0) assert.deepEqual(await w.tick(b), { 'GET /v1/stacklets/:id': 1 });
    assert.equal(w.ends.length, 1);
    assert.deepEqual((w.memento.get(STORAGE_KEY) as TrackedTask[]).map((t) => t.accountId), [second.id]);
    assert.equal(b.scheduled, false);

    // Switching to the other account picks its task up.
    await w.session.switchTo(second.id);
    assert.equal(b.scheduled, true);
    while (b.running().length > 0) await w.tick(b);
    assert.equal(w.ends.length, 2);
    assert.equal(w.memento.get(STORAGE_KEY), undefined);
  });

  it('follows a task a loaded listing shows that nobody here follows (another window\'s, or one a reload lost), and only that one', async () => {
    const w = await world({ taskMs: 5000 });
    const [mine, theirs] = await idleStacklets(w, 2);
    const tracker = w.tracker();
    tracker.track(start(await w.client.powerOff(mine!.id), 'stacklet'));
    // Another window powers the other one off; this window sees it when the listing loads again.
    await w.client.powerOff(theirs!.id);
    const { store } = await w.session.current();
    store.invalidate('stacklet');
    await store.get('stacklet');
    assert.deepEqual(tracker.running().map((t) => t.resourceName), [mine!.name, theirs!.name]);
    assert.equal((w.memento.get(STORAGE_KEY) as unknown[]).length, 2, 'kept across a reload like any task');
    while (tracker.running().length > 0) await w.tick(tracker);
    assert.deepEqual(w.ends.map((end) => end.task.resourceName).sort(), [mine!.name, theirs!.name].sort());
    store.invalidate('stacklet');
    await store.get('stacklet');
    assert.equal(tracker.running().length, 0, 'nothing runs any more, and nothing is followed again');
  });

  it('arms no timer while signed out, and drops the tasks of an account signed out of', async () => {
    const w = await world({ taskMs: 5000 });
    const tracker = w.tracker();
    const [s] = await idleStacklets(w, 1);
    tracker.track(start(await w.client.powerOff(s!.id), 'stacklet'));
    assert.equal(tracker.scheduled, true);
    const account = w.session.accounts[0]!;
    await w.session.signOut(account.id);
    assert.equal(tracker.scheduled, false);
    assert.equal(w.clock.pending, 0);
    assert.deepEqual(tracker.all(), []);
    tracker.track(start({ id: 1, name: 'x', task: { id: 1, name: 'n', description: { progress: '', completed: '' } } }, 'stacklet'));
    assert.deepEqual(tracker.all(), [], 'nothing is tracked without an active account');
    const restored = w.tracker();
    await restored.idle();
    assert.equal(restored.scheduled, false);
  });
});
