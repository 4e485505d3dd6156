// Trailing slashes: a same-origin redirect that only adds the slash is understood. A GET follows it once with
// its token; a write is never sent again; the client then uses the slash form for every call, writes included,
// and the session remembers it per account. Against the emulator's trailing-slash mode and scripted servers.
import * as assert from 'node:assert/strict';
import { StackletClient } from '../../src/api/client';
import { slashForm, slashRedirect } from '../../src/api/trailingSlash';
import { SessionManager } from '../../src/auth/session';
import { startEmulator, type EmulatorHandle } from '../../src/emulator/server';
import { memoryStores, rejection, sendJson, tinyServer } from './support/helpers';

const FIREWALL = { name: 'slash-fw', inbound_rules: [{ address: '192.0.2.0/24', port: 22, protocol: 'tcp' }], outbound_rules: [] };

function redirects(emu: EmulatorHandle): string[] {
  return emu.stats().requests.filter((r) => r.status >= 300 && r.status < 400).map((r) => `${r.status} ${r.method} ${r.path}`);
}

describe('trailing slashes: the pure rules', () => {
  it('slashForm adds the slash to every path but the profile, which the public client calls without one', () => {
    assert.equal(slashForm('/v1/stacklets'), '/v1/stacklets/');
    assert.equal(slashForm('/v1/stacklets/1001/'), '/v1/stacklets/1001/');
    assert.equal(slashForm('/v1/account/profile'), '/v1/account/profile');
  });

  it('slashRedirect understands only a same-origin redirect that adds or removes the slash, query kept', () => {
    const origin = 'https://api.example.com';
    assert.deepEqual(slashRedirect(origin, '/api/v1/stacklets?tag_name=web', '/api/v1/stacklets/?tag_name=web'), { target: '/api/v1/stacklets/?tag_name=web', adds: true });
    assert.deepEqual(slashRedirect(origin, '/v1/volumes', 'https://api.example.com/v1/volumes/'), { target: '/v1/volumes/', adds: true });
    assert.deepEqual(slashRedirect(origin, '/v1/volumes', 'volumes/'), { target: '/v1/volumes/', adds: true });
    assert.deepEqual(slashRedirect(origin, '/v1/account/profile/', '/v1/account/profile'), { target: '/v1/account/profile', adds: false });
    for (const location of ['https://evil.example/v1/volumes/', 'http://api.example.com/v1/volumes/', '/v1/volumes/?page=2', '/v1/elsewhere/', '/v1/volumes//', 'https://u:p@api.example.com/v1/volumes/', '::not a url::', undefined]) {
      assert.equal(slashRedirect(origin, '/v1/volumes', location), undefined, String(location));
    }
  });
});

