// Soak: 1,000 mixed operations (lists, reads, creates, renames, actions, deletes) from four concurrent workers
// while the emulator breaks 20 % of the requests with every fault kind it knows. Counted and required: no
// unhandled rejection or uncaught exception; every operation succeeds or rejects with one ApiError; no write
// repeated by the client and no effect applied twice by the emulator (each logical write carries a unique name,
// path or value, matched against the emulator's log of applied writes). Then, with faults off, the same
// ResourceStore and TaskTracker that lived through the faults serve and settle everything again.
import * as assert from 'node:assert/strict';
import { StackletClient, type ClientOptions } from '../../src/api/client';
import { ApiError, isApiError } from '../../src/api/errors';
import type { Stacklet, Task, Volume } from '../../src/api/schemas';
import type { RequestLogEntry } from '../../src/api/transport';
import type { Account } from '../../src/auth/accountRegistry';
import type { ActiveSession, SessionState } from '../../src/auth/session';
import { FAULT_KINDS } from '../../src/emulator/options';
import { startEmulator, type EmulatorHandle } from '../../src/emulator/server';
import type { EmulatorStats } from '../../src/emulator/stats';
import { Emitter } from '../../src/model/emitter';
import { ResourceStore } from '../../src/kinds/resourceStore';
import { TaskTracker, type TaskEnd, type TaskFailure } from '../../src/tasks/taskTracker';
import type { TaskKind } from '../../src/tasks/types';
import { FakeClock } from './support/fakeClock';
import { crashRecorder, seeded } from './support/helpers';

const OPS = 1000;
const WORKERS = 4;
const FAULT_RATE = 0.2;
/** Every this many operations, a worker refreshes the store's listings and fires the tracker's next check. */
const UI_EVERY = 25;
const CLIENT: Partial<ClientOptions> = {
  // hangMs (below) outlasts this, so a hanging answer ends as a timeout on the client's side.
  requestTimeoutMs: 150,
  // Retry-After: 1 (503, 429) is above maxDelayMs: those reads fail at once rather than wait a second.
  retry: { maxAttempts: 3, baseDelayMs: 5, maxDelayMs: 50, budgetMs: 1500 },
  perPage: 100,
};
const HANG_MS = 400;
const STACKLET = { size: 'b-1vcpu-1gb', region: 'fra', image: 'ubuntu-22-04-x64' };

/** A logical write as the emulator logs it once applied: the key two attempts of the same write share. */
interface Write {
  readonly method: string;
  readonly path: string;
  readonly body: unknown;
}

const writeKey = (w: Write): string => `${w.method} ${w.path} ${JSON.stringify(w.body)}`;

interface Op {
  readonly name: string;
  readonly write?: Write;
  run(client: StackletClient): Promise<unknown>;
  /** What the model learns from a success. */
  learn?(result: unknown): void;
}

interface Outcome {
  readonly op: Op;
  readonly error?: unknown;
  readonly attempts: number;
}

/** What the workload knows exists. Deletes take their target out at once, so no path is deleted twice. */
class Model {
  stacklets: { id: number; name: string }[] = [];
  volumes: { id: string; size: number }[] = [];
  firewalls: string[] = [];
  userdata: string[] = [];
  vpcs: string[] = [];
  snapshots = new Set<number>();
  /** Power actions sent per stacklet: each at most once, so (path, body) stays unique. */
  readonly powered = new Map<number, Set<string>>();
  private n = 0;

  unique(prefix: string): string {
    return `${prefix}-${++this.n}`;
  }

  take<T>(list: T[], random: () => number): T | undefined {
    if (list.length === 0) return undefined;
    return list.splice(Math.floor(random() * list.length), 1)[0];
  }

  pick<T>(list: readonly T[], random: () => number): T | undefined {
    return list.length === 0 ? undefined : list[Math.floor(random() * list.length)];
  }
}

/** Starts following a task the service answered with (as the commands do). */
type Track = (kind: TaskKind, resource: { id: number | string; name: string; task?: Task | null }) => void;

