// The in-editor emulator's kept world (src/emulator/savedWorld.ts, embedded.ts): what a start wrote, the next
// start reads back whole; a world of another format, a broken one or one over the bound is dropped, never read
// in part; writes wait for a moment of calm and for running tasks, and Reset forgets the world.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { EmbeddedEmulator, WRITE_DELAY_MS, type WorldStorage } from '../../src/emulator/embedded';
import { MAX_SAVED_WORLD_BYTES, readSavedWorld, restoreWorld, SAVED_WORLD_FORMAT, saveWorld } from '../../src/emulator/savedWorld';
import { DEMO_TOKEN } from '../../src/emulator/options';
import { startEmulator, type EmulatorHandle } from '../../src/emulator/server';
import { Account, World } from '../../src/emulator/world';
import { FakeClock } from './support/fakeClock';
import { call, type Json } from './support/helpers';

const TASK_MS = 1000;
const FIXTURE = path.join(__dirname, '..', '..', '..', 'test', 'fixtures', 'savedWorldShape.json');

/** Every field path of a JSON value, arrays' elements merged (`stacklets[].region.slug`): the shape a format fixes. */
function shapeOf(value: unknown, at = '', into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) shapeOf(item, `${at}[]`, into);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      // vpcHosts is keyed by VPC uuid: its keys are data, not shape.
      const name = at.endsWith('vpcHosts') ? '<uuid>' : key;
      into.add(`${at}.${name}`);
      shapeOf(child, `${at}.${name}`, into);
    }
  }
  return into;
}

/** A storage in memory that counts its writes. */
function memoryStorage(): WorldStorage & { text: string | undefined; writes: number } {
  const storage = {
    text: undefined as string | undefined,
    writes: 0,
    read: async () => storage.text,
    write: async (text: string) => {
      storage.text = text;
      storage.writes++;
    },
    clear: async () => {
      storage.text = undefined;
    },
  };
  return storage;
}

