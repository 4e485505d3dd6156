import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { StackletClient } from '../../src/api/client';
import { accountPlace, isLocalEmulator } from '../../src/auth/accountPlace';
import { announcedEmulator } from '../../src/auth/localAccounts';
import { EMULATOR_ACCOUNT_ID, type Account } from '../../src/auth/accountRegistry';
import { SessionManager } from '../../src/auth/session';
import { ResourceStore } from '../../src/kinds/resourceStore';
import { startEmulator, type EmulatorHandle } from '../../src/emulator/server';
import { requestsSince } from '../../src/emulator/stats';
import { memoryStores, rejection } from './support/helpers';

const settings = () => ({ pageConcurrency: 4, allowInsecureHttp: false, requestTimeoutMs: 5000 });
const noEmulator = () => Promise.reject(new Error('no embedded emulator in this test'));

function requests(emu: EmulatorHandle, route: string): number {
  return emu.stats().requestCount[route] ?? 0;
}

describe('ResourceStore', () => {
  let emu: EmulatorHandle;
  let client: StackletClient;

  beforeEach(async () => {
    emu = await startEmulator({ port: 0, latencyMs: 20 });
    client = new StackletClient({ baseUrl: emu.url, token: emu.demoToken });
  });

  afterEach(async () => {
    await client.dispose();
    await emu.close();
  });

  it('shares one request among concurrent readers and serves later reads from the cache', async () => {
    const store = new ResourceStore(client);
    const [a, b, c] = await Promise.all([store.get('stacklet'), store.get('stacklet'), store.get('stacklet')]);
    assert.equal(a, b);
    assert.equal(b, c);
    await store.get('stacklet');
    assert.equal(requests(emu, 'GET /v1/stacklets'), 1);
    assert.ok(a.items.length > 0);
    assert.equal(a.source, 'service');
  });

  it('keeps parameter variants apart and invalidates them together', async () => {
    const store = new ResourceStore(client);
    const changes: string[] = [];
    store.onDidChange((change) => changes.push(change.kind));
    const all = await store.get('stacklet');
    const web = await store.get('stacklet', { tagName: 'web' });
    assert.ok(web.items.length < all.items.length);
    assert.ok(web.items.every((s) => s.tags.includes('web')));
    store.invalidate('stacklet');
    assert.deepEqual(changes, ['stacklet']);
    assert.equal(store.peek('stacklet'), undefined);
    assert.equal(store.peek('stacklet', { tagName: 'web' }), undefined);
    await store.get('stacklet');
    assert.equal(requests(emu, 'GET /v1/stacklets'), 3);
  });

  it('answers a read superseded by an invalidation with the fresh listing', async () => {
    const store = new ResourceStore(client);
    const first = store.get('volume');
    store.invalidate('volume');
    const listing = await first;
    assert.ok(listing.items.length > 0);
  });

  it('replaces one item in place after an action answered it', async () => {
    const store = new ResourceStore(client);
    const listing = await store.get('stacklet');
    const renamed = { ...listing.items[0]!, name: 'renamed-in-place' };
    let fired = 0;
    store.onDidChange(() => fired++);
    store.update('stacklet', (s) => s.id === renamed.id, renamed);
    assert.equal(store.peek('stacklet')!.items[0]!.name, 'renamed-in-place');
    assert.equal(fired, 1);
    assert.equal(requests(emu, 'GET /v1/stacklets'), 1);
  });

  it('reports a failed load and does not cache it', async () => {
    const failures: number[] = [];
    const badClient = new StackletClient({ baseUrl: emu.url, token: 'stk_wrong' });
    try {
      const store = new ResourceStore(badClient);
      store.onDidFail((error) => failures.push(error.status ?? 0));
      const error = await rejection(store.get('stacklet'));
      assert.ok(error.isUnauthorized);
      assert.deepEqual(failures, [401]);
      await rejection(store.get('stacklet'));
      assert.equal(failures.length, 2, 'a failure is not cached');
    } finally {
      await badClient.dispose();
    }
  });

  it('shows what it knows when the service cannot list firewalls, VPCs or clusters', async () => {
    emu.configure({ quirks: { noListings: true } });
    const known = new Map<string, string[]>();
    const store = new ResourceStore(client, {
      get: (kind) => known.get(kind) ?? [],
      add: (kind, id) => known.set(kind, [...(known.get(kind) ?? []), id]),
      remove: (kind, id) => known.set(kind, (known.get(kind) ?? []).filter((k) => k !== id)),
    });
    const stacklets = await store.get('stacklet');
    const firewalls = await store.get('firewall');
    assert.equal(firewalls.source, 'known');
    const referenced = new Set(stacklets.items.map((s) => s.firewall_uuid).filter(Boolean));
    assert.deepEqual(new Set(firewalls.items.map((f) => f.uuid)), referenced);
    assert.ok(referenced.size > 0);

    const vpc = await client.createVpc({ name: 'known-vpc', cidr: '10.77.0.0/16', region: 'ams' });
    store.rememberCreated('vpc', vpc.uuid);
    known.set('vpc', [...(known.get('vpc') ?? []), 'no-such-vpc']);
    const vpcs = await store.get('vpc');
    assert.ok(vpcs.items.some((v) => v.uuid === vpc.uuid));
    assert.ok(!(known.get('vpc') ?? []).includes('no-such-vpc'), 'a stale id (404) is forgotten');
  });
});

