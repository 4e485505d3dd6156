// Property tests of the emulator's input handling: 10,000 generated requests across every /v1 route it
// registers (enumerated from the router, so a new route without a template fails here). Bodies are near-valid
// (a valid body with one field deleted, retyped, blown up or added) or garbage (any JSON, text that is not JSON,
// deep nesting, huge strings); path ids are valid, malformed or another account's; list queries carry good and
// bad page, per_page and filter values. Required of every answer: never a 5xx; every refusal a 4xx JSON error
// that names the field or parameter at fault; and the whole state (every account, the id counters, pending
// tasks) unchanged by every refused request.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { apiRoutes, startEmulator, type EmulatorHandle } from '../../src/emulator/server';
import { FILTERS, idSource, idsOf, TEMPLATES, type Ids } from './support/routeTemplates';
import { call, edit, jsonPaths, nest, type Json, type JsonPath, type Res } from './support/helpers';

const TOTAL = Number(process.env.PROPERTY_TOTAL ?? 10_000);
/** Requests per emulator: a fresh one per round keeps the seeded resources around for later requests. */
const ROUND = 500;
const BASE_SEED = 0x5eed_0008;
const OTHER_TOKEN = 'stk_property_other_account';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
const BODY_METHODS = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);

// ── generated values ─────────────────────────────────────────────────────────

const hugeString = fc.integer({ min: 256, max: 70_000 }).map((n) => 'x'.repeat(n));
const deepValue = fc.integer({ min: 8, max: 1500 }).map((n) => nest(n));
const oddString = fc.constantFrom('', ' ', '-', '0', '-1', '__proto__', 'constructor', '../..', 'ž', '\u0000', '\u202e', 'NaN', 'null', '1e3', '0x10', '<script>');
const oddNumber = fc.constantFrom(-1, 0, -0, 0.5, 1e308, -1e308, 2 ** 53 + 1, 65_536, 1e-9);

/** A value of any type, weighted towards the awkward ones. */
const wrongValue: fc.Arbitrary<Json> = fc.oneof(
  fc.string({ maxLength: 24 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
  hugeString,
  deepValue,
  oddString,
  oddNumber,
);

function containersOf(value: Json, prefix: JsonPath = []): JsonPath[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [];
  return [prefix, ...Object.keys(value).flatMap((key) => containersOf(value[key], [...prefix, key]))];
}


type Mutation = 'valid' | 'delete' | 'retype' | 'huge' | 'extra';

/** A valid body with one thing wrong (or nothing, sometimes). */
function nearValid(bodies: Json[]): fc.Arbitrary<{ mutation: Mutation; body: Json }> {
  return fc.constantFrom(...bodies).chain((body) => {
    const paths = jsonPaths(body);
    const containers = containersOf(body);
    return fc.oneof(
      { weight: 1, arbitrary: fc.constant({ mutation: 'valid' as Mutation, body }) },
      { weight: 3, arbitrary: fc.constantFrom(...paths).map((p) => ({ mutation: 'delete' as Mutation, body: edit(body, p, (o, k) => (Array.isArray(o) ? o.splice(Number(k), 1) : delete o[k])) })) },
      { weight: 6, arbitrary: fc.tuple(fc.constantFrom(...paths), wrongValue).map(([p, v]) => ({ mutation: 'retype' as Mutation, body: edit(body, p, (o, k) => (o[k] = v)) })) },
      { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...paths), hugeString).map(([p, v]) => ({ mutation: 'huge' as Mutation, body: edit(body, p, (o, k) => (o[k] = v)) })) },
      {
        weight: 2,
        arbitrary: fc.tuple(fc.constantFrom(...containers), fc.string({ minLength: 1, maxLength: 12 }), wrongValue).map(([p, k, v]) => ({
          mutation: 'extra' as Mutation,
          body: p.length === 0 ? { ...body, [k]: v } : edit(body, [...p, k], (o, key) => (o[key] = v)),
        })),
      },
    );
  });
}