describe('emulator: the kept world', function () {
  let now: number;
  const started: EmulatorHandle[] = [];
  const start = async (options: Parameters<typeof startEmulator>[0] = {}) => {
    const emu = await startEmulator({ port: 0, taskMs: TASK_MS, clock: () => now, ...options });
    started.push(emu);
    return emu;
  };
  const ok = async (emu: EmulatorHandle, method: string, path: string, body?: unknown, status = 200): Promise<Json> => {
    const res = await call(emu, method, path, body);
    assert.equal(res.status, status, `${method} ${path}: ${JSON.stringify(res.json)}`);
    return res.json;
  };

  beforeEach(() => {
    now = Date.parse('2026-06-01T10:00:00.000Z');
  });
  afterEach(async () => {
    await Promise.all(started.splice(0).map((emu) => emu.close()));
  });

  it('reads back a changed world whole: records, links, counters and the next task id', async () => {
    const emu = await start();
    const stacklets = (await ok(emu, 'GET', '/v1/stacklets')).stacklets as Json[];
    const web2 = stacklets.find((s) => s.name === 'web-2');
    await ok(emu, 'POST', '/v1/volumes', { name: 'kept', size_gigabytes: 20, stacklet_id: web2.id }, 201);
    await ok(emu, 'POST', `/v1/stacklets/${stacklets.find((s) => s.name === 'web-1').id}`, { action: 'power_off' });
    assert.equal(emu.save().kind, 'busy', 'not while tasks run');
    now += TASK_MS;
    const saved = emu.save();
    assert.equal(saved.kind, 'saved');
    const read = readSavedWorld(saved.kind === 'saved' ? saved.text : '');
    assert.ok(read.ok, read.ok ? '' : read.reason);

    const again = await start({ restore: read.world, demoToken: 'stk_next_start' });
    assert.deepEqual(again.snapshot(), emu.snapshot(), 'the same world, under this start\'s token');
    const volumes = (await call(again, 'GET', '/v1/volumes', undefined, 'stk_next_start')).json.volumes as Json[];
    assert.ok(volumes.some((v) => v.name === 'kept' && v.stacklet?.id === web2.id));
    // Ids go on from where they were: a new stacklet takes none handed out before.
    const created = await call(again, 'POST', '/v1/stacklets', { name: 'after', region: 'fra', size: 'b-1vcpu-1gb', image: 'ubuntu-22-04-x64' }, 'stk_next_start');
    assert.equal(created.status, 201, JSON.stringify(created.json));
    assert.ok(!stacklets.some((s) => s.id === created.json.stacklet.id));
  });

  it('finishes running tasks into the world it writes when asked to (the emulator is stopping)', async () => {
    const emu = await start();
    const web1 = ((await ok(emu, 'GET', '/v1/stacklets')).stacklets as Json[]).find((s) => s.name === 'web-1');
    await ok(emu, 'POST', `/v1/stacklets/${web1.id}`, { action: 'power_off' });
    const saved = emu.save({ finishTasks: true });
    assert.equal(saved.kind, 'saved');
    const read = readSavedWorld(saved.kind === 'saved' ? saved.text : '');
    assert.ok(read.ok);
    const kept = (read.world.account.stacklets as Json[]).find((s) => s.id === web1.id);
    assert.equal(kept.status, 'off');
    assert.equal(kept.task ?? null, null, 'no task stays running in a kept world');
  });

  it('drops a world of another format, or none, naming it', () => {
    const emu = new World(() => now);
    const account = new Account('demo@stacklet.example', '2025-01-01T00:00:00.000000Z');
    emu.accounts.set(DEMO_TOKEN, account);
    const saved = saveWorld(emu, account);
    assert.equal(saved.kind, 'saved');
    const text = saved.kind === 'saved' ? saved.text : '';
    assert.ok(readSavedWorld(text).ok);
    for (const format of [SAVED_WORLD_FORMAT - 1, SAVED_WORLD_FORMAT + 1, '1', null]) {
      const read = readSavedWorld(JSON.stringify({ ...JSON.parse(text), format }));
      assert.ok(!read.ok, `format ${JSON.stringify(format)} is dropped`);
      assert.match(read.reason, /format/);
    }
    const { format: _dropped, ...unversioned } = JSON.parse(text) as Record<string, unknown>;
    assert.match((readSavedWorld(JSON.stringify(unversioned)) as { reason: string }).reason, /format none/);
    assert.match((readSavedWorld('{"format":1,') as { reason: string }).reason, /not JSON/);
  });

  it('drops a world of this format that is not whole, naming the field', async () => {
    const emu = await start();
    const saved = emu.save();
    const json = JSON.parse(saved.kind === 'saved' ? saved.text : '{}') as { account: { stacklets: Json[]; volumes: unknown } };
    json.account.stacklets[0].id = 'not a number';
    const read = readSavedWorld(JSON.stringify(json));
    assert.ok(!read.ok);
    assert.match(read.reason, /^account\.stacklets\.0\.id /);
    json.account.stacklets[0].id = 1001;
    json.account.volumes = undefined;
    assert.match((readSavedWorld(JSON.stringify(json)) as { reason: string }).reason, /^account\.volumes /);
  });

  it('keeps nothing over the bound, on writing and on reading', () => {
    const world = new World(() => now);
    const account = new Account('demo@stacklet.example', '2025-01-01T00:00:00.000000Z');
    world.accounts.set(DEMO_TOKEN, account);
    const script = 'x'.repeat(60 * 1024);
    let n = 0;
    while (Buffer.byteLength(JSON.stringify(account.userdata.all())) + script.length <= MAX_SAVED_WORLD_BYTES - 8192) {
      account.userdata.add({ uuid: `u-${n}`, name: `script-${n++}`, userdata: script, created_at: '2026-01-01T00:00:00.000000Z' });
    }
    const within = saveWorld(world, account);
    assert.equal(within.kind, 'saved', 'just under the bound is kept');
    // One more record whose script fills what was left, and one byte more.
    const left = MAX_SAVED_WORLD_BYTES - Buffer.byteLength(within.kind === 'saved' ? within.text : '');
    account.userdata.add({ uuid: `u-${n}`, name: `script-${n}`, userdata: 'x'.repeat(left), created_at: '2026-01-01T00:00:00.000000Z' });
    const over = saveWorld(world, account);
    assert.equal(over.kind, 'too-large');
    assert.ok(over.kind === 'too-large' && over.bytes > MAX_SAVED_WORLD_BYTES);
    // Read: a text over the bound is refused before it is parsed.
    const padded = `${within.kind === 'saved' ? within.text : ''}${' '.repeat(MAX_SAVED_WORLD_BYTES)}`;
    assert.match((readSavedWorld(padded) as { reason: string }).reason, /more than the \d+ kept/);
  });

  it('restores under a new token only into a world without it', async () => {
    const emu = await start();
    const saved = emu.save();
    const read = readSavedWorld(saved.kind === 'saved' ? saved.text : '');
    assert.ok(read.ok);
    const world = new World(() => now);
    restoreWorld(world, 'stk_a', read.world);
    assert.throws(() => restoreWorld(world, 'stk_a', read.world), /already exists/);
  });

  it(`has the shape recorded for format ${SAVED_WORLD_FORMAT}: a change of shape raises SAVED_WORLD_FORMAT`, async () => {
    const emu = await start();
    // Every kind of record the demo lacks until an action makes it: a tag object, a second project.
    await ok(emu, 'POST', '/v1/tags', { name: 'kept' }, 201);
    const saved = emu.save();
    const shape = [...shapeOf(JSON.parse(saved.kind === 'saved' ? saved.text : '{}'))].sort();
    const recorded = JSON.parse(fs.readFileSync(FIXTURE, 'utf8')) as { format: number; shape: string[] };
    assert.equal(recorded.format, SAVED_WORLD_FORMAT, `test/fixtures/savedWorldShape.json records format ${recorded.format}: record the shape of format ${SAVED_WORLD_FORMAT}`);
    assert.deepEqual(shape, recorded.shape, 'the kept world changed shape: raise SAVED_WORLD_FORMAT (src/emulator/savedWorld.ts) and record the new shape with it');
  });
});

