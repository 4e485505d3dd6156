// Property tests of the client against hostile answers: a scripted server on 127.0.0.1 answers every call of
// the run with one generated response (a real emulator answer with a field deleted, retyped, blown up or added;
// any JSON; text that is not JSON; deep nesting; huge strings; any status with any headers, redirects
// included; the token echoed back). Required: every client method resolves to a value of the promised shape or
// rejects with an ApiError, never anything else; nothing rejects unhandled; and the token appears in no error
// (message, service message, serialised form) and in no line of the request log.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { StackletClient } from '../../src/api/client';
import { ApiError } from '../../src/api/errors';
import type { RequestLogEntry } from '../../src/api/transport';
import { startEmulator } from '../../src/emulator/server';
import { call, crashRecorder, edit, jsonPaths, nest, scriptedServer, type Json, type ScriptedReply as Reply } from './support/helpers';

const RUNS = 3000;
const TOKEN = 'stk_secret_0123456789abcdef';

type Shape = 'object' | 'list' | 'array' | 'void' | 'maybe';

/** One client method: how to call it, what it promises, and the emulator answer its valid replies start from. */
interface Method {
  readonly name: string;
  readonly sample: string;
  readonly shape: Shape;
  readonly invoke: (c: StackletClient) => Promise<unknown>;
}

const METHODS: readonly Method[] = [
  { name: 'getProfile', sample: '/v1/account/profile', shape: 'object', invoke: (c) => c.getProfile() },
  { name: 'listStacklets', sample: '/v1/stacklets', shape: 'list', invoke: (c) => c.listStacklets({ tagName: 'web' }) },
  { name: 'getStacklet', sample: '/v1/stacklets/1001', shape: 'object', invoke: (c) => c.getStacklet(1001) },
  { name: 'createStacklet', sample: '/v1/stacklets/1001', shape: 'object', invoke: (c) => c.createStacklet({ name: 'x', size: 'b-1vcpu-1gb', region: 'fra', image: 'ubuntu-22-04-x64' }) },
  { name: 'createStacklets', sample: '/v1/stacklets', shape: 'array', invoke: (c) => c.createStacklets({ names: ['a', 'b'], size: 'b-1vcpu-1gb', region: 'fra', image: 'ubuntu-22-04-x64' }) },
  { name: 'powerOff', sample: '/v1/stacklets/1001', shape: 'object', invoke: (c) => c.powerOff(1001) },
  { name: 'deleteStacklet', sample: '/v1/stacklets/1001', shape: 'void', invoke: (c) => c.deleteStacklet(1001) },
  { name: 'listStackletSnapshots', sample: '/v1/stacklets/1001/snapshots', shape: 'list', invoke: (c) => c.listStackletSnapshots(1001) },
  { name: 'listSnapshots', sample: '/v1/snapshots', shape: 'list', invoke: (c) => c.listSnapshots() },
  { name: 'listBackups', sample: '/v1/backups', shape: 'list', invoke: (c) => c.listBackups() },
  { name: 'listVolumes', sample: '/v1/volumes', shape: 'list', invoke: (c) => c.listVolumes() },
  { name: 'resizeVolume', sample: '/v1/volumes', shape: 'object', invoke: (c) => c.resizeVolume('v-1', 100) },
  { name: 'listFirewalls', sample: '/v1/firewalls', shape: 'list', invoke: (c) => c.listFirewalls() },
  { name: 'renameFirewall', sample: '/v1/firewalls', shape: 'object', invoke: (c) => c.renameFirewall('fw-1', 'renamed') },
  { name: 'addFirewallRules', sample: '/v1/firewalls', shape: 'maybe', invoke: (c) => c.addFirewallRules('fw-1', { inbound_rules: [{ address: '192.0.2.1' }] }) },
  { name: 'listLoadBalancers', sample: '/v1/load_balancers', shape: 'list', invoke: (c) => c.listLoadBalancers() },
  { name: 'listKubernetesClusters', sample: '/v1/kubernetes', shape: 'list', invoke: (c) => c.listKubernetesClusters() },
  { name: 'updateNodePool', sample: '/v1/kubernetes', shape: 'array', invoke: (c) => c.updateNodePool('k-1', 'p-1', { name: 'pool', count: 2 }) },
  { name: 'listVpcs', sample: '/v1/vpcs', shape: 'list', invoke: (c) => c.listVpcs() },
  { name: 'listUserdata', sample: '/v1/userdata', shape: 'list', invoke: (c) => c.listUserdata() },
  { name: 'getUserdata', sample: '/v1/userdata', shape: 'object', invoke: (c) => c.getUserdata('u-1') },
  { name: 'listSizes', sample: '/v1/sizes', shape: 'list', invoke: (c) => c.listSizes() },
  { name: 'listRegions', sample: '/v1/regions', shape: 'list', invoke: (c) => c.listRegions() },
  { name: 'listDistributions', sample: '/v1/distributions', shape: 'list', invoke: (c) => c.listDistributions() },
  { name: 'listApplications', sample: '/v1/applications', shape: 'list', invoke: (c) => c.listApplications() },
  { name: 'listContainers', sample: '/v1/containers', shape: 'list', invoke: (c) => c.listContainers() },
  { name: 'listSshKeys', sample: '/v1/ssh_keys', shape: 'list', invoke: (c) => c.listSshKeys() },
  { name: 'listTags', sample: '/v1/tags', shape: 'list', invoke: (c) => c.listTags() },
];

