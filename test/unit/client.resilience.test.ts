// StackletClient against the emulator (and two tiny scripted servers) when things are not simple: many pages,
// services that ignore paging parameters, injected faults (reads retried, writes never repeated), tokens and
// accounts, bodies that break or extend the schema, endpoints the service lacks, and redirects.
import * as assert from 'node:assert/strict';
import { request } from 'undici';
import { StackletClient, type ClientOptions } from '../../src/api/client';
import type { RequestLogEntry } from '../../src/api/transport';
import { startEmulator, type EmulatorHandle } from '../../src/emulator/server';
import type { FaultKind } from '../../src/emulator/options';
import { rejection, seeded, sendJson, tinyServer } from './support/helpers';

const EXTRA = 150;
const SEEDED = 6; // the demo account's own stacklets
const USERDATA = '#!/bin/sh\necho "fault test"\n';



/** GET through undici directly, bypassing the client: the emulator's own view. */
async function rawGet(emu: EmulatorHandle, path: string): Promise<any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const res = await request(emu.url + path, { headers: { authorization: `Token ${emu.demoToken}` } });
  assert.equal(res.statusCode, 200);
  return res.body.json();
}

describe('StackletClient ⇄ emulator: paging', function () {
  let emu: EmulatorHandle;
  const clients: StackletClient[] = [];
  const make = (options: Partial<ClientOptions> = {}): StackletClient => {
    const client = new StackletClient({ baseUrl: emu.url, token: emu.demoToken, retry: { maxAttempts: 1 }, ...options });
    clients.push(client);
    return client;
  };
  const listCount = (): number => emu.stats().requestCount['GET /v1/stacklets'] ?? 0;

  before(async () => {
    emu = await startEmulator({ port: 0, host: '127.0.0.1', extraStacklets: EXTRA });
  });
  afterEach(() => emu.configure({ quirks: { ignorePage: false, ignorePerPage: false } }));
  after(async () => {
    await Promise.all(clients.map((c) => c.dispose()));
    await emu.close();
  });

  it('perPage 25, 4 at once: every stacklet once, in id order, total as meta says, each page fetched once', async () => {
    const log: RequestLogEntry[] = [];
    const client = make({ perPage: 25, pageConcurrency: 4, onRequest: (entry) => log.push(entry) });
    const meta = (await rawGet(emu, '/v1/stacklets?per_page=1')).meta.pagination;
    assert.equal(meta.total, SEEDED + EXTRA);
    emu.resetStats();

    const result = await client.listStacklets();
    const ids = result.items.map((s) => s.id);
    assert.equal(ids.length, meta.total);
    assert.equal(new Set(ids).size, ids.length, 'no duplicates');
    assert.ok(ids.every((id, i) => i === 0 || id > ids[i - 1]!), 'in id order');
    assert.equal(result.total, meta.total);
    assert.equal(result.pages, Math.ceil(meta.total / 25));
    assert.equal(result.warning, undefined);

    assert.equal(listCount(), result.pages, 'one request per page');
    const pagesAsked = log.map((entry) => new URL(entry.path, emu.url).searchParams.get('page') ?? '1').sort((a, b) => Number(a) - Number(b));
    assert.deepEqual(pagesAsked, Array.from({ length: result.pages }, (_, i) => String(i + 1)), 'each page exactly once');
    assert.ok(log.every((entry) => new URL(entry.path, emu.url).searchParams.get('per_page') === '25'));
  });

  it('a filter is kept on every page: tag_name=even over several pages', async () => {
    const result = await make({ perPage: 25 }).listStacklets({ tagName: 'even' });
    assert.equal(result.items.length, EXTRA / 2);
    assert.equal(result.total, EXTRA / 2);
    assert.ok(result.items.every((s) => s.tags.includes('even')));
  });

  it('quirk ignorePage: stops with a warning after a bounded number of requests (no loop)', async () => {
    emu.configure({ quirks: { ignorePage: true } });
    emu.resetStats();
    const result = await make({ perPage: 25, pageConcurrency: 4 }).listStacklets();
    assert.match(result.warning ?? '', /ignored the page parameter/);
    assert.equal(result.items.length, 25, 'only the first page');
    assert.equal(result.total, 25, 'the total is what was read, not what the service claims');
    assert.equal(new Set(result.items.map((s) => s.id)).size, 25);
    const count = listCount();
    assert.ok(count >= 2 && count <= 1 + 4, `${count} requests`);
  });

  it('quirk ignorePerPage: the service pages by 25 whatever is asked; the client still gets everything', async () => {
    emu.configure({ quirks: { ignorePerPage: true } });
    emu.resetStats();
    const result = await make({ perPage: 100 }).listStacklets();
    assert.equal(result.items.length, SEEDED + EXTRA);
    assert.equal(result.total, SEEDED + EXTRA);
    assert.equal(new Set(result.items.map((s) => s.id)).size, SEEDED + EXTRA);
    assert.equal(result.warning, undefined);
    assert.equal(listCount(), Math.ceil((SEEDED + EXTRA) / 25));
  });
});