type Planner = () => Op | undefined;

const write = (method: string, path: string, body: unknown = {}): Write => ({ method, path, body });

/** A create: POST `body` to `path` with `run`, and learn what the answer says was made. */
function createOp<T>(name: string, path: string, body: object, run: (c: StackletClient) => Promise<T>, learn: (made: T) => void): Op {
  return { name, write: write('POST', path, body), run, learn: (r) => learn(r as T) };
}

/** Create, rename and delete of a kind named by uuid, with their weights in the mix. */
function uuidFamily(
  model: Model,
  random: () => number,
  list: string[],
  path: string,
  weights: readonly [number, number, number],
  create: () => { body: object; run: (c: StackletClient) => Promise<unknown> },
  rename: (uuid: string) => { method: string; body: object; run: (c: StackletClient) => Promise<unknown> },
  remove: (c: StackletClient, uuid: string) => Promise<void>,
): [number, Planner][] {
  const kind = path.split('/')[2]!;
  return [
    [weights[0], () => {
      const { body, run } = create();
      return createOp(`create ${kind}`, path, body, run, (made) => void list.push((made as { uuid: string }).uuid));
    }],
    [weights[1], () => {
      const uuid = model.pick(list, random);
      if (uuid === undefined) return undefined;
      const { method, body, run } = rename(uuid);
      return { name: `rename ${kind}`, write: write(method, `${path}/${uuid}`, body), run };
    }],
    [weights[2], () => {
      const uuid = model.take(list, random);
      return uuid === undefined ? undefined : { name: `delete ${kind}`, write: write('DELETE', `${path}/${uuid}`), run: (c) => remove(c, uuid) };
    }],
  ];
}