describe('emulator inside the extension: keeping its world', function () {
  it('writes a moment after changes, once for many; the next start reads it; Reset forgets it', async () => {
    const storage = memoryStorage();
    const clock = new FakeClock();
    const settled = async () => undefined;
    const first = new EmbeddedEmulator({ storage, clock });
    const { url, token } = await first.ensureStarted();
    const send = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${url}${path}`, { method, headers: { authorization: `Token ${token}`, 'content-type': 'application/json' }, ...(body ? { body: JSON.stringify(body) } : {}) });
      return (await res.json()) as Json;
    };
    for (const name of ['one', 'two', 'three']) await send('POST', '/v1/tags', { name });
    assert.equal(storage.writes, 0, 'not on every request');
    await clock.advance(WRITE_DELAY_MS - 1, settled);
    assert.equal(storage.writes, 0, 'not before the delay');
    await clock.advance(1, settled);
    await first.flushed();
    assert.equal(storage.writes, 1, 'three changes, one write');
    // A change that starts a task is written once the task has ended, with its outcome.
    const web1 = ((await send('GET', '/v1/stacklets')).stacklets as Json[]).find((s) => s.name === 'web-1');
    await send('POST', `/v1/stacklets/${web1.id}`, { action: 'power_off' });
    await clock.advance(WRITE_DELAY_MS, settled);
    await first.flushed();
    assert.equal(storage.writes, 1, 'not while the task runs');
    await clock.advance(5000, settled);
    await first.flushed();
    assert.equal(storage.writes, 2);
    assert.equal((JSON.parse(storage.text!).account.stacklets as Json[]).find((s) => s.id === web1.id).status, 'off');
    await send('GET', '/v1/stacklets');
    await clock.advance(WRITE_DELAY_MS, settled);
    await first.flushed();
    assert.equal(storage.writes, 2, 'a read changes nothing, so nothing is written');
    await first.stop();

    const second = new EmbeddedEmulator({ storage, clock });
    const next = await second.ensureStarted();
    assert.notEqual(next.token, token, 'a new token at every start');
    const tags = (await (await fetch(`${next.url}/v1/tags`, { headers: { authorization: `Token ${next.token}` } })).json()) as Json;
    assert.deepEqual((tags.tags as Json[]).map((t) => t.name).filter((n: string) => ['one', 'two', 'three'].includes(n)).sort(), ['one', 'three', 'two']);

    await second.reset();
    assert.equal(storage.text, undefined, 'the kept world is gone');
    assert.equal(second.isRunning, false);
    const fresh = await second.ensureStarted();
    const freshTags = (await (await fetch(`${fresh.url}/v1/tags`, { headers: { authorization: `Token ${fresh.token}` } })).json()) as Json;
    assert.ok(!(freshTags.tags as Json[]).some((t) => t.name === 'one'), 'the demo data again');
    await second.stop();
  });

  it('starts from the demo data when the kept world cannot be read, and says why', async () => {
    const storage = memoryStorage();
    storage.text = JSON.stringify({ format: SAVED_WORLD_FORMAT + 1, world: {} });
    const logged: string[] = [];
    const emulator = new EmbeddedEmulator({ storage, log: (message) => logged.push(message) });
    const { url, token } = await emulator.ensureStarted();
    const stacklets = (await (await fetch(`${url}/v1/stacklets`, { headers: { authorization: `Token ${token}` } })).json()) as Json;
    assert.ok((stacklets.stacklets as Json[]).some((s) => s.name === 'web-1'));
    assert.ok(logged.some((line) => /dropped for the demo data: it was written in format 2/.test(line)), logged.join('\n'));
    await emulator.stop();
  });
});