describe('StackletClient ⇄ emulator: faults and retries', function () {
  this.timeout(10_000); // the 503 test waits out Retry-After: 1 twice
  let emu: EmulatorHandle;
  let rng: () => number = Math.random;
  const clients: StackletClient[] = [];
  const make = (options: Partial<ClientOptions> = {}): StackletClient => {
    const client = new StackletClient({
      baseUrl: emu.url,
      token: emu.demoToken,
      retry: { maxAttempts: 4, baseDelayMs: 5, maxDelayMs: 50, budgetMs: 2000 },
      requestTimeoutMs: 2000,
      random: () => 0.5,
      ...options,
    });
    clients.push(client);
    return client;
  };
  const count = (route: string): number => emu.stats().requestCount[route] ?? 0;
  const applied = (kind: string): number => emu.stats().applied.filter((a) => a.kind === kind).length;

  before(async () => {
    emu = await startEmulator({ port: 0, host: '127.0.0.1', random: () => rng(), hangMs: 1000, taskMs: 0 });
  });
  beforeEach(() => {
    emu.configure({ faultRate: 0 });
    emu.resetStats();
  });
  after(async () => {
    await Promise.all(clients.map((c) => c.dispose()));
    await emu.close();
  });

  it('http503 on every request: a GET is retried (honouring Retry-After: 1), then fails with one ApiError', async () => {
    // The emulator asks for Retry-After: 1 s; a delay above maxDelayMs ends the retries, so allow 1 s here.
    const client = make({ retry: { maxAttempts: 3, baseDelayMs: 5, maxDelayMs: 1000, budgetMs: 5000 } });
    emu.configure({ faultRate: 1, faultKinds: ['http503'] });
    const error = await rejection(client.getProfile());
    assert.equal(error.kind, 'http');
    assert.equal(error.status, 503);
    assert.equal(error.retryAfterSeconds, 1);
    assert.equal(count('GET /v1/account/profile'), 3, 'three attempts');
  });

  it('http503 with a retry ceiling below Retry-After: not retried, fails at once', async () => {
    const client = make();
    emu.configure({ faultRate: 1, faultKinds: ['http503'] });
    const error = await rejection(client.getProfile());
    assert.equal(error.status, 503);
    assert.equal(count('GET /v1/account/profile'), 1);
  });

  for (const [kind, errorKind] of [['drop', 'network'], ['malformed', 'invalid-response']] as const) {
    it(`${kind} on every request: a GET is retried up to maxAttempts, then fails with ApiError kind ${errorKind}`, async () => {
      const client = make();
      emu.configure({ faultRate: 1, faultKinds: [kind] });
      const error = await rejection(client.getProfile());
      assert.equal(error.kind, errorKind);
      assert.equal(count('GET /v1/account/profile'), 4);
    });
  }

  it('hang on every request: a GET times out per attempt, is retried, then fails with kind timeout', async () => {
    const client = make({ requestTimeoutMs: 150, retry: { maxAttempts: 2, baseDelayMs: 5, maxDelayMs: 50, budgetMs: 2000 } });
    emu.configure({ faultRate: 1, faultKinds: ['hang'] });
    const error = await rejection(client.getProfile());
    assert.equal(error.kind, 'timeout');
    assert.equal(count('GET /v1/account/profile'), 2);
  });

  it('half of the requests broken (seeded): reads still succeed within the retry budget', async () => {
    rng = seeded(20260601);
    const client = make({ retry: { maxAttempts: 8, baseDelayMs: 5, maxDelayMs: 50, budgetMs: 3000 } });
    emu.configure({ faultRate: 0.5, faultKinds: ['drop', 'malformed'] });
    const reads = 12;
    for (let i = 0; i < reads; i++) {
      const profile = await client.getProfile();
      assert.equal(profile.first_name, 'Demo');
      const stacklets = await client.listStacklets({ tagName: 'production' });
      assert.deepEqual(stacklets.items.map((s) => s.name), ['web-1', 'web-2', 'db-1']);
    }
    const faults = emu.stats().requests.filter((r) => r.fault !== undefined).length;
    assert.ok(faults >= 5, `only ${faults} faults were injected`);
    assert.equal(emu.stats().requests.length, 2 * reads + faults, 'one more attempt per fault, and no other requests');
    rng = Math.random;
  });

  for (const kind of ['drop', 'malformed', 'http503', 'hang'] as const satisfies readonly FaultKind[]) {
    it(`${kind} on a POST (createUserdata): sent exactly once, applied at most once`, async () => {
      // maxDelayMs 1000 lets Retry-After: 1 through, so a 503 would be retried if writes were ever repeated.
      const client = make({ requestTimeoutMs: 200, retry: { maxAttempts: 4, baseDelayMs: 5, maxDelayMs: 1000, budgetMs: 2000 } });
      emu.configure({ faultRate: 1, faultKinds: [kind] });
      const name = `fault-${kind}`;
      const error = await rejection(client.createUserdata({ name, userdata: USERDATA }));
      assert.equal(error.kind, { drop: 'network', malformed: 'invalid-response', http503: 'http', hang: 'timeout' }[kind]);
      assert.equal(count('POST /v1/userdata'), 1, 'a write is never repeated');
      // Status faults answer before the handler runs; the others break the reply of an applied request.
      const expected = kind === 'http503' ? 0 : 1;
      assert.equal(applied('userdata.create'), expected);
      emu.configure({ faultRate: 0 });
      const copies = (await make().listUserdata()).items.filter((u) => u.name === name).length;
      assert.equal(copies, expected);
    });
  }

  for (const kind of ['drop', 'malformed', 'http503'] as const satisfies readonly FaultKind[]) {
    it(`${kind} on a stacklet action (power_cycle): sent exactly once, applied at most once`, async () => {
      const reader = make();
      const target = (await reader.listStacklets({ region: 'sgp' })).items[0]!;
      const client = make({ retry: { maxAttempts: 4, baseDelayMs: 5, maxDelayMs: 1000, budgetMs: 2000 } });
      emu.resetStats();
      emu.configure({ faultRate: 1, faultKinds: [kind] });
      await rejection(client.powerCycle(target.id));
      assert.equal(count('POST /v1/stacklets/:id'), 1);
      assert.ok(applied('stacklet.power_cycle') <= 1);
      assert.equal(applied('stacklet.power_cycle'), kind === 'http503' ? 0 : 1);
      emu.configure({ faultRate: 0 });
      // taskMs 0: the task (if any) ends at the next request, leaving the stacklet free for the next test.
      const after = await reader.getStacklet(target.id);
      assert.equal(after.status, 'active');
      assert.equal(after.task, null);
    });
  }
});