/** The mix: about 40 % reads, the rest creates, renames, actions and deletes. A planner with no target reads. */
function planners(model: Model, random: () => number, track: Track): [number, Planner][] {
  const read = (name: string, run: (c: StackletClient) => Promise<unknown>, learn?: (r: unknown) => void): Planner => () => ({ name, run, ...(learn ? { learn } : {}) });
  const stacklet = (name: string, body: Record<string, unknown>, run: (c: StackletClient, id: number) => Promise<Stacklet>): Planner => () => {
    const s = model.pick(model.stacklets, random);
    return s && { name, write: write('POST', `/v1/stacklets/${s.id}`, body), run: (c) => run(c, s.id), learn: (r) => track('stacklet', r as Stacklet) };
  };
  const volume = (name: string, body: (v: { id: string; size: number }) => Record<string, unknown>, run: (c: StackletClient, v: { id: string; size: number }, body: Record<string, unknown>) => Promise<Volume>): Planner => () => {
    const v = model.pick(model.volumes, random);
    if (!v) return undefined;
    const b = body(v);
    return { name, write: write('PUT', `/v1/volumes/${v.id}`, b), run: (c) => run(c, v, b), learn: (r) => track('volume', r as Volume) };
  };
  return [
    [8, read('listStacklets', (c) => c.listStacklets())],
    [6, read('listVolumes', (c) => c.listVolumes())],
    [5, read('listFirewalls', (c) => c.listFirewalls())],
    [5, read('listUserdata', (c) => c.listUserdata())],
    [4, read('getProfile', (c) => c.getProfile())],
    [4, read('listSnapshots', (c) => c.listSnapshots(), (r) => (r as { items: { id: number }[] }).items.forEach((s) => model.snapshots.add(s.id)))],
    [4, read('listRegions', (c) => c.listRegions())],
    [4, () => {
      const s = model.pick(model.stacklets, random);
      return s && { name: 'getStacklet', run: (c) => c.getStacklet(s.id) };
    }],
    ...uuidFamily(model, random, model.userdata, '/v1/userdata', [6, 3, 2],
      () => {
        const body = { name: model.unique('soak-ud'), userdata: '#!/bin/sh\necho soak\n' };
        return { body, run: (c) => c.createUserdata(body) };
      },
      (uuid) => {
        const body = { name: model.unique('soak-ud-renamed'), userdata: '#!/bin/sh\necho renamed\n' };
        return { method: 'PUT', body, run: (c) => c.updateUserdata(uuid, body) };
      },
      (c, uuid) => c.deleteUserdata(uuid)),
    ...uuidFamily(model, random, model.firewalls, '/v1/firewalls', [4, 3, 2],
      () => {
        const body = { name: model.unique('soak-fw'), inbound_rules: [{ address: '0.0.0.0/0', port: 22, protocol: 'tcp' }], outbound_rules: [] };
        return { body, run: (c) => c.createFirewall(body) };
      },
      (uuid) => {
        const name = model.unique('soak-fw-renamed');
        return { method: 'PUT', body: { name }, run: (c) => c.renameFirewall(uuid, name) };
      },
      (c, uuid) => c.deleteFirewall(uuid)),
    ...uuidFamily(model, random, model.vpcs, '/v1/vpcs', [3, 2, 2],
      () => {
        const name = model.unique('soak-vpc');
        const n = Number(name.split('-').pop());
        const body = { name, cidr: `10.${100 + Math.floor(n / 256)}.${n % 256}.0/24` };
        return { body, run: (c) => c.createVpc(body) };
      },
      (uuid) => {
        const name = model.unique('soak-vpc-renamed');
        return { method: 'PUT', body: { name }, run: (c) => c.renameVpc(uuid, name) };
      },
      (c, uuid) => c.deleteVpc(uuid)),
    // Stacklets: create, rename, power off / on / cycle (each at most once per stacklet), snapshot, delete.
    [5, () => {
      const body = { name: model.unique('soak-s'), ...STACKLET };
      return createOp('createStacklet', '/v1/stacklets', body, (c) => c.createStacklet(body), (s) => {
        model.stacklets.push({ id: s.id, name: s.name });
        track('stacklet', s);
      });
    }],
    [4, () => {
      const name = model.unique('soak-renamed');
      return stacklet('renameStacklet', { action: 'rename', name }, (c, id) => c.renameStacklet(id, name))();
    }],
    [5, () => {
      const s = model.pick(model.stacklets, random);
      const done = s ? (model.powered.get(s.id) ?? new Set<string>()) : undefined;
      const action = done && (['power_off', 'power_on', 'power_cycle'] as const).find((a) => !done.has(a));
      if (!s || !done || !action) return undefined;
      done.add(action);
      model.powered.set(s.id, done);
      const run = { power_off: (c: StackletClient) => c.powerOff(s.id), power_on: (c: StackletClient) => c.powerOn(s.id), power_cycle: (c: StackletClient) => c.powerCycle(s.id) }[action];
      return { name: action, write: write('POST', `/v1/stacklets/${s.id}`, { action }), run, learn: (r) => track('stacklet', r as Stacklet) };
    }],
    [2, () => {
      const name = model.unique('soak-snap');
      return stacklet('snapshotStacklet', { action: 'snapshot', name }, (c, id) => c.snapshotStacklet(id, name))();
    }],
    [4, () => {
      const s = model.take(model.stacklets, random);
      return s && { name: 'deleteStacklet', write: write('DELETE', `/v1/stacklets/${s.id}`), run: (c) => c.deleteStacklet(s.id) };
    }],
    // Volumes: create on a stacklet, rename, resize (always larger than any size sent before), delete.
    [3, () => {
      const s = model.pick(model.stacklets, random);
      if (!s) return undefined;
      const body = { name: model.unique('soak-vol'), stacklet_id: s.id, size_gigabytes: 10 };
      return createOp('createVolume', '/v1/volumes', body, (c) => c.createVolume(body), (v) => {
        model.volumes.push({ id: v.id, size: v.size_gigabytes });
        track('volume', v);
      });
    }],
    [3, volume('renameVolume', () => ({ action: 'rename', name: model.unique('soak-vol-renamed') }), (c, v, b) => c.renameVolume(v.id, b['name'] as string))],
    [3, volume('resizeVolume', (v) => ({ action: 'resize', size_gigabytes: (v.size += 1) }), (c, v, b) => c.resizeVolume(v.id, b['size_gigabytes'] as number))],
    [1, () => {
      const v = model.take(model.volumes, random);
      return v && { name: 'deleteVolume', write: write('DELETE', `/v1/volumes/${v.id}`), run: (c) => c.deleteVolume(v.id) };
    }],
    [3, () => {
      const id = model.pick([...model.snapshots], random);
      if (id === undefined) return undefined;
      const name = model.unique('soak-snap-renamed');
      return { name: 'renameSnapshot', write: write('POST', `/v1/snapshots/${id}`, { action: 'rename', name }), run: (c) => c.renameSnapshot(id, name), learn: (r) => track('snapshot', r as { id: number; name: string; task?: Task | null }) };
    }],
  ];
}