/** Lists sampled from a listing answer stand for a single resource's answer: `{stacklets: [a, …]}` → `{stacklet: a}`. */
function singular(sample: Json, method: Method): Json {
  if (method.shape !== 'object' && method.shape !== 'maybe') return sample;
  const [key, value] = Object.entries(sample).find(([k]) => k !== 'meta')!;
  if (!Array.isArray(value)) return sample;
  if (method.name === 'addFirewallRules') return { inbound_rules: value[0].inbound_rules, outbound_rules: value[0].outbound_rules };
  return { [key.replace(/s$/, '')]: value[0] };
}

// ── generated answers ───────────────────────────────────────────────────────

const hostile: fc.Arbitrary<Json> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.integer({ min: 1000, max: 300_000 }).map((n) => 'x'.repeat(n)),
  fc.integer({ min: 10, max: 3000 }).map(nest),
  fc.constantFrom(null, '', -1, 1e308, 2 ** 53 + 7, true, [], {}, TOKEN, `Token ${TOKEN}`, '__proto__', { __proto__: { polluted: true } }),
);

/** A real answer with one thing changed. */
function mutated(sample: Json): fc.Arbitrary<{ kind: string; json: Json }> {
  const paths = jsonPaths(sample, 3);
  return fc.oneof(
    fc.constant({ kind: 'valid', json: sample }),
    fc.constantFrom(...paths).map((p) => ({ kind: 'missing', json: edit(sample, p, (o, k) => (Array.isArray(o) ? o.splice(Number(k), 1) : delete o[k])) })),
    fc.tuple(fc.constantFrom(...paths), hostile).map(([p, v]) => ({ kind: 'wrong-type', json: edit(sample, p, (o, k) => (o[k] = v)) })),
    fc.tuple(fc.constantFrom(...paths), fc.string({ minLength: 1, maxLength: 12 }), hostile).map(([p, k, v]) => ({
      kind: 'extra',
      json: edit(sample, p, (o, key) => (o[key] !== null && typeof o[key] === 'object' && !Array.isArray(o[key]) ? (o[key][k] = v) : (o[`${String(key)}_${k}`] = v))),
    })),
    fc.tuple(fc.constantFrom(...paths), fc.integer({ min: 100_000, max: 2_000_000 })).map(([p, n]) => ({ kind: 'huge-string', json: edit(sample, p, (o, k) => (o[k] = 'y'.repeat(n))) })),
    fc.tuple(fc.constantFrom(...paths), fc.integer({ min: 100, max: 3000 })).map(([p, n]) => ({ kind: 'deep', json: edit(sample, p, (o, k) => (o[k] = nest(n))) })),
    fc.record({ pages: fc.integer({ min: -5, max: 2_000_000_000 }), current: fc.integer({ min: -5, max: 5 }), next: fc.option(fc.integer({ min: -5, max: 5 })) }).map(({ pages, current, next }) => ({
      kind: 'paging',
      json: { ...sample, meta: { pagination: { current_page: current, next_page: next, pages, per_page: 100, previous_page: null, total: pages * 100 } } },
    })),
  );
}

interface Generated {
  readonly method: Method;
  readonly kind: string;
  readonly reply: Reply;
}