describe('StackletClient ⇄ emulator: tokens and accounts', function () {
  let emu: EmulatorHandle;
  const clients: StackletClient[] = [];
  const make = (token: string): StackletClient => {
    const client = new StackletClient({ baseUrl: emu.url, token, retry: { maxAttempts: 3, baseDelayMs: 5, maxDelayMs: 50, budgetMs: 1000 } });
    clients.push(client);
    return client;
  };

  before(async () => {
    emu = await startEmulator({ port: 0, host: '127.0.0.1', taskMs: 0 });
  });
  after(async () => {
    await Promise.all(clients.map((c) => c.dispose()));
    await emu.close();
  });

  it('a wrong token: 401, ApiError.isUnauthorized, not retried', async () => {
    emu.resetStats();
    const error = await rejection(make('stk_wrong_token_0000').getProfile());
    assert.ok(error.isUnauthorized);
    assert.equal(error.status, 401);
    assert.equal(error.serviceMessage, 'the API key is not valid');
    assert.equal(emu.stats().requestCount['GET /v1/account/profile'], 1);
    assert.equal((await make(emu.demoToken).getProfile()).first_name, 'Demo', 'the right token still works');
  });

  it('another account cannot see or act on the demo account\'s stacklet, firewall or volume (404)', async () => {
    const demo = make(emu.demoToken);
    const web1 = (await demo.listStacklets({ tagName: 'production' })).items[0]!;
    const firewall = (await demo.listFirewalls()).items[0]!;
    const volume = (await demo.listVolumes()).items[0]!;

    const second = emu.addAccount('stk_second_account_token', { email: 'second@stacklet.example' });
    const other = make('stk_second_account_token');
    assert.equal((await other.getProfile()).email, second.email);
    assert.deepEqual((await other.listStacklets()).items, []);
    emu.resetStats();

    for (const attempt of [
      () => other.getStacklet(web1.id),
      () => other.powerOff(web1.id),
      () => other.deleteStacklet(web1.id),
      () => other.getFirewall(firewall.uuid),
      () => other.renameFirewall(firewall.uuid, 'taken-over'),
      () => other.getVolume(volume.id),
      () => other.deleteVolume(volume.id),
    ]) {
      const error = await rejection(attempt());
      assert.equal(error.status, 404, error.message);
      assert.equal(error.kind, 'http');
    }
    assert.deepEqual(emu.stats().applied, []);
    const still = await demo.getStacklet(web1.id);
    assert.equal(still.status, 'active');
    assert.equal(still.task, null);
    assert.equal((await demo.getFirewall(firewall.uuid)).name, firewall.name);
  });
});

