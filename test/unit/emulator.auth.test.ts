// The emulator's access rules on every route it registers (enumerated from its router): 401 without a token,
// with a malformed header and with a wrong token; one account can neither read nor change another's resources
// (404 by path, 422 naming the field by reference in a body, absent from its listings); and a body over the size
// limit is refused with 413 without being read to its end, by declared length and while streaming. Each time
// nothing is applied and the whole state is unchanged.
import * as assert from 'node:assert/strict';
import * as net from 'node:net';
import { apiRoutes, startEmulator, type EmulatorHandle } from '../../src/emulator/server';
import { bodyFor, idsOf, pathFor, type Ids } from './support/routeTemplates';
import { call, type Json } from './support/helpers';

const VICTIM = 'demo@stacklet.example';
const INTRUDER_TOKEN = 'stk_intruder_0000000000000000';
const BODY_LIMIT = 2048;
const routes = apiRoutes();
// A tag names no resource of an account (any account may use any tag name): its routes are refused by the
// stacklet their body names (the 422 case below), not by their path.
const withParams = routes.filter((r) => r.pattern.includes('/:') && !r.pattern.startsWith('/v1/tags/'));
const withBody = routes.filter((r) => r.method !== 'GET');

/** Sends a raw HTTP/1.1 request head and body chunks (never finishing a chunked body) and reads until the server closes. */
function rawRequest(emu: EmulatorHandle, head: string, chunks: readonly string[]): Promise<{ status: number; head: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(emu.port, '127.0.0.1', () => {
      socket.write(head);
      for (const chunk of chunks) socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
    });
    let data = '';
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer within 10 s: the server waited for the body to end')));
    socket.on('data', (d) => (data += d.toString()));
    socket.on('error', reject);
    socket.on('close', () => {
      const split = data.indexOf('\r\n\r\n');
      resolve({ status: Number(data.split(' ')[1]), head: data.slice(0, split), body: data.slice(split + 4) });
    });
  });
}