describe('SessionManager', () => {
  let emu: EmulatorHandle;

  before(async () => {
    emu = await startEmulator({ port: 0 });
  });

  after(async () => {
    await emu.close();
  });

  it('opens the active account\'s session ahead of its first use: the token read once, nothing sent, no emulator started', async () => {
    const { secrets, registry } = memoryStores();
    const account = await new SessionManager(registry, settings, noEmulator).signIn(emu.url, emu.demoToken);
    // A new window: the account is stored, no session is open.
    let tokenReads = 0;
    const read = secrets.get.bind(secrets);
    secrets.get = (key) => (tokenReads++, read(key));
    let launches = 0;
    const session = new SessionManager(registry, settings, () => (launches++, noEmulator()));
    const before = emu.stats().requestCount;
    await session.prepare();
    assert.equal(tokenReads, 1, 'the token was read ahead of the first use');
    assert.deepEqual(requestsSince(emu.stats().requestCount, before), {}, 'opening sends nothing');
    const opened = await session.current();
    assert.equal(tokenReads, 1, 'the first use found the session open');
    assert.equal(opened.account.id, account.id);
    assert.ok((await opened.store.get('stacklet')).items.length > 0);
    await session.dispose();

    // An emulator account's session opens on first use only: opening it would start the embedded emulator.
    await registry.add({ ...account, id: EMULATOR_ACCOUNT_ID, isEmulator: true }, emu.demoToken);
    const emulatorSession = new SessionManager(registry, settings, () => (launches++, noEmulator()));
    tokenReads = 0;
    await emulatorSession.prepare();
    assert.deepEqual({ launches, tokenReads }, { launches: 0, tokenReads: 0 });
    await emulatorSession.dispose();
  });

  it('knows a sign-in with the active account\'s own address and token changes nothing; not another token, address, an expired session or the embedded emulator', async () => {
    const { registry } = memoryStores();
    const session = new SessionManager(registry, settings, noEmulator);
    assert.equal(await session.signedInWith(emu.url, emu.demoToken), undefined, 'signed out');
    const account = await session.signIn(emu.url, emu.demoToken);
    assert.deepEqual(await session.signedInWith(emu.url, emu.demoToken), account);
    assert.deepEqual(await session.signedInWith(`${emu.url}/v1/`, emu.demoToken), account, 'the address as sign-in reads it');
    assert.equal(await session.signedInWith(emu.url, 'stk_other'), undefined);
    assert.equal(await session.signedInWith('http://127.0.0.1:9', emu.demoToken), undefined);
    assert.equal(await session.signedInWith('not a url', emu.demoToken), undefined);
    await session.markExpired(account);
    assert.equal(await session.signedInWith(emu.url, emu.demoToken), undefined, 'an expired session is renewed by signing in');
    await registry.add({ ...account, id: EMULATOR_ACCOUNT_ID, isEmulator: true }, emu.demoToken);
    assert.equal(await session.signedInWith(emu.url, emu.demoToken), undefined, 'the embedded emulator\'s address and token are new at every start');
    await session.dispose();
  });

  it('stores nothing when the token is refused or the URL unreachable', async () => {
    const { secrets, state, registry } = memoryStores();
    const session = new SessionManager(registry, settings, noEmulator);
    assert.ok((await rejection(session.signIn(emu.url, 'stk_wrong'))).isUnauthorized);
    assert.equal((await rejection(session.signIn('http://127.0.0.1:9', emu.demoToken))).kind, 'network');
    assert.equal((await rejection(session.signIn('http://api.example.com', emu.demoToken))).kind, 'config');
    assert.equal(secrets.size, 0);
    assert.equal(state.size, 0);
    assert.equal(session.state.kind, 'signed-out');
    await session.dispose();
  });

  it('drops, quietly, the account of a local emulator that no longer listens, and keeps the others', async () => {
    const { registry } = memoryStores();
    const session = new SessionManager(registry, settings, noEmulator);
    const gone = await startEmulator({ port: 0 });
    const goneAccount = await session.signIn(gone.url, gone.demoToken);
    const stays = await session.signIn(emu.url, emu.demoToken);
    await gone.close();
    const changes: string[] = [];
    session.onDidChange((state) => changes.push(state.kind));
    assert.deepEqual((await session.dropDeadLocalAccounts()).map((account) => account.id), [goneAccount.id]);
    assert.deepEqual(session.accounts.map((account) => account.id), [stays.id]);
    assert.equal(await registry.token(goneAccount.id), undefined, 'its token is gone too');
    assert.deepEqual(await session.dropDeadLocalAccounts(), [], 'a listening emulator stays');
    assert.ok(changes.length > 0);
    await session.dispose();
  });

  it('keeps the token in the secret store only, and drops it on sign-out', async () => {
    const { secrets, state, registry } = memoryStores();
    const session = new SessionManager(registry, settings, noEmulator);
    const account = await session.signIn(`${emu.url}/`, emu.demoToken);
    assert.equal(session.state.kind, 'active');
    assert.equal(account.email, 'demo@stacklet.example');
    assert.equal(account.apiUrl, emu.url);
    assert.deepEqual([...secrets.values()], [emu.demoToken]);
    assert.ok(!JSON.stringify([...state.entries()]).includes(emu.demoToken), 'the token is not in plain state');
    assert.ok((await ((await session.current()).store).get('stacklet')).items.length > 0);
    await session.signOut(account.id);
    assert.equal(secrets.size, 0);
    assert.equal(session.state.kind, 'signed-out');
    await session.dispose();
  });

  it('reconnects with the settings as they are now (a proxy or certificate setting changed), and the views hear of it', async () => {
    const { registry } = memoryStores();
    let current: ReturnType<typeof settings> & { proxy?: { url: string } } = settings();
    const session = new SessionManager(registry, () => current, noEmulator);
    await session.reconnect(); // nothing open yet: nothing happens
    await session.signIn(emu.url, emu.demoToken);
    const before = (await session.current()).store;
    const changes: string[] = [];
    session.onDidChange((state) => changes.push(state.kind));
    current = { ...settings(), proxy: { url: 'http://proxy.invalid:3128' } };
    await session.reconnect();
    const after = (await session.current()).store;
    assert.notEqual(after, before);
    assert.deepEqual(changes, ['active']);
    assert.deepEqual((await session.current()).client.route, { kind: 'direct', reason: 'loopback' }, 'the new settings were read (loopback stays direct)');
    await session.dispose();
  });

  it('expires only the account that met the 401: not the one that became active while it was signed out', async () => {
    const { registry } = memoryStores();
    const session = new SessionManager(registry, settings, noEmulator);
    const second = `stk_second_${Date.now()}`;
    emu.addAccount(second, { email: 'second@stacklet.example' });
    const first = await session.signIn(emu.url, emu.demoToken);
    const leaving = await session.signIn(emu.url, second);
    // Signing out deletes the token before the next account is active: a view that opens the session in that
    // moment finds no token, and the account being signed out is the one it expires, if any.
    const signingOut = session.signOut(leaving.id);
    const opened = session.current().then(() => 'opened', () => 'refused');
    await signingOut;
    await opened;
    assert.equal(session.state.kind === 'active' && session.state.account.id, first.id, 'the remaining account is active, not expired');
    await session.markExpired(leaving);
    assert.equal(session.state.kind, 'active', 'an account no longer active expires nobody');
    await session.markExpired(first);
    assert.equal(session.state.kind, 'expired');
    await session.dispose();
  });

  it('marks the session expired on a 401 and keeps a bad sign-in from touching the previous session', async () => {
    const { registry } = memoryStores();
    const session = new SessionManager(registry, settings, noEmulator);
    // A service that accepts the token once (the sign-in) and then answers 401 to everything: a revoked token.
    let profileCalls = 0;
    const server = http.createServer((req, res) => {
      const ok = req.url?.startsWith('/v1/account/profile') && profileCalls++ === 0;
      res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
      res.end(JSON.stringify(ok ? { profile: { uuid: 'u-1', email: 'soon-revoked@example.test' } } : { message: 'token revoked' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const account = await session.signIn(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, 'stk_soon_revoked');
      await rejection(session.signIn(emu.url, 'stk_wrong'));
      assert.equal(session.state.kind === 'active' && session.state.account.id, account.id, 'a failed sign-in leaves the session as it was');

      const states: string[] = [];
      session.onDidChange((state) => states.push(state.kind));
      const store = (await session.current()).store;
      assert.ok((await rejection(store.get('stacklet'))).isUnauthorized);
      assert.equal(session.state.kind, 'expired');
      assert.deepEqual(states, ['expired']);
      assert.equal((await rejection(session.current())).status, 401, 'an expired session opens no store');
      assert.equal(session.accounts.length, 1, 'the account stays listed, to sign in again');
    } finally {
      server.closeAllConnections();
      server.close();
      await session.dispose();
    }
  });
});

describe('local emulators (localAccounts)', () => {
  const account = (apiUrl: string, isEmulator = false): Account => ({ id: 'a', apiUrl, email: 'demo@stacklet.example', profileUuid: 'u', isEmulator });

  it('takes the emulator npm start announces only at a loopback http(s) address with a token', () => {
    assert.deepEqual(announcedEmulator({ STACKLET_EMULATOR_URL: 'http://127.0.0.1:8787/', STACKLET_EMULATOR_TOKEN: 'stk_demo_1' }), { url: 'http://127.0.0.1:8787', token: 'stk_demo_1' });
    assert.equal(announcedEmulator({ STACKLET_EMULATOR_URL: 'https://api.example.com', STACKLET_EMULATOR_TOKEN: 'stk_demo_1' }), undefined, 'not this machine');
    assert.equal(announcedEmulator({ STACKLET_EMULATOR_URL: 'file:///tmp/x', STACKLET_EMULATOR_TOKEN: 'stk_demo_1' }), undefined);
    assert.equal(announcedEmulator({ STACKLET_EMULATOR_URL: 'http://127.0.0.1:8787' }), undefined, 'no token');
    assert.equal(announcedEmulator({ STACKLET_EMULATOR_URL: 'not a url', STACKLET_EMULATOR_TOKEN: 'stk' }), undefined);
    assert.equal(announcedEmulator({}), undefined);
  });

  it('labels every account on this machine a local emulator, and tells two of one e-mail apart by address', () => {
    assert.ok(isLocalEmulator(account('http://127.0.0.1:8787')));
    assert.ok(isLocalEmulator(account('http://127.0.0.1:41234', true)));
    assert.ok(!isLocalEmulator(account('https://api.simplystack.com')));
    assert.equal(accountPlace(account('http://127.0.0.1:8787'), 'local emulator'), 'local emulator 127.0.0.1:8787');
    assert.equal(accountPlace(account('http://127.0.0.1:41234', true), 'local emulator'), 'local emulator');
    assert.equal(accountPlace(account('https://api.simplystack.com'), 'local emulator'), 'api.simplystack.com');
  });
});