describe('StackletClient: schema tolerance (scripted server)', function () {
  let emu: EmulatorHandle;
  let stacklet: Record<string, unknown>;

  before(async () => {
    emu = await startEmulator({ port: 0, host: '127.0.0.1' });
    const list = await rawGet(emu, '/v1/stacklets');
    stacklet = list.stacklets[0];
  });
  after(async () => {
    await emu.close();
  });

  it('keeps a field the schema does not know', async () => {
    const server = await tinyServer((_req, res) => sendJson(res, 200, { stacklet: { ...stacklet, extra_field: { x: 1 } } }));
    const client = new StackletClient({ baseUrl: server.url, token: 'stk_tiny_token', retry: { maxAttempts: 1 } });
    try {
      const got = await client.getStacklet(stacklet['id'] as number);
      assert.equal(got.name, stacklet['name']);
      assert.deepEqual((got as Record<string, unknown>)['extra_field'], { x: 1 });
    } finally {
      await client.dispose();
      await server.close();
    }
  });

  it('an item whose id has the wrong type is a problem of its listing, the others are read; a single resource so broken is an ApiError; neither is retried', async () => {
    const other = { ...stacklet, id: 4242, name: 'readable' };
    const server = await tinyServer((req, res) =>
      req.url?.startsWith('/v1/stacklets/')
        ? sendJson(res, 200, { stacklet: { ...stacklet, id: 'seven' } })
        : sendJson(res, 200, { stacklets: [{ ...stacklet, id: 'seven' }, other], meta: { total: 2 } }));
    const client = new StackletClient({ baseUrl: server.url, token: 'stk_tiny_token', retry: { maxAttempts: 4, baseDelayMs: 5 } });
    try {
      const listed = await client.listStacklets();
      assert.deepEqual(listed.items.map((item) => item.name), ['readable']);
      assert.equal(listed.problems?.length, 1);
      assert.deepEqual({ ...listed.problems![0]!, reason: undefined }, { page: 1, index: 0, fieldPath: 'stacklets[0].id', reason: undefined, id: 'seven', name: stacklet['name'] });
      assert.match(listed.problems![0]!.reason, /expected number, received string/);
      assert.equal(server.seen, 1);

      const error = await rejection(client.getStacklet(7));
      assert.equal(error.kind, 'invalid-response');
      assert.equal(error.fieldPath, 'stacklet.id');
      assert.equal(server.seen, 2);
    } finally {
      await client.dispose();
      await server.close();
    }
  });

  it('a redirect is never followed: ApiError kind redirect, the other origin sees nothing', async () => {
    const elsewhere = await tinyServer((_req, res) => sendJson(res, 200, { profile: {} }));
    const server = await tinyServer((_req, res) => {
      res.writeHead(302, { location: `${elsewhere.url}/v1/account/profile` });
      res.end();
    });
    const client = new StackletClient({ baseUrl: server.url, token: 'stk_tiny_token', retry: { maxAttempts: 1 } });
    try {
      const error = await rejection(client.getProfile());
      assert.equal(error.kind, 'redirect');
      assert.equal(error.status, 302);
      assert.equal(elsewhere.seen, 0);
    } finally {
      await client.dispose();
      await server.close();
      await elsewhere.close();
    }
  });
});