describe('emulator: authentication, isolation between accounts and body limits on every route', function () {
  let emu: EmulatorHandle;
  let victim: Ids;
  let intruder: Ids;
  let before: string;

  beforeEach(async () => {
    emu = await startEmulator({ port: 0, host: '127.0.0.1', bodyLimitBytes: BODY_LIMIT, clock: () => Date.parse('2026-06-01T12:00:00Z') });
    const added = emu.addAccount(INTRUDER_TOKEN, { seed: 'demo' });
    const snapshot = emu.snapshot();
    victim = idsOf(snapshot, VICTIM);
    intruder = idsOf(snapshot, added.email);
    before = JSON.stringify(snapshot);
  });
  afterEach(async () => {
    await emu.close();
  });

  const unchanged = (what: string): void => {
    assert.deepEqual(emu.stats().applied, [], `${what}: nothing applied`);
    assert.ok(JSON.stringify(emu.snapshot()) === before, `${what}: the state is unchanged`);
  };

  it(`answers 401 on all ${routes.length} routes without a token, with a malformed header and with a wrong token`, async () => {
    assert.ok(routes.length >= 60);
    for (const route of routes) {
      const path = pathFor(route.pattern, victim);
      const body = bodyFor(route.method, route.pattern, victim);
      for (const token of [null, 'stk_wrong_0000000000000000', '']) {
        const res = await call(emu, route.method, path, body, token);
        const what = `${route.method} ${path} with ${token === null ? 'no token' : token === '' ? 'an empty token' : 'a wrong token'}`;
        assert.equal(res.status, 401, what);
        assert.equal(res.json.id, 'unauthorized', what);
        assert.match(res.json.message, /API key|Authorization/, what);
        assert.equal(res.headers['www-authenticate'], 'Token', what);
      }
      // The right token in the wrong scheme is no better.
      const headers = { authorization: `Bearer ${emu.demoToken}`, 'content-type': 'application/json' };
      const res = await fetch(emu.url + path, { method: route.method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
      assert.equal(res.status, 401, `${route.method} ${path} with Bearer`);
    }
    unchanged('401');
  });

  it(`answers 404 to another account on all ${withParams.length} routes that name a resource, for reads and writes`, async () => {
    const kinds = new Set<string>();
    for (const route of withParams) {
      const path = pathFor(route.pattern, victim);
      // A body that would be valid for the intruder's own resources, so only ownership can refuse it.
      const res = await call(emu, route.method, path, bodyFor(route.method, route.pattern, intruder), INTRUDER_TOKEN);
      assert.equal(res.status, 404, `${route.method} ${path}: ${res.text}`);
      assert.equal(res.json.id, 'not_found');
      assert.match(res.json.message, /not found$/);
      kinds.add(route.pattern.split('/')[2]!);
      // The victim's own token reaches it (the ids are real), unless the route needs more than a path.
      if (route.method === 'GET') assert.equal((await call(emu, 'GET', path)).status, 200, `GET ${path} as its owner`);
    }
    assert.deepEqual([...kinds].sort(), ['backups', 'firewalls', 'kubernetes', 'load_balancers', 'projects', 'snapshots', 'ssh_keys', 'stacklets', 'userdata', 'volumes', 'vpc', 'vpcs']);
    unchanged('404');
  });

  it('refuses another account\'s resources named in a body with 422 naming the field', async () => {
    const v = (list: string[]): number => Number(list[0]);
    const cases: [string, string, Json, string][] = [
      ['POST', '/v1/firewalls', { name: 'f', inbound_rules: [], outbound_rules: [], stacklet_ids: [v(victim.stacklets)] }, 'stacklet_ids[0]'],
      ['POST', `/v1/firewalls/${intruder.firewalls[0]}/stacklets`, { stacklet_ids: [v(victim.stacklets)] }, 'stacklet_ids[0]'],
      ['POST', `/v1/load_balancers/${intruder.loadBalancers[0]}/stacklets`, { stacklet_ids: [v(victim.stacklets)] }, 'stacklet_ids[0]'],
      ['POST', '/v1/volumes', { name: 'v', stacklet_id: v(victim.stacklets), size_gigabytes: 10 }, 'stacklet_id'],
      ['PUT', `/v1/volumes/${intruder.volumes.at(-1)}`, { action: 'attach', stacklet_id: v(victim.stacklets) }, 'stacklet_id'],
      ['POST', '/v1/stacklets', { name: 'n', size: 'b-1vcpu-1gb', region: 'fra', image: 'ubuntu-22-04-x64', vpc_uuid: victim.vpcs[0] }, 'vpc_uuid'],
      ['POST', '/v1/stacklets', { name: 'n', size: 'b-1vcpu-1gb', region: 'fra', image: 'ubuntu-22-04-x64', firewall_uuid: victim.firewalls[0] }, 'firewall_uuid'],
      ['POST', '/v1/stacklets', { name: 'n', size: 'b-1vcpu-1gb', region: 'fra', image: 'ubuntu-22-04-x64', userdata_uuid: victim.userdata[0] }, 'userdata_uuid'],
      ['POST', '/v1/stacklets', { name: 'n', size: 'b-1vcpu-1gb', region: 'fra', image: 'ubuntu-22-04-x64', volume: victim.volumes[0] }, 'volume'],
      ['POST', '/v1/stacklets', { name: 'n', size: 'b-2vcpu-4gb', region: 'fra', image: v(victim.snapshots) }, 'image'],
      ['POST', `/v1/stacklets/${intruder.stacklets[0]}`, { action: 'restore', image_id: v(victim.snapshots) }, 'image_id'],
      ['POST', `/v1/stacklets/${intruder.stacklets[0]}`, { action: 'rebuild', image: v(victim.snapshots) }, 'image'],
      ['PUT', '/v1/kubernetes', { name: 'taken', uuid: victim.clusters[0] }, 'uuid'],
      ['POST', '/v1/tags/web/resources', { id: v(victim.stacklets), type: 'stacklet' }, 'id'],
      ['DELETE', '/v1/tags/web/resources', { id: v(victim.stacklets), type: 'stacklet' }, 'id'],
    ];
    for (const [method, path, body, field] of cases) {
      const res = await call(emu, method, path, body, INTRUDER_TOKEN);
      assert.equal(res.status, 422, `${method} ${path} ${JSON.stringify(body)}: ${res.text}`);
      assert.equal(res.json.errors[0].field, field, res.text);
    }
    unchanged('422');
  });

  it('lists none of another account\'s resources in any listing', async () => {
    // Ids and uuids are unique across accounts (SSH key fingerprints are not: both accounts hold the demo keys).
    const mine = new Set(Object.values(victim).flat());
    const catalog = /^\/v1\/(sizes|regions|distributions|applications|containers)$/; // shared by all accounts
    for (const route of routes.filter((r) => r.method === 'GET' && !r.pattern.includes('/:') && !catalog.test(r.pattern))) {
      const res = await call(emu, 'GET', `${route.pattern}?per_page=200`, undefined, INTRUDER_TOKEN);
      assert.equal(res.status, 200, route.pattern);
      const leaked: string[] = [];
      JSON.stringify(res.json, (key, value: unknown) => {
        if (['id', 'uuid'].includes(key) && mine.has(String(value))) leaked.push(`${key}=${String(value)}`);
        return value;
      });
      assert.deepEqual(leaked, [], `${route.pattern} shows another account's resources`);
    }
    const profile = await call(emu, 'GET', '/v1/account/profile', undefined, INTRUDER_TOKEN);
    assert.notEqual(profile.json.profile.email, VICTIM);
  });

  it(`answers 413 on all ${withBody.length} routes with a body, by declared length and while streaming, without reading to the end`, async () => {
    for (const route of withBody) {
      const path = pathFor(route.pattern, victim);
      const head = (length: string) =>
        `${route.method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Token ${emu.demoToken}\r\nContent-Type: application/json\r\n${length}\r\n`;
      // Declared far over the limit and never sent: refused on the header alone.
      const declared = await rawRequest(emu, head('Content-Length: 50000000\r\n'), []);
      assert.equal(declared.status, 413, `${route.method} ${path} by Content-Length`);
      assert.match(declared.head, /connection: close/i);
      assert.equal(JSON.parse(declared.body).id, 'payload_too_large');
      // Streamed past the limit with no end in sight: refused once the count passes the limit.
      const chunk = `{"pad":"${'a'.repeat(BODY_LIMIT / 2)}`;
      const streamed = await rawRequest(emu, head('Transfer-Encoding: chunked\r\n'), [chunk, chunk, chunk]);
      assert.equal(streamed.status, 413, `${route.method} ${path} streamed`);
      assert.match(JSON.parse(streamed.body).message, new RegExp(`limit of ${BODY_LIMIT} bytes`));
    }
    assert.equal((await call(emu, 'GET', '/v1/account/profile')).status, 200, 'still serving');
    unchanged('413');
  });
});