function generated(samples: ReadonlyMap<string, Json>): fc.Arbitrary<Generated> {
  return fc.constantFrom(...METHODS).chain((method) => {
    const sample = singular(samples.get(method.sample)!, method);
    const body = fc.oneof(
      { weight: 6, arbitrary: mutated(sample).map(({ kind, json }) => ({ kind, text: JSON.stringify(json) })) },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => ({ kind: 'any-json', text: JSON.stringify(v) })) },
      { weight: 1, arbitrary: fc.oneof(fc.string({ maxLength: 60 }), fc.constantFrom('', '<html><body>502 Bad Gateway</body></html>', '{"stacklet":', '\u0000\u0001', 'null', `{"message":"bad token Token ${TOKEN}"}`, `{"error":{"message":"${TOKEN} is not valid"}}`, `[{"field":"token","message":"${TOKEN}"}]`)).map((text) => ({ kind: 'text', text })) },
      { weight: 1, arbitrary: fc.integer({ min: 1000, max: 60_000 }).map((n) => ({ kind: 'deep-text', text: '['.repeat(n) + ']'.repeat(n) })) },
    );
    const status = fc.oneof(
      { weight: 10, arbitrary: fc.constant(200) },
      { weight: 4, arbitrary: fc.constantFrom(201, 202, 204, 206, 299, 301, 302, 303, 307, 308, 400, 401, 403, 404, 405, 409, 413, 418, 422, 429, 500, 501, 502, 503, 504, 599) },
    );
    const headers = fc.record(
      {
        'content-type': fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain', 'text/html', 'application/octet-stream'),
        'retry-after': fc.constantFrom('0', '1', '-1', 'soon', 'Wed, 21 Oct 2015 07:28:00 GMT', '99999', ''),
        location: fc.constantFrom('/v1/elsewhere', 'https://evil.example/steal', `https://evil.example/${TOKEN}`, `http://${TOKEN}@evil.example/`, '::not a url::', ''),
      },
      { requiredKeys: [] },
    );
    return fc.record({ body, status, headers }).map(({ body, status, headers }) => ({
      method,
      kind: body.kind,
      reply: { status, headers: Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== '')) as Record<string, string>, text: body.text },
    }));
  });
}

function checkValue(method: Method, value: unknown): void {
  const isObject = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);
  switch (method.shape) {
    case 'object':
      assert.ok(isObject(value), `${method.name} resolved to ${typeof value}`);
      break;
    case 'maybe':
      assert.ok(value === undefined || isObject(value), `${method.name} resolved to ${typeof value}`);
      break;
    case 'array':
      assert.ok(Array.isArray(value) && value.every(isObject), `${method.name} resolved to a list of objects`);
      break;
    case 'list': {
      const list = value as { items: unknown; total: unknown };
      assert.ok(isObject(list) && Array.isArray(list.items) && list.items.every(isObject) && typeof list.total === 'number', `${method.name} resolved to a listing`);
      break;
    }
    case 'void':
      assert.equal(value, undefined);
  }
}

describe('StackletClient: property tests against generated answers (fast-check)', function () {
  this.timeout(180_000);

  it(`${RUNS.toLocaleString('en')} generated answers: a value of the promised shape or one ApiError; the token in no error and no log line`, async () => {
    const emu = await startEmulator({ port: 0, host: '127.0.0.1' });
    const samples = new Map<string, Json>();
    try {
      for (const method of METHODS) if (!samples.has(method.sample)) samples.set(method.sample, (await call(emu, 'GET', method.sample)).json);
    } finally {
      await emu.close();
    }
    const server = await scriptedServer();
    const log: RequestLogEntry[] = [];
    const client = new StackletClient({
      baseUrl: server.url,
      token: TOKEN,
      requestTimeoutMs: 2000,
      retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 5, budgetMs: 200 },
      maxBodyBytes: 4 * 1024 * 1024,
      onRequest: (entry) => log.push(entry),
    });
    const outcomes: Record<string, number> = {};
    const kinds: Record<string, number> = {};
    const recorder = crashRecorder();
    const started = Date.now();
    try {
      await fc.assert(
        fc.asyncProperty(generated(samples), async ({ method, kind, reply }) => {
          server.reply = reply;
          kinds[kind] = (kinds[kind] ?? 0) + 1;
          let outcome: string;
          try {
            checkValue(method, await method.invoke(client));
            outcome = 'resolved';
          } catch (error) {
            if (error instanceof assert.AssertionError) throw error;
            assert.ok(error instanceof ApiError, `${method.name} threw ${String(error)} (${(error as Error)?.constructor?.name}) for ${reply.status} ${reply.text.slice(0, 200)}`);
            assert.ok(error.message.trim().length > 0);
            for (const text of [error.message, error.serviceMessage ?? '', error.fieldPath ?? '', JSON.stringify(error), String(error.stack)]) {
              assert.ok(!text.includes(TOKEN), `${method.name}: the token is in the error (${error.message.slice(0, 200)})`);
            }
            outcome = error.kind;
          }
          outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
        }),
        { numRuns: RUNS, seed: 0x0c11e8 },
      );
    } finally {
      recorder.stop();
      await client.dispose();
      await server.close();
    }
    console.log(`      ${RUNS} answers in ${((Date.now() - started) / 1000).toFixed(1)} s, ${log.length} requests; outcomes ${JSON.stringify(outcomes)}`);
    console.log(`      answers by kind ${JSON.stringify(kinds)}`);
    assert.deepEqual(recorder.crashes.map(String), [], 'no unhandled rejection');
    assert.ok(log.every((entry) => !JSON.stringify(entry).includes(TOKEN)), 'the token is in no line of the request log');
    assert.ok((outcomes['resolved'] ?? 0) > RUNS / 10 && (outcomes['invalid-response'] ?? 0) > RUNS / 10, 'both accepted and refused answers were generated');
  });
});
