// Injected faults and the record of applied mutations. Status faults answer before anything is applied; drop,
// hang, malformed and wrong-shape break the reply of a request that did take effect, and `applied` shows it.
import * as assert from 'node:assert/strict';
import { request, type Dispatcher } from 'undici';
import { DEMO_TOKEN, FAULT_KINDS, type FaultKind } from '../../src/emulator/options';
import { startEmulator, type EmulatorHandle } from '../../src/emulator/server';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

async function raw(emu: EmulatorHandle, method: string, path: string, body?: unknown): Promise<Raw> {
  const res = await request(emu.url + path, {
    method: method as Dispatcher.HttpMethod,
    headers: { authorization: `Token ${DEMO_TOKEN}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    headersTimeout: 5000,
    bodyTimeout: 5000,
  });
  return { status: res.statusCode, headers: res.headers, text: await res.body.text() };
}

describe('emulator: faults and applied mutations', function () {
  let emu: EmulatorHandle;
  afterEach(async () => {
    await emu.close();
  });

  const userdataNames = async (): Promise<string[]> => {
    emu.configure({ faultRate: 0 });
    const names = (JSON.parse((await raw(emu, 'GET', '/v1/userdata')).text).userdata as Json[]).map((u) => u.name);
    return names;
  };

  for (const [kind, status] of [['http500', 500], ['http503', 503], ['http429', 429]] as const) {
    it(`${kind}: answers ${status} before anything is applied`, async () => {
      emu = await startEmulator({ port: 0, faultRate: 1, faultKinds: [kind] });
      const res = await raw(emu, 'POST', '/v1/userdata', { name: 'fault-test', userdata: 'echo' });
      assert.equal(res.status, status);
      const body = JSON.parse(res.text);
      assert.equal(typeof body.id, 'string');
      assert.equal(typeof body.message, 'string');
      if (status !== 500) assert.equal(res.headers['retry-after'], '1');
      assert.deepEqual(emu.stats().applied, []);
      assert.ok(!(await userdataNames()).includes('fault-test'));
      assert.equal(emu.stats().requests[0]?.fault, kind);
    });
  }

  it('drop: destroys the socket without a response, after applying a mutation', async () => {
    emu = await startEmulator({ port: 0, faultRate: 1, faultKinds: ['drop'] });
    await assert.rejects(raw(emu, 'POST', '/v1/userdata', { name: 'dropped', userdata: 'echo' }));
    await assert.rejects(raw(emu, 'GET', '/v1/stacklets'));
    assert.deepEqual(emu.stats().applied.map((a) => [a.method, a.path, a.kind]), [['POST', '/v1/userdata', 'userdata.create']]);
    assert.ok((await userdataNames()).includes('dropped'));
    assert.equal(emu.stats().requests[0]?.status, 0);
  });

  it('hang: holds the connection for hangMs, then destroys it; the mutation was applied', async () => {
    emu = await startEmulator({ port: 0, faultRate: 1, faultKinds: ['hang'], hangMs: 150 });
    const started = Date.now();
    await assert.rejects(raw(emu, 'PUT', `/v1/userdata/${'x'}`, { name: 'n', userdata: 'u' }));
    assert.ok(Date.now() - started >= 140, 'held for about hangMs');
    await assert.rejects(raw(emu, 'POST', '/v1/stacklets/1001', { action: 'power_off' }));
    assert.deepEqual(emu.stats().applied.map((a) => a.kind), ['stacklet.power_off']);
  });

  it('malformed: 200 with truncated JSON, the mutation applied once', async () => {
    emu = await startEmulator({ port: 0, faultRate: 1, faultKinds: ['malformed'] });
    const res = await raw(emu, 'POST', '/v1/userdata', { name: 'garbled', userdata: 'echo' });
    assert.equal(res.status, 200);
    assert.throws(() => JSON.parse(res.text));
    assert.ok(res.text.startsWith('{"userdata":'));
    const deleted = await raw(emu, 'DELETE', '/v1/stacklets/1006');
    assert.equal(deleted.status, 200);
    assert.throws(() => JSON.parse(deleted.text));
    assert.deepEqual(emu.stats().applied.map((a) => a.kind), ['userdata.create', 'stacklet.delete']);
    assert.ok((await userdataNames()).includes('garbled'));
  });

  it('wrong-shape: 200 with valid JSON whose envelope key holds a string', async () => {
    emu = await startEmulator({ port: 0, faultRate: 1, faultKinds: ['wrong-shape'] });
    assert.deepEqual(JSON.parse((await raw(emu, 'GET', '/v1/stacklets')).text), { stacklets: 'unexpected' });
    const res = await raw(emu, 'POST', '/v1/stacklets/1001', { action: 'power_off' });
    assert.equal(res.status, 200);
    assert.deepEqual(JSON.parse(res.text), { stacklet: 'unexpected' });
    assert.equal(emu.stats().applied.length, 1);
  });

  it('a refused request is broken too but applies nothing', async () => {
    emu = await startEmulator({ port: 0, faultRate: 1, faultKinds: ['malformed'] });
    const res = await raw(emu, 'POST', '/v1/stacklets/1001', { action: 'resize', size: 'nope' });
    assert.equal(res.status, 200);
    assert.deepEqual(emu.stats().applied, []);
  });

  it('draws faults from the injected random source at the configured rate, only on /v1', async () => {
    // Each request draws once for "fault or not" and, if a fault, once for the kind.
    const draws = [0.9, 0.1, 0.99, 0.1, 0.0, 0.5];
    let i = 0;
    emu = await startEmulator({ port: 0, faultRate: 0.5, faultKinds: ['http500', 'http503'], control: true, random: () => draws[i++ % draws.length]! });
    const statuses: number[] = [];
    for (let n = 0; n < 4; n++) statuses.push((await raw(emu, 'GET', '/v1/sizes')).status);
    // 0.9 → ok; 0.1 → fault, kind 0.99 → http503; 0.1 → fault, kind 0.0 → http500; 0.5 → ok.
    assert.deepEqual(statuses, [200, 503, 500, 200]);
    assert.equal((await raw(emu, 'GET', '/_emulator/stats')).status, 200, 'control endpoints never fail');
  });

  it('faultRate 0.3 fails about 30% of requests; configure() turns it off', async () => {
    let seed = 42;
    const random = (): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    emu = await startEmulator({ port: 0, faultRate: 0.3, faultKinds: ['http503'], random });
    let failed = 0;
    for (let n = 0; n < 200; n++) if ((await raw(emu, 'GET', '/v1/regions')).status === 503) failed++;
    assert.ok(failed > 35 && failed < 85, `${failed} of 200 failed`);
    emu.configure({ faultRate: 0 });
    for (let n = 0; n < 20; n++) assert.equal((await raw(emu, 'GET', '/v1/regions')).status, 200);
  });

  it('records each applied mutation exactly once, and none for reads or refused requests', async () => {
    emu = await startEmulator({ port: 0, taskMs: 0 });
    await raw(emu, 'GET', '/v1/stacklets');
    await raw(emu, 'POST', '/v1/stacklets/1001', { action: 'resize', size: 'b-2vcpu-4gb' });
    await raw(emu, 'POST', '/v1/stacklets/1001', { action: 'resize', size: 'b-2vcpu-4gb' }); // same size now: 422
    await raw(emu, 'POST', '/v1/firewalls', { name: 'f2', inbound_rules: [], outbound_rules: [] });
    await raw(emu, 'DELETE', '/v1/stacklets/1004');
    await raw(emu, 'DELETE', '/v1/stacklets/1004'); // gone: 404
    const applied = emu.stats().applied;
    assert.deepEqual(applied.map((a) => `${a.method} ${a.path} ${a.kind}`), [
      'POST /v1/stacklets/1001 stacklet.resize',
      'POST /v1/firewalls firewall.create',
      'DELETE /v1/stacklets/1004 stacklet.delete',
    ]);
    assert.ok(applied.every((a) => a.account === 'demo@stacklet.example'));
    const stats = emu.stats();
    assert.equal(stats.requestCount['POST /v1/stacklets/:id'], 2);
    assert.equal(stats.requestCount['DELETE /v1/stacklets/:id'], 2);
    assert.deepEqual(stats.requests.map((r) => r.status), [200, 200, 422, 201, 204, 404]);
    assert.equal(stats.requests[1]!.path, '/v1/stacklets/:id');
    emu.resetStats();
    assert.deepEqual(emu.stats(), { requests: [], requestCount: {}, applied: [] });
  });

  it('adds latencyMs before every response', async () => {
    // A latency far above what a local GET takes on a busy machine, so that the second check cannot flake.
    emu = await startEmulator({ port: 0, latencyMs: 400 });
    const started = Date.now();
    await raw(emu, 'GET', '/v1/regions');
    assert.ok(Date.now() - started >= 390);
    emu.configure({ latencyMs: 0 });
    const quick = Date.now();
    await raw(emu, 'GET', '/v1/regions');
    assert.ok(Date.now() - quick < 390, 'the latency is gone once configured to 0');
  });

  it('knows every fault kind', () => {
    assert.deepEqual([...FAULT_KINDS].sort(), ['drop', 'hang', 'http429', 'http500', 'http503', 'malformed', 'wrong-shape'] satisfies FaultKind[]);
  });
});