describe('StackletClient ⇄ emulator: endpoints the service lacks', function () {
  let emu: EmulatorHandle;
  let client: StackletClient;
  before(async () => {
    emu = await startEmulator({ port: 0, host: '127.0.0.1', quirks: { noFirewallRulesEndpoints: true } });
    client = new StackletClient({ baseUrl: emu.url, token: emu.demoToken, retry: { maxAttempts: 1 } });
  });
  after(async () => {
    await client.dispose();
    await emu.close();
  });

  it('quirk noFirewallRulesEndpoints: add/removeFirewallRules reject with kind unsupported; nothing changes', async () => {
    const firewall = (await client.listFirewalls()).items[0]!;
    const rules = { inbound_rules: [{ address: '192.0.2.0/24', port: 8443, protocol: 'tcp' }] };
    const add = await rejection(client.addFirewallRules(firewall.uuid, rules));
    assert.equal(add.kind, 'unsupported');
    assert.equal(add.status, 404);
    const remove = await rejection(client.removeFirewallRules(firewall.uuid, { inbound_rules: [firewall.inbound_rules[0]!] }));
    assert.equal(remove.kind, 'unsupported');
    assert.deepEqual((await client.getFirewall(firewall.uuid)).inbound_rules, firewall.inbound_rules);
  });

  it('without the quirk, a missing firewall is a plain 404, not "unsupported"', async () => {
    emu.configure({ quirks: { noFirewallRulesEndpoints: false } });
    const error = await rejection(client.addFirewallRules('00000000-0000-4000-8000-000000000000', { inbound_rules: [{ address: '192.0.2.1' }] }));
    assert.equal(error.kind, 'http');
    assert.ok(error.isNotFound);
    const firewall = (await client.listFirewalls()).items[0]!;
    await client.addFirewallRules(firewall.uuid, { inbound_rules: [{ address: '192.0.2.0/24', port: 8443, protocol: 'tcp' }] });
    assert.equal((await client.getFirewall(firewall.uuid)).inbound_rules.length, firewall.inbound_rules.length + 1);
  });
});

describe('StackletClient ⇄ emulator: the conventional forms a service may lack', function () {
  let emu: EmulatorHandle;
  let client: StackletClient;
  before(async () => {
    emu = await startEmulator({ port: 0, host: '127.0.0.1', quirks: { noConventionalForms: true, noListings: true, noTagObjects: true } });
    client = new StackletClient({ baseUrl: emu.url, token: emu.demoToken, retry: { maxAttempts: 1 } });
  });
  after(async () => {
    await client.dispose();
    await emu.close();
  });

  it('quirk noConventionalForms: adding and deleting node pools, untagging and deleting backups reject with kind unsupported; nothing changes', async () => {
    const before = JSON.stringify(emu.snapshot());
    const cluster = (emu.snapshot().accounts['demo@stacklet.example'] as { clusters: { uuid: string; node_pools: { id: string }[] }[] }).clusters[0]!;
    const stacklet = (await client.listStacklets({ tagName: 'db' })).items[0]!;
    const backup = (await client.listBackups()).items[0]!;
    const refusals = [
      ['adding node pools', client.addNodePool(cluster.uuid, { name: 'p', size: 'b-2vcpu-4gb', count: 1 })],
      ['deleting node pools', client.deleteNodePool(cluster.uuid, cluster.node_pools[0]!.id)],
      ['removing tags', client.untagStacklet('db', stacklet.id)],
      ['deleting backups', client.deleteBackup(backup.id)],
    ] as const;
    for (const [what, call] of refusals) {
      const error = await rejection(call);
      assert.equal(error.kind, 'unsupported', what);
      assert.equal(error.status, 404, what);
      assert.match(error.message, new RegExp(`does not support ${what}`));
    }
    assert.ok(JSON.stringify(emu.snapshot()) === before, 'nothing changed');
  });

  it('quirk noTagObjects: making, reading and deleting tags reject with kind unsupported (405, 404, 404); nothing changes', async () => {
    const before = JSON.stringify(emu.snapshot());
    const stacklet = (await client.listStacklets({ tagName: 'db' })).items[0]!;
    const refusals = [
      ['creating tags', 405, client.createTag({ name: 'fresh', stacklet_ids: [stacklet.id] })],
      ['reading tags', 404, client.getTag('db')],
      ['deleting tags', 404, client.deleteTag('db')],
    ] as const;
    for (const [what, status, call] of refusals) {
      const error = await rejection(call);
      assert.equal(error.kind, 'unsupported', what);
      assert.equal(error.status, status, what);
      assert.match(error.message, new RegExp(`does not support ${what}`));
    }
    assert.ok(JSON.stringify(emu.snapshot()) === before, 'nothing changed');
  });

  it('quirk noListings: listing projects rejects with kind unsupported (a create wizard then asks no project)', async () => {
    const error = await rejection(client.listProjects());
    assert.equal(error.kind, 'unsupported');
  });

  it('tagging is documented: it stays offered, and works', async () => {
    const stacklet = (await client.listStacklets({ tagName: 'db' })).items[0]!;
    await client.tagResource('kept', { id: stacklet.id, type: 'stacklet' });
    assert.ok((await client.getStacklet(stacklet.id)).tags.includes('kept'));
  });
});
