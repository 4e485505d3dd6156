// Test Connection's core over real sockets on 127.0.0.1: each step timed, the first failure named, the steps
// after it not run; through the real forward proxy to a name only it resolves; certificates described.
import * as assert from 'node:assert/strict';
import { checkConnection, type ConnectionReport, type StepResult } from '../../src/api/connectionCheck';
import { createAuthority, issueCertificate, type Authority } from '../../src/emulator/certificates';
import { startEmulator, type EmulatorHandle } from '../../src/emulator/server';
import { totalRequests } from '../../src/emulator/stats';
import { PROXY_ONLY_HOST, startForwardProxy, unknownHereOnly, type ForwardProxy } from './support/forwardProxy';
import { startHostileService } from './support/hostileService';

const DAY = 86_400_000;

const outline = (report: ConnectionReport) => report.steps.map((s) => `${s.step}:${s.skipped ? 'skipped' : s.ok ? 'ok' : 'FAILED'}`);

describe('Test Connection (core)', function () {
  this.timeout(20_000);
  let authority: Authority;
  let emu: EmulatorHandle;
  let expired: EmulatorHandle;
  let proxy: ForwardProxy;
  let restoreLookup: () => void;
  const CREDENTIALS = 'bob:hunter22';

  before(async () => {
    restoreLookup = unknownHereOnly();
    authority = createAuthority('Run CA');
    const names = [PROXY_ONLY_HOST, 'localhost', '127.0.0.1'];
    [emu, expired, proxy] = await Promise.all([
      startEmulator({ port: 0, tls: issueCertificate(authority, { names }), allowedHosts: [PROXY_ONLY_HOST] }),
      startEmulator({ port: 0, tls: issueCertificate(authority, { names, notBefore: new Date(Date.now() - 20 * DAY), notAfter: new Date(Date.now() - 2 * DAY) }) }),
      startForwardProxy({ credentials: CREDENTIALS }),
    ]);
  });
  after(async () => {
    await Promise.all([emu?.close(), expired?.close(), proxy?.close()]);
    restoreLookup();
  });

  const trust = () => ({ systemCertificates: false, extraCertificates: [authority.cert] });

  it('passes every step against the HTTPS emulator, timing each, with the certificate described', async () => {
    const seen: StepResult[] = [];
    const report = await checkConnection({ baseUrl: `https://localhost:${emu.port}`, token: emu.demoToken, trust: trust(), onStep: (s) => seen.push(s), lookup: async () => ['127.0.0.1'] });
    assert.deepEqual(outline(report), ['dns:ok', 'tcp:ok', 'proxy:skipped', 'tls:ok', 'auth:ok']);
    assert.deepEqual(seen, report.steps, 'each step reported as it ended');
    assert.equal(report.failed, undefined);
    assert.equal(report.email, 'demo@stacklet.example');
    assert.ok(report.steps.every((s) => Number.isInteger(s.ms) && s.ms >= 0));
    assert.match(report.steps[2]!.detail, /^direct \(this machine is never reached through a proxy\)$/);
    assert.equal(report.certificate?.subject, PROXY_ONLY_HOST);
    assert.equal(report.certificate?.issuer, 'Run CA');
    assert.ok(report.certificate!.daysLeft >= 28 && report.certificate!.daysLeft <= 30);
    assert.match(report.steps[3]!.detail, /^api\.stacklet\.test, issued by Run CA, valid until \d{4}-\d\d-\d\d \(\d+ days left\), protocol TLSv1\.3$/);
  });

  it('goes through the proxy: its address, the tunnel, TLS and the token end to end', async () => {
    await proxy.reset();
    const report = await checkConnection({
      baseUrl: `https://${PROXY_ONLY_HOST}:${emu.port}`, token: emu.demoToken, trust: trust(),
      proxy: { url: proxy.url.replace('//', `//${CREDENTIALS}@`) },
    });
    assert.deepEqual(outline(report), ['dns:ok', 'tcp:ok', 'proxy:ok', 'tls:ok', 'auth:ok']);
    assert.equal(report.steps[0]!.detail, '127.0.0.1 is an address; nothing to look up');
    assert.equal(report.steps[2]!.detail, `through the proxy ${proxy.url} (from http.proxy): tunnel to ${PROXY_ONLY_HOST}:${emu.port} opened`);
    assert.ok(!JSON.stringify(report).includes('hunter22'), 'the proxy password appears nowhere');
    const stats = await proxy.stats();
    assert.equal(stats.tunnels, 2, 'one tunnel for the TLS check, one for the client');
    assert.equal(stats.withAuthorization, 0);
  });

  it('names the proxy step on a 407, and runs nothing after it', async () => {
    const report = await checkConnection({ baseUrl: `https://${PROXY_ONLY_HOST}:${emu.port}`, token: emu.demoToken, trust: trust(), proxy: { url: proxy.url } });
    assert.deepEqual(outline(report), ['dns:ok', 'tcp:ok', 'proxy:FAILED']);
    assert.equal(report.failed?.step, 'proxy');
    assert.match(report.failed!.detail, new RegExp(`^The proxy ${proxy.url.replace(/\./g, '\\.')} asks for authentication \\(HTTP 407\\)`));
  });

  it('names an expired certificate in the TLS step and sends no request', async () => {
    const before = totalRequests(expired.stats().requestCount);
    const report = await checkConnection({ baseUrl: `https://localhost:${expired.port}`, token: expired.demoToken, trust: trust(), lookup: async () => ['127.0.0.1'] });
    assert.deepEqual(outline(report), ['dns:ok', 'tcp:ok', 'proxy:skipped', 'tls:FAILED']);
    assert.match(report.failed!.detail, /^The certificate of localhost:\d+ has expired\.$/);
    assert.ok(report.certificate!.daysLeft < 0);
    assert.equal(totalRequests(expired.stats().requestCount), before);
  });

  it('names an untrusted issuer', async () => {
    const report = await checkConnection({ baseUrl: emu.url, token: emu.demoToken, trust: { systemCertificates: false } });
    assert.equal(report.failed?.step, 'tls');
    assert.match(report.failed!.detail, /is not trusted: it was issued by a certificate authority this machine does not trust/);
  });

  it('names the DNS, TCP, authentication and proxy-setting steps when they fail', async () => {
    const dns = await checkConnection({ baseUrl: 'https://api.nowhere.example', lookup: () => Promise.reject(Object.assign(new Error('x'), { code: 'ENOTFOUND' })) });
    assert.deepEqual([dns.failed?.step, dns.failed?.detail], ['dns', 'host not found']);
    const tcp = await checkConnection({ baseUrl: 'http://127.0.0.1:9' });
    assert.deepEqual([tcp.failed?.step, tcp.failed?.detail], ['tcp', 'connection refused']);
    const auth = await checkConnection({ baseUrl: emu.url, token: 'stk_not_a_token', trust: trust() });
    assert.equal(auth.failed?.step, 'auth');
    assert.match(auth.failed!.detail, /token was refused \(HTTP 401\)/);
    const setting = await checkConnection({ baseUrl: `https://${PROXY_ONLY_HOST}`, proxy: { url: 'ftp://x:secret@proxy' } });
    assert.deepEqual(outline(setting), ['proxy:FAILED']);
    assert.ok(!setting.failed!.detail.includes('secret'));
  });

  it('skips authentication when signed out', async () => {
    const report = await checkConnection({ baseUrl: emu.url, trust: trust() });
    assert.deepEqual(outline(report), ['dns:ok', 'tcp:ok', 'proxy:skipped', 'tls:ok', 'auth:skipped']);
    assert.equal(report.failed, undefined);
  });

  it('masks the token where the service echoes it in what the report shows (the account\'s email)', async () => {
    const token = 'stk_9fQ2xL7w/kR+3vZ8pQ1mN0aB';
    const service = await startHostileService({ claimedPages: 1, itemsPerPage: 1, nameChars: 1 });
    try {
      service.answer = { status: 200, body: JSON.stringify({ profile: { email: `${token.slice(0, 12)}@evil.example`, uuid: 'u-1' } }) };
      const report = await checkConnection({ baseUrl: service.url, token });
      assert.equal(report.failed, undefined, JSON.stringify(report.failed));
      assert.equal(report.email, '••••@evil.example');
      assert.ok(!JSON.stringify(report).includes(token.slice(0, 8)), JSON.stringify(report.steps));
    } finally {
      await service.close();
    }
  });
});