/** What is sent as the body: JSON text of some value, or text that is not JSON at all. */
const garbageText: fc.Arbitrary<{ mutation: string; text: string }> = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }).map((v) => ({ mutation: 'any-json', text: JSON.stringify(v) })),
  fc.string({ maxLength: 40 }).filter((t) => !isJson(t)).map((text) => ({ mutation: 'not-json', text })),
  fc.constantFrom('{', '{"name":', '[1,2', '{"a":1}}', 'null', 'true', '"text"', '[]', '{}', '\u0000', '{"__proto__":{"polluted":1}}', '{"constructor":{"prototype":{"x":1}}}').map((text) => ({ mutation: 'classic', text })),
  fc.integer({ min: 100, max: 30_000 }).map((n) => ({ mutation: 'deep', text: '['.repeat(n) + ']'.repeat(n) })),
  fc.integer({ min: 100, max: 10_000 }).map((n) => ({ mutation: 'deep-object', text: '{"a":'.repeat(n) + '1' + '}'.repeat(n) })),
  hugeString.map((s) => ({ mutation: 'huge', text: JSON.stringify({ name: s, userdata: s, action: s }) })),
);

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

const goodPage = fc.constantFrom('1', '2', '3', '25', '200', '500');
const badPage = fc.oneof(fc.constantFrom('0', '-1', '1.5', '', ' ', 'abc', '1e2', '0x10', '9999999999', '٣', '%zz'), fc.string({ maxLength: 12 }));
const badId = fc.oneof(
  fc.string({ minLength: 1, maxLength: 40 }).map(encodeURIComponent).filter((id) => id !== '.' && id !== '..'),
  // Not `.` or `..`: the client's URL parser resolves those before sending, so they never reach a route as ids.
  fc.constantFrom('0', '-1', '1.0', '99999999999999999999', '1e3', '0x3e9', '%20', '%zz', '%E0%A4%A', '...', 'null', '__proto__', 'constructor', '%2F..%2F'),
  fc.integer().map(String),
  fc.uuid(),
  hugeString.map((s) => s.slice(0, 4000)),
);

interface Generated {
  readonly route: string;
  readonly method: string;
  readonly path: string;
  readonly values: readonly string[];
  readonly mutation: string;
  readonly text?: string;
  readonly body?: Json;
}

