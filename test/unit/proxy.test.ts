// Proxies with zero configuration: which route a request takes (http.proxy, the proxy variables, NO_PROXY and
// http.noProxy, loopback never), then the client through a real forward proxy (the `proxy` package in its own
// process, counting the tunnels it opened) to an HTTPS emulator named api.stacklet.test, a name only that
// proxy resolves: with and without proxy authentication, a 407 named clearly, and no request or token ever
// sent to the proxy in clear.
import * as assert from 'node:assert/strict';
import { StackletClient } from '../../src/api/client';
import { describeRoute, isLoopbackHost, noProxyRule, routeFor, type ProxySettings } from '../../src/api/proxy';
import type { RequestLogEntry } from '../../src/api/transport';
import { createAuthority, issueCertificate, type Authority } from '../../src/emulator/certificates';
import { startEmulator, type EmulatorHandle } from '../../src/emulator/server';
import { PROXY_ONLY_HOST, startForwardProxy, unknownHereOnly, type ForwardProxy } from './support/forwardProxy';
import { rejection } from './support/helpers';

const api = (url: string) => new URL(url);

describe('proxy: the route a request takes', () => {
  it('never sends loopback through a proxy', () => {
    for (const host of ['localhost', 'api.localhost', '127.0.0.1', '127.8.9.10', '[::1]']) {
      assert.ok(isLoopbackHost(api(`https://${host}:8443`).hostname), host);
      assert.deepEqual(routeFor(api(`https://${host}:8443`), { url: 'http://proxy.corp:3128' }), { kind: 'direct', reason: 'loopback' });
    }
    assert.ok(!isLoopbackHost('128.0.0.1') && !isLoopbackHost('localhost.evil.example'));
  });

  it('takes http.proxy first, then https_proxy, HTTPS_PROXY, http_proxy, HTTP_PROXY (http:// only the last two)', () => {
    const target = api('https://api.example.com');
    const source = (settings: ProxySettings) => {
      const route = routeFor(target, settings);
      return route.kind === 'proxy' ? `${route.source} ${route.display}` : route.reason;
    };
    assert.equal(source({ url: 'proxy.corp:3128', env: { HTTPS_PROXY: 'http://env:1' } }), 'http.proxy http://proxy.corp:3128');
    assert.equal(source({ url: '  ', env: { HTTPS_PROXY: 'http://env:1', HTTP_PROXY: 'http://plain:2' } }), 'HTTPS_PROXY http://env:1');
    assert.equal(source({ env: { https_proxy: 'http://lower:1', HTTPS_PROXY: 'http://upper:1' } }), 'https_proxy http://lower:1');
    assert.equal(source({ env: { HTTP_PROXY: 'http://plain:2' } }), 'HTTP_PROXY http://plain:2');
    assert.equal(source({ env: {} }), 'none');
    assert.equal(source({ url: 'http://proxy.corp:3128', support: 'off' }), 'off');
    const plain = routeFor(api('http://api.example.com'), { env: { HTTPS_PROXY: 'http://env:1' } });
    assert.equal(plain.kind, 'direct');
  });

  it('never shows the credentials of a proxy URL, and refuses one that is not a proxy URL without repeating it', () => {
    const route = routeFor(api('https://api.example.com'), { url: 'http://alice:s3cret@proxy.corp:3128' });
    assert.equal(route.kind === 'proxy' && route.display, 'http://proxy.corp:3128');
    assert.ok(!describeRoute(route).includes('s3cret'));
    assert.equal(route.kind === 'proxy' && route.url.password, 's3cret', 'kept for the proxy itself');
    for (const bad of ['ftp://alice:s3cret@proxy', 'socks5://alice:s3cret@proxy:1080', 'http://', '::::']) {
      assert.throws(() => routeFor(api('https://api.example.com'), { url: bad }), (error: Error) => {
        assert.match(error.message, /^The proxy in http\.proxy is not a valid/);
        assert.ok(!error.message.includes('s3cret'));
        return true;
      });
    }
  });

  it('goes direct for NO_PROXY and http.noProxy: names and subdomains, ports, IP addresses and ranges, *', () => {
    const cases: [string, string, string | undefined][] = [
      ['https://api.example.com', 'example.com', 'example.com'],
      ['https://api.example.com', '.example.com', '.example.com'],
      ['https://api.example.com', '*.example.com', '*.example.com'],
      ['https://example.com', '.example.com', '.example.com'],
      ['https://notexample.com', 'example.com', undefined],
      ['https://api.example.com:8443', 'api.example.com:443', undefined],
      ['https://api.example.com', 'api.example.com:443', 'api.example.com:443'],
      ['https://10.1.2.3', '10.0.0.0/8', '10.0.0.0/8'],
      ['https://10.1.2.3', '10.1.2.4', undefined],
      ['https://[2001:db8::1]', '2001:db8::/32', '2001:db8::/32'],
      ['https://anything.example', '*', '*'],
    ];
    for (const [url, rule, expected] of cases) {
      const target = api(url);
      assert.equal(noProxyRule(target.hostname, Number(target.port) || 443, ['', rule]), expected, `${url} with ${rule}`);
    }
    const proxy = { url: 'http://proxy.corp:3128' };
    assert.deepEqual(routeFor(api('https://api.example.com'), { ...proxy, env: { NO_PROXY: 'other.org, example.com' } }), { kind: 'direct', reason: 'no-proxy', rule: 'example.com' });
    assert.deepEqual(routeFor(api('https://api.example.com'), { ...proxy, noProxy: ['*.example.com'] }), { kind: 'direct', reason: 'no-proxy', rule: '*.example.com' });
    assert.equal(routeFor(api('https://api.example.org'), { ...proxy, noProxy: ['*.example.com'] }).kind, 'proxy');
  });
});