function plan(mix: readonly [number, Planner][], random: () => number): Op {
  const total = mix.reduce((sum, [weight]) => sum + weight, 0);
  let roll = random() * total;
  for (const [weight, planner] of mix) {
    roll -= weight;
    if (roll < 0) return planner() ?? { name: 'listStacklets', run: (c) => c.listStacklets() };
  }
  return { name: 'listStacklets', run: (c) => c.listStacklets() };
}

function tally<T>(items: readonly T[], key: (item: T) => string | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const item of items) {
    const k = key(item);
    if (k !== undefined) out[k] = (out[k] ?? 0) + 1;
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}

const errorLabel = (error: unknown): string => (isApiError(error) ? (error.status !== undefined && error.kind === 'http' ? `http ${error.status}` : error.kind) : `NOT AN ApiError: ${String(error)}`);

describe('soak: 1,000 operations under 20 % injected faults, then recovery', function () {
  this.timeout(120_000);

  let emu: EmulatorHandle;
  let reader: StackletClient;
  const clients: StackletClient[] = [];
  const outcomes: Outcome[] = [];
  const log: RequestLogEntry[] = [];
  let window: EmulatorStats;
  let crashes: unknown[] = [];
  let seconds = 0;

  // What lives through the faults and must recover without being recreated.
  // The tracker's timers fire when the test says so: no waiting on real time.
  const clock = new FakeClock();
  const ends: TaskEnd[] = [];
  const failures: TaskFailure[] = [];
  const storeErrors: ApiError[] = [];
  let store: ResourceStore;
  let tracker: TaskTracker;
  let session: { state: SessionState; accounts: Account[]; current(): Promise<ActiveSession>; markExpired(): Promise<void>; onDidChange: Emitter<SessionState>['event'] };

  const makeClient = (onRequest?: (entry: RequestLogEntry) => void): StackletClient => {
    const client = new StackletClient({ baseUrl: emu.url, token: emu.demoToken, ...CLIENT, ...(onRequest ? { onRequest } : {}) });
    clients.push(client);
    return client;
  };

  /** A view refresh (every listing the explorer shows first) and one tracker check; failures are expected. */
  let uiBusy = false;
  async function uiTick(): Promise<void> {
    if (uiBusy) return;
    uiBusy = true;
    try {
      store.invalidate('stacklet', 'volume', 'firewall', 'userdata');
      await Promise.allSettled([store.get('stacklet'), store.get('volume'), store.get('firewall'), store.get('userdata')]);
      await clock.step(() => tracker.idle());
    } finally {
      uiBusy = false;
    }
  }

  before(async () => {
    emu = await startEmulator({ port: 0, host: '127.0.0.1', faultKinds: FAULT_KINDS, hangMs: HANG_MS, taskMs: 30, random: seeded(8_2026) });
    reader = makeClient();
    const model = new Model();
    model.stacklets = (await reader.listStacklets()).items.map((s) => ({ id: s.id, name: s.name }));
    model.volumes = (await reader.listVolumes()).items.map((v) => ({ id: v.id, size: v.size_gigabytes }));
    model.firewalls = (await reader.listFirewalls()).items.map((f) => f.uuid);
    model.userdata = (await reader.listUserdata()).items.map((u) => u.uuid);
    model.vpcs = (await reader.listVpcs()).items.map((v) => v.uuid);
    for (const s of (await reader.listSnapshots()).items) model.snapshots.add(s.id);

    const account: Account = { id: 'soak-account', apiUrl: emu.url, email: 'demo@stacklet.example', profileUuid: 'soak', isEmulator: false };
    const changed = new Emitter<SessionState>();
    const client = makeClient();
    store = new ResourceStore(client);
    store.onDidFail((error) => storeErrors.push(error));
    session = {
      state: { kind: 'active', account },
      accounts: [account],
      current: () => Promise.resolve({ account, client, store }),
      markExpired: async () => assert.fail('no request of the soak answers 401'),
      onDidChange: changed.event,
    };
    tracker = new TaskTracker({ session, clock, settings: () => ({ pollIntervalMs: 2000, timeoutMs: 24 * 3_600_000 }) });
    tracker.onDidEnd((end) => ends.push(end));
    tracker.onDidFail((failure) => failures.push(failure));
    const track: Track = (kind, resource) => {
      if (resource.task) tracker.track({ kind, resourceId: resource.id, resourceName: resource.name, task: resource.task });
    };

    const random = seeded(20_260_601);
    const mix = planners(model, random, track);
    const workers = Array.from({ length: WORKERS }, () => {
      let current: Op | undefined;
      let attempts = 0;
      const client = makeClient((entry) => {
        log.push(entry);
        if (current) attempts++;
      });
      return { client, begin: (op: Op) => ((current = op), (attempts = 0)), attempts: () => attempts };
    });

    emu.configure({ faultRate: FAULT_RATE });
    emu.resetStats();
    const recorder = crashRecorder();
    const started = Date.now();
    let issued = 0;
    try {
      await Promise.all(
        workers.map(async (worker) => {
          while (issued < OPS) {
            const op = plan(mix, random);
            issued++;
            worker.begin(op);
            try {
              const result = await op.run(worker.client);
              op.learn?.(result);
              outcomes.push({ op, attempts: worker.attempts() });
            } catch (error) {
              outcomes.push({ op, error, attempts: worker.attempts() });
            }
            if (issued % UI_EVERY === 0) await uiTick();
          }
        }),
      );
      // Let anything the workers left behind settle while the recorder still listens.
      await new Promise((resolve) => setTimeout(resolve, HANG_MS + 50));
    } finally {
      recorder.stop();
    }
    seconds = (Date.now() - started) / 1000;
    crashes = recorder.crashes;
    emu.configure({ faultRate: 0 });
    window = emu.stats();
  });

  after(async () => {
    tracker?.dispose();
    store?.dispose();
    await Promise.all(clients.map((c) => c.dispose()));
    await emu?.close();
  });

  it('prints the counts', () => {
    const writes = outcomes.filter((o) => o.op.write);
    const faults = window.requests.filter((r) => r.fault !== undefined);
    const applied = window.applied;
    const keys = tally(applied, (a) => writeKey(a as Write));
    const figures = {
      operations: outcomes.length,
      reads: outcomes.length - writes.length,
      writes: writes.length,
      byOperation: tally(outcomes, (o) => o.op.name),
      requests: window.requests.length,
      attempts: log.length,
      retries: log.filter((e) => e.attempt > 1).length,
      faultsInjected: faults.length,
      faultRate: `${((100 * faults.length) / window.requests.length).toFixed(1)} %`,
      faultsByKind: tally(faults, (r) => r.fault),
      succeeded: outcomes.filter((o) => o.error === undefined).length,
      errorsByKind: tally(outcomes.filter((o) => o.error !== undefined), (o) => errorLabel(o.error)),
      readErrors: outcomes.filter((o) => !o.op.write && o.error !== undefined).length,
      writeErrors: writes.filter((o) => o.error !== undefined).length,
      appliedWrites: applied.length,
      appliedButReportedFailed: writes.filter((o) => o.error !== undefined && (keys[writeKey(o.op.write!)] ?? 0) > 0).length,
      deletesReadAsDoneWithoutEffect: writes.filter((o) => o.error === undefined && o.op.write!.method === 'DELETE' && (keys[writeKey(o.op.write!)] ?? 0) === 0).length,
      duplicatedEffects: Object.values(keys).filter((count) => count > 1).length,
      unhandledRejectionsAndCrashes: crashes.length,
      viewRefreshErrors: storeErrors.length,
      seconds: Number(seconds.toFixed(1)),
    };
    console.log(`      soak figures: ${JSON.stringify(figures, null, 2).replace(/\n/g, '\n      ')}`);
    assert.equal(outcomes.length, OPS);
  });

  it('injected about 20 % faults, of every kind, on reads and on writes', () => {
    const faults = window.requests.filter((r) => r.fault !== undefined);
    const rate = faults.length / window.requests.length;
    assert.ok(rate > 0.15 && rate < 0.25, `fault rate ${rate}`);
    assert.deepEqual(Object.keys(tally(faults, (r) => r.fault)).sort(), [...FAULT_KINDS].sort());
    assert.ok(faults.some((r) => r.method === 'GET') && faults.some((r) => r.method !== 'GET'));
  });

  it('had no unhandled rejection and no uncaught exception', () => {
    assert.deepEqual(crashes.map(String), []);
  });

  it('ended every operation in a result or exactly one ApiError, never another error type', () => {
    const foreign = outcomes.filter((o) => o.error !== undefined && !(o.error instanceof ApiError));
    assert.deepEqual(foreign.map((o) => `${o.op.name}: ${String(o.error)}`), []);
    for (const { op, error } of outcomes) {
      if (error === undefined) continue;
      const e = error as ApiError;
      assert.ok(e.message.length > 0 && e.message.includes(e.method), `${op.name}: a sentence naming the operation (${e.message})`);
    }
    // Some of each: a soak that only succeeded or only failed would prove little.
    assert.ok(outcomes.filter((o) => o.error === undefined).length > OPS / 2);
    assert.ok(outcomes.filter((o) => o.error !== undefined).length > 20);
  });

  it('sent every write exactly once, and retried reads within the attempt budget', () => {
    for (const { op, attempts } of outcomes) {
      if (op.write) assert.equal(attempts, 1, `${op.name} was sent ${attempts} times`);
      else assert.ok(attempts >= 1 && attempts <= 3, `${op.name}: ${attempts} attempts`);
    }
    assert.ok(log.some((e) => e.attempt > 1), 'some reads were retried');
  });

  it('applied no write twice: each logical write at most once, each success exactly once, each refusal never', () => {
    const keys = outcomes.filter((o) => o.op.write).map((o) => writeKey(o.op.write!));
    assert.equal(new Set(keys).size, keys.length, 'the workload gives every logical write its own key');
    const applied = tally(window.applied, (a) => writeKey(a as Write));
    const duplicated = Object.entries(applied).filter(([, count]) => count > 1);
    assert.deepEqual(duplicated, [], 'no effect applied twice');
    // A wrong-shape fault turns any answer, a refusal included, into a 200 with a JSON body. The client
    // validates the body of every answer but a DELETE's, so only a DELETE can read such a refusal as done.
    let refusedButAnswered200 = 0;
    for (const { op, error } of outcomes) {
      if (!op.write) continue;
      const count = applied[writeKey(op.write)] ?? 0;
      if (error === undefined && op.write.method === 'DELETE' && count === 0) refusedButAnswered200++;
      else if (error === undefined) assert.equal(count, 1, `${op.name} succeeded, so it was applied once`);
      else if ((error as ApiError).kind === 'http') assert.equal(count, 0, `${op.name} was answered ${(error as ApiError).status}: nothing applied`);
      else assert.ok(count <= 1, `${op.name}`);
    }
    const wrongShapeDeletes = window.requests.filter((r) => r.method === 'DELETE' && r.fault === 'wrong-shape').length;
    assert.ok(refusedButAnswered200 <= wrongShapeDeletes, `${refusedButAnswered200} deletes read as done without effect; ${wrongShapeDeletes} wrong-shape faults on deletes`);
    const matched = new Set(keys);
    assert.deepEqual(window.applied.filter((a) => !matched.has(writeKey(a as Write))), [], 'every applied write is one the workload sent');
  });

  it('the same ResourceStore serves every listing again once faults stop, matching the service', async () => {
    // A hard outage first: every request fails, so the store holds failures and no value.
    emu.configure({ faultRate: 1 });
    store.invalidate('stacklet', 'volume');
    const outage = await Promise.allSettled([store.get('stacklet'), store.get('volume')]);
    assert.ok(outage.every((r) => r.status === 'rejected' && r.reason instanceof ApiError));
    emu.configure({ faultRate: 0 });

    for (const kind of ['stacklet', 'volume', 'firewall', 'userdata', 'vpc', 'snapshot'] as const) {
      store.invalidate(kind);
      const listing = await store.get(kind);
      const truth = await (kind === 'stacklet' ? reader.listStacklets() : kind === 'volume' ? reader.listVolumes() : kind === 'firewall' ? reader.listFirewalls() : kind === 'userdata' ? reader.listUserdata() : kind === 'vpc' ? reader.listVpcs() : reader.listSnapshots());
      const ids = (items: readonly unknown[]) => items.map((i) => String((i as { id?: unknown; uuid?: unknown }).id ?? (i as { uuid: unknown }).uuid)).sort();
      assert.deepEqual(ids(listing.items), ids(truth.items), kind);
      assert.equal(listing.source, 'service');
    }
  });

  it('the same TaskTracker, after failing checks, follows every task to its end once faults stop', async () => {
    // Fresh tasks that the tracker cannot see end while every request fails.
    const idle = (await reader.listStacklets()).items.filter((s) => s.status === 'active' && !s.task).slice(0, 3);
    assert.equal(idle.length, 3);
    for (const s of idle) {
      const cycled = await reader.powerCycle(s.id);
      tracker.track({ kind: 'stacklet', resourceId: s.id, resourceName: s.name, task: cycled.task! });
    }
    const failuresBefore = failures.length;
    emu.configure({ faultRate: 1 });
    for (let i = 0; i < 3; i++) assert.ok(await clock.step(() => tracker.idle()), 'a check is armed while tasks run');
    assert.ok(tracker.running().length >= 3, 'failing checks drop no task');
    assert.ok(failures.length - failuresBefore <= 1, 'a run of failures is reported at most once');
    emu.configure({ faultRate: 0 });

    const endedBefore = ends.length;
    let checks = 0;
    while (tracker.running().length > 0 && checks < 50) {
      assert.ok(await clock.step(() => tracker.idle()), 'a check is armed while tasks run');
      checks++;
    }
    assert.deepEqual(tracker.running(), [], `every task ended within ${checks} checks`);
    assert.equal(tracker.scheduled, false, 'no timer once nothing runs');
    const endedNow = ends.slice(endedBefore).map((end) => end.task.resourceId);
    for (const s of idle) assert.ok(endedNow.includes(s.id), `${s.name}'s power cycle was seen to end`);
    const cached = (await store.get('stacklet')).items;
    for (const s of idle) assert.equal(cached.find((c) => c.id === s.id)?.task ?? null, null, `${s.name} shows no task in the store`);
    console.log(`      tracker: ${ends.length} task ends seen in all, ${failures.length} failure report(s), recovered in ${checks} check(s) after the faults stopped`);
  });
});