describe('trailing slashes: StackletClient ⇄ emulator in trailing-slash mode', function () {
  let emu: EmulatorHandle;
  const clients: StackletClient[] = [];
  let learned = 0;
  const client = (init: { trailingSlash?: boolean } = {}) => {
    const made = new StackletClient({ baseUrl: emu.url, token: emu.demoToken, retry: { maxAttempts: 1 }, onTrailingSlash: () => learned++, ...init });
    clients.push(made);
    return made;
  };

  beforeEach(async () => {
    emu = await startEmulator({ port: 0, host: '127.0.0.1', quirks: { trailingSlash: 'redirect' } });
    learned = 0;
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.dispose()));
    await emu.close();
  });

  it('a GET follows the redirect once with its token, then every call (writes included) uses the slash form', async () => {
    const c = client();
    assert.equal((await c.getProfile()).email, 'demo@stacklet.example', 'the profile is served without a slash');
    assert.equal(c.trailingSlash, false);
    const volumes = await c.listVolumes();
    assert.ok(volumes.items.length > 0, 'the followed request was answered: the token went with it');
    assert.equal(c.trailingSlash, true);
    assert.equal(learned, 1);

    const made = await c.createFirewall(FIREWALL);
    await c.renameFirewall(made.uuid, 'slash-fw-2');
    await c.listStacklets({ tagName: 'web' });
    assert.deepEqual(redirects(emu), ['301 GET /v1/volumes'], 'one redirect, and no write was redirected');
    assert.deepEqual(emu.stats().applied.map((a) => a.kind), ['firewall.create', 'firewall.update']);
    assert.equal(learned, 1, 'reported once');
  });

  it('a write is never sent again after a redirect: refused, nothing applied, and the next call uses the slash form', async () => {
    const c = client();
    const error = await rejection(c.createFirewall(FIREWALL));
    assert.equal(error.kind, 'redirect');
    assert.equal(error.status, 308);
    assert.match(error.message, /not sent again.*try again/);
    assert.deepEqual(emu.stats().applied, []);
    assert.equal(learned, 1);

    await c.createFirewall(FIREWALL);
    assert.equal(emu.stats().applied.length, 1);
    assert.deepEqual(redirects(emu), ['308 POST /v1/firewalls']);
  });

  it('refuse-writes mode: a write before any redirect is refused (404); once a GET has taught the form, writes pass', async () => {
    emu.configure({ quirks: { trailingSlash: 'refuse-writes' } });
    const c = client();
    const refused = await rejection(c.createFirewall(FIREWALL));
    assert.equal(refused.status, 404);
    await c.listFirewalls();
    await c.createFirewall(FIREWALL);
    assert.equal(emu.stats().applied.length, 1);
  });

  it('a client that starts in the slash form meets no redirect at all', async () => {
    const c = client({ trailingSlash: true });
    await c.getProfile();
    await c.listVolumes();
    await c.createFirewall(FIREWALL);
    assert.deepEqual(redirects(emu), []);
    assert.equal(learned, 0);
  });

  it('the session remembers the slash form per account and opens its next client in it', async () => {
    const { registry } = memoryStores();
    const settings = () => ({ pageConcurrency: 4, allowInsecureHttp: false, requestTimeoutMs: 5000 });
    const first = new SessionManager(registry, settings, () => Promise.reject(new Error('no embedded emulator')));
    const account = await first.signIn(emu.url, emu.demoToken);
    assert.equal(account.trailingSlash, undefined, 'the profile alone teaches nothing');
    await (await first.current()).store.get('stacklet');
    await first.dispose();
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(registry.find(account.id)?.trailingSlash, true);

    emu.resetStats();
    const second = new SessionManager(registry, settings, () => Promise.reject(new Error('no embedded emulator')));
    const { client, store } = await second.current();
    assert.equal(client.trailingSlash, true);
    await store.get('volume');
    assert.deepEqual(redirects(emu), []);
    await second.dispose();
  });
});

describe('trailing slashes: what is not followed', () => {
  it('a GET is followed once only: a second redirect is an error', async () => {
    const server = await tinyServer((req, res) => {
      const [path, query] = req.url!.split('?');
      res.writeHead(301, { location: `${path}/?${query}` });
      res.end();
    });
    const c = new StackletClient({ baseUrl: server.url, token: 'stk_tiny_token', retry: { maxAttempts: 1 } });
    try {
      const error = await rejection(c.listVolumes());
      assert.equal(error.kind, 'redirect');
      assert.equal(server.seen, 2);
    } finally {
      await c.dispose();
      await server.close();
    }
  });

  it('a slash added on another origin is not followed, and the token never goes there', async () => {
    const elsewhere = await tinyServer((_req, res) => sendJson(res, 200, { volumes: [] }));
    const server = await tinyServer((req, res) => {
      const [path, query] = req.url!.split('?');
      res.writeHead(301, { location: `${elsewhere.url}${path}/?${query}` });
      res.end();
    });
    const c = new StackletClient({ baseUrl: server.url, token: 'stk_tiny_token', retry: { maxAttempts: 1 } });
    try {
      assert.equal((await rejection(c.listVolumes())).kind, 'redirect');
      assert.equal(elsewhere.seen, 0);
      assert.equal(c.trailingSlash, false);
    } finally {
      await c.dispose();
      await server.close();
      await elsewhere.close();
    }
  });
});