describe('proxy: through a real forward proxy on 127.0.0.1', function () {
  this.timeout(30_000);
  let authority: Authority;
  let emu: EmulatorHandle;
  let open: ForwardProxy;
  let guarded: ForwardProxy;
  let apiUrl: string;
  const clients: StackletClient[] = [];
  const CREDENTIALS = 'alice:s3cret-pass';
  const basic = `Basic ${Buffer.from(CREDENTIALS).toString('base64')}`;
  let restoreLookup: () => void;

  before(async () => {
    restoreLookup = unknownHereOnly();
    authority = createAuthority();
    emu = await startEmulator({
      port: 0,
      tls: issueCertificate(authority, { names: [PROXY_ONLY_HOST, 'localhost', '127.0.0.1'] }),
      allowedHosts: [PROXY_ONLY_HOST],
    });
    apiUrl = `https://${PROXY_ONLY_HOST}:${emu.port}`;
    [open, guarded] = await Promise.all([startForwardProxy(), startForwardProxy({ credentials: CREDENTIALS })]);
  });
  after(async () => {
    await Promise.all([open?.close(), guarded?.close(), emu?.close()]);
    restoreLookup();
  });
  beforeEach(async () => {
    await Promise.all([open.reset(), guarded.reset()]);
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.dispose()));
  });

  function client(proxy: ProxySettings, url = apiUrl, log: RequestLogEntry[] = []): StackletClient {
    const c = new StackletClient({
      baseUrl: url, token: emu.demoToken, proxy, trust: { systemCertificates: false, extraCertificates: [authority.cert] },
      perPage: 2, pageConcurrency: 3, retry: { baseDelayMs: 5, maxAttempts: 2 }, onRequest: (e) => log.push(e),
    });
    clients.push(c);
    return c;
  }

  it('cannot reach the emulator by that name without the proxy', async () => {
    const error = await rejection(client({}).getProfile());
    assert.equal(error.kind, 'network');
    assert.match(error.message, /host not found/);
  });

  it('lists through http.proxy over CONNECT tunnels only, one per connection, with no request or token in clear', async () => {
    const c = client({ url: open.url });
    assert.equal(c.route.kind, 'proxy');
    const listed = await c.listStacklets();
    assert.ok(listed.pages > 1 && listed.items.length > 0);
    await c.getProfile();
    const stats = await open.stats();
    assert.ok(stats.tunnels >= 1 && stats.tunnels <= 3, `${stats.tunnels} tunnels for 3 connections at most`);
    assert.equal(stats.connects, stats.tunnels);
    assert.deepEqual([...new Set(stats.targets)], [`${PROXY_ONLY_HOST}:${emu.port}`]);
    assert.equal(stats.plainRequests, 0, 'nothing was asked of the proxy in clear');
    assert.equal(stats.withAuthorization, 0, 'the API token never reached the proxy');
    assert.ok(emu.stats().requests.length >= listed.pages + 1, 'the emulator answered, under its proxy-only name');
  });

  it('takes HTTPS_PROXY from the environment when http.proxy is empty', async () => {
    const c = client({ url: '', env: { HTTPS_PROXY: open.url } });
    await c.getProfile();
    assert.equal((await open.stats()).tunnels, 1);
  });

  it('goes direct (and so cannot reach the name) when NO_PROXY or http.noProxy names the host', async () => {
    for (const settings of [{ url: open.url, env: { NO_PROXY: `.stacklet.test` } }, { url: open.url, noProxy: [PROXY_ONLY_HOST] }]) {
      const error = await rejection(client(settings).getProfile());
      assert.match(error.message, /host not found/);
    }
    assert.equal((await open.stats()).connects, 0);
  });

  it('reaches loopback directly even with a proxy set', async () => {
    const c = client({ url: open.url, env: { HTTPS_PROXY: open.url } }, emu.url);
    assert.deepEqual(c.route, { kind: 'direct', reason: 'loopback' });
    await c.getProfile();
    assert.equal((await open.stats()).connects, 0);
  });

  it('names the proxy on a 407 in one error, never retried', async () => {
    const log: RequestLogEntry[] = [];
    const error = await rejection(client({ url: guarded.url }, apiUrl, log).getProfile());
    assert.equal(error.kind, 'proxy');
    assert.equal(error.status, 407);
    assert.equal(error.message, `The proxy ${guarded.url} asks for authentication (HTTP 407): set the http.proxyAuthorization setting, or a user name and password in the proxy URL.`);
    assert.equal(log.length, 1);
    const stats = await guarded.stats();
    assert.equal(stats.refused, 1);
    assert.equal(stats.tunnels, 0);
  });

  it('authenticates with http.proxyAuthorization, or with credentials in the proxy URL that it never shows', async () => {
    await client({ url: guarded.url, authorization: basic }).getProfile();
    const withUrl = client({ url: guarded.url.replace('//', `//${CREDENTIALS}@`) });
    await withUrl.getProfile();
    assert.ok(withUrl.route.kind === 'proxy' && !withUrl.route.display.includes('s3cret'));
    const wrong = await rejection(client({ url: guarded.url.replace('//', '//alice:wrong@') }).getProfile());
    assert.equal(wrong.status, 407);
    assert.ok(!wrong.message.includes('wrong'));
    const stats = await guarded.stats();
    assert.deepEqual([stats.tunnels, stats.refused, stats.withAuthorization, stats.plainRequests], [2, 1, 0, 0]);
  });

  it('names a proxy it cannot reach', async () => {
    const error = await rejection(client({ url: 'http://127.0.0.1:9' }).getProfile());
    assert.equal(error.kind, 'network');
    assert.match(error.message, /^Cannot reach the proxy http:\/\/127\.0\.0\.1:9: connection refused/);
  });

  it('still names a certificate problem of the API behind the proxy, once', async () => {
    const log: RequestLogEntry[] = [];
    const c = new StackletClient({ baseUrl: apiUrl, token: emu.demoToken, proxy: { url: open.url }, trust: { systemCertificates: false }, onRequest: (e) => log.push(e) });
    clients.push(c);
    const error = await rejection(c.getProfile());
    assert.equal(error.kind, 'certificate');
    assert.match(error.message, new RegExp(`^The certificate of ${PROXY_ONLY_HOST.replace(/\./g, '\\.')}:${emu.port} is not trusted`));
    assert.equal(log.length, 1);
  });
});