function requestArb(routes: readonly { method: string; pattern: string }[], mine: Ids, theirs: Ids): fc.Arbitrary<Generated> {
  return fc.constantFrom(...routes).chain((route) => {
    const key = `${route.method} ${route.pattern}`;
    const template = TEMPLATES[key];
    const params = route.pattern.split('/').filter((s) => s.startsWith(':')).map((s) => s.slice(1));
    const paramArbs = params.map((param) => {
      const source = idSource(route.pattern, param);
      const options: fc.WeightedArbitrary<string>[] = [{ weight: 2, arbitrary: badId }];
      if (mine[source].length > 0) options.push({ weight: 6, arbitrary: fc.constantFrom(...mine[source]).map(encodeURIComponent) });
      if (theirs[source].length > 0) options.push({ weight: 1, arbitrary: fc.constantFrom(...theirs[source]).map(encodeURIComponent) });
      return fc.oneof(...options);
    });
    const method = fc.oneof({ weight: 24, arbitrary: fc.constant(route.method) }, { weight: 1, arbitrary: fc.constantFrom<Method>('GET', 'POST', 'PUT', 'DELETE', 'PATCH') });
    const names = ['page', 'per_page', ...(FILTERS[route.pattern] ?? [])];
    const query = route.method === 'GET' && params.length === 0
      ? fc.array(fc.tuple(fc.oneof(fc.constantFrom(...names), fc.string({ maxLength: 8 })), fc.oneof(goodPage, badPage)), { maxLength: 3 })
      : fc.constant([] as [string, string][]);
    const body: fc.Arbitrary<{ mutation: string; text?: string; body?: Json }> =
      !BODY_METHODS.has(route.method) ? fc.constant({ mutation: 'none' })
      : template?.bodies ? fc.oneof({ weight: 3, arbitrary: nearValid(template.bodies(mine)) }, { weight: 1, arbitrary: garbageText })
      : fc.oneof({ weight: 2, arbitrary: fc.constant({ mutation: 'none' }) }, { weight: 1, arbitrary: garbageText });
    return fc.record({ method, values: fc.tuple(...paramArbs), query, body }).map(({ method, values, query, body }) => {
      let i = 0;
      const path = route.pattern.replace(/:[a-z_]+/g, () => values[i++]!);
      const search = query.map(([k, v]) => `${encodeURIComponent(k)}=${v === '%zz' ? v : encodeURIComponent(v)}`).join('&');
      const text = body.text ?? (body.body === undefined ? undefined : JSON.stringify(body.body));
      return { route: key, method, path: search ? `${path}?${search}` : path, values: values.map(safeDecode), mutation: body.mutation, ...(text !== undefined ? { text } : {}), ...(body.body !== undefined ? { body: body.body } : {}) };
    });
  });
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

// ── what every answer must satisfy ───────────────────────────────────────────

/** The first segment of a field path: `inbound_rules[0].port` → `inbound_rules`. */
const head = (field: string): string => field.split(/[.[]/)[0]!;

/** Top-level keys the request named: the body's own keys, the route's fields and the query's names. */
function namedKeys(req: Generated): Set<string> {
  // The route generated and, when the method was swapped, the route the swapped method reaches.
  const pattern = req.route.slice(req.route.indexOf(' ') + 1);
  const keys = new Set<string>([...(TEMPLATES[req.route]?.fields ?? []), ...(TEMPLATES[`${req.method} ${pattern}`]?.fields ?? [])]);
  if (req.text !== undefined && isJson(req.text)) {
    const parsed = JSON.parse(req.text) as Json;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) for (const k of Object.keys(parsed)) keys.add(k);
  }
  const q = req.path.indexOf('?');
  if (q >= 0) for (const k of new URLSearchParams(req.path.slice(q + 1)).keys()) keys.add(k);
  return keys;
}

function checkAnswer(req: Generated, res: Res): void {
  const what = `${req.method} ${req.path.slice(0, 200)} [${req.mutation}] → ${res.status} ${res.text.slice(0, 300)}`;
  assert.ok(res.status < 500, `no 5xx: ${what}`);
  if (res.status < 400) {
    if (res.status !== 204 && res.text !== '') assert.ok(isJson(res.text), `a success answers JSON: ${what}`);
    return;
  }
  assert.ok(res.status >= 400 && res.status < 500, what);
  assert.match(String(res.headers['content-type']), /application\/json/, what);
  const json = res.json;
  assert.ok(json && typeof json.id === 'string' && json.id !== '' && typeof json.message === 'string' && json.message.trim() !== '', `a JSON error with id and message: ${what}`);
  const message: string = json.message;
  switch (res.status) {
    case 400:
      assert.match(message, /request body is not valid JSON/, what);
      break;
    case 404: {
      // Names what was not found: a path id, or an id given in the body; or the route that does not exist.
      // (Segments as the server saw them: the URL parser resolves `.` and `..` before sending.)
      const segments = new URL(req.path, 'http://emulator').pathname.split('/').map(safeDecode);
      const strings = [...req.values, ...segments.slice(2), ...bodyStrings(req.body)].filter((v) => v !== '');
      assert.ok(/^no route /.test(message) || (/not found$/.test(message) && strings.some((s) => message.includes(s))), `404 names the id: ${what}`);
      break;
    }
    case 405:
      assert.match(message, /is not allowed on .* \(allowed: /, what);
      assert.ok(res.headers['allow'], `405 has an Allow header: ${what}`);
      break;
    case 409:
      assert.match(message, /has a task in progress/, what);
      break;
    case 422: {
      if (json.errors === undefined) {
        // Refused for the state of the resource the path names (a VPC that still has stacklets): it names it.
        assert.ok(req.values.some((v) => message.includes(v)), `422 names the field or the resource: ${what}`);
        break;
      }
      assert.ok(Array.isArray(json.errors) && json.errors.length > 0, `422 lists its errors: ${what}`);
      const named = namedKeys(req);
      for (const e of json.errors as Json[]) {
        assert.equal(typeof e.field, 'string', what);
        assert.ok(typeof e.message === 'string' && e.message.trim() !== '', what);
        if (e.field === '') assert.match(e.message, /^the request body /, `a whole-body problem says so: ${what}`);
        else assert.ok(named.has(head(e.field)), `422 names a field of the request (${e.field}): ${what}`);
      }
      const firstError = json.errors[0];
      assert.ok(firstError.field === '' ? message.startsWith(firstError.message) : message.startsWith(`${firstError.field}: `), `the message leads with the first field: ${what}`);
      break;
    }
    default:
      assert.fail(`unexpected status: ${what}`);
  }
}

function bodyStrings(body: Json): string[] {
  if (body === null || body === undefined) return [];
  if (typeof body === 'string' || typeof body === 'number') return [String(body)];
  if (typeof body !== 'object') return [];
  return Object.values(body).flatMap(bodyStrings);
}

// ── the runs ─────────────────────────────────────────────────────────────────

interface Tally {
  requests: number;
  refused: number;
  byStatus: Record<string, number>;
  byMutation: Record<string, number>;
  routes: Set<string>;
}

describe('emulator: property tests over every endpoint (fast-check)', function () {
  this.timeout(180_000);
  const routes = apiRoutes();
  const tally: Tally = { requests: 0, refused: 0, byStatus: {}, byMutation: {}, routes: new Set() };

  it('has a body template for every route that takes a body, and nothing stale', () => {
    const keys = routes.map((r) => `${r.method} ${r.pattern}`);
    for (const route of routes) {
      if (route.method !== 'GET') assert.ok(TEMPLATES[`${route.method} ${route.pattern}`], `no template for ${route.method} ${route.pattern}`);
    }
    for (const key of Object.keys(TEMPLATES)) assert.ok(keys.includes(key), `template for a route the emulator does not have: ${key}`);
    assert.ok(routes.length >= 60, `${routes.length} routes`);
  });

  it(`${TOTAL.toLocaleString('en')} generated requests: no 5xx, every refusal a 4xx naming the problem, state unchanged by every refusal`, async () => {
    const started = Date.now();
    for (let round = 0; round < TOTAL / ROUND; round++) {
      const fixed = Date.parse('2026-06-01T12:00:00Z');
      // A fixed clock: no task ends during a round, so nothing changes between requests but what they do.
      const emu: EmulatorHandle = await startEmulator({ port: 0, host: '127.0.0.1', clock: () => fixed });
      try {
        emu.addAccount(OTHER_TOKEN, { seed: 'demo' });
        const snapshot = emu.snapshot();
        const mine = idsOf(snapshot, 'demo@stacklet.example');
        const theirs = idsOf(snapshot, Object.keys(snapshot.accounts).find((e) => e !== 'demo@stacklet.example')!);
        // Nothing changes the state between requests (the clock stands still), so the state after one request
        // is the state before the next: one snapshot per request.
        let state = JSON.stringify(emu.snapshot());
        await fc.assert(
          fc.asyncProperty(requestArb(routes, mine, theirs), async (req) => {
            const before = state;
            const appliedBefore = emu.stats().applied.length;
            const res = await call(emu, req.method, req.path, req.text);
            tally.requests++;
            tally.routes.add(req.route);
            tally.byStatus[res.status] = (tally.byStatus[res.status] ?? 0) + 1;
            tally.byMutation[req.mutation] = (tally.byMutation[req.mutation] ?? 0) + 1;
            checkAnswer(req, res);
            state = JSON.stringify(emu.snapshot());
            if (res.status >= 400) {
              tally.refused++;
              assert.equal(emu.stats().applied.length, appliedBefore, `a refused request applied nothing: ${req.method} ${req.path}`);
              assert.ok(state === before, `a refused request changed the state: ${req.method} ${req.path} [${req.mutation}] ${req.text?.slice(0, 200)}`);
            }
          }),
          // No shrinking: the emulator's state moves on with every run, so a shrunk replay would not mean the same.
          { numRuns: ROUND, seed: BASE_SEED + round, endOnFailure: true },
        );
      } finally {
        await emu.close();
      }
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`      ${tally.requests} requests over ${tally.routes.size} of ${routes.length} routes in ${seconds} s; ${tally.refused} refused`);
    console.log(`      by status ${JSON.stringify(tally.byStatus)}`);
    console.log(`      by body ${JSON.stringify(tally.byMutation)}`);
    assert.equal(tally.requests, TOTAL);
    assert.equal(tally.routes.size, routes.length, 'every route was reached');
    for (const status of ['200', '201', '204', '400', '404', '405', '409', '422']) assert.ok((tally.byStatus[status] ?? 0) > 0, `some ${status} answers`);
  });
});
