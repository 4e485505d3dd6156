// TLS as the real service uses it, over real TLS on 127.0.0.1: the emulator serves HTTPS with a certificate
// from a CA made for the run; the client trusts that CA only when told (the system store, NODE_EXTRA_CA_CERTS
// or an explicit list), and each certificate problem (self-signed, unknown issuer, expired, another name) is
// one clear error naming the host and the reason, raised after one attempt and never retried.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { StackletClient } from '../../src/api/client';
import { LINUX_BUNDLES, readSystemCertificates, tlsConnectOptions, type SystemStoreAccess, type TrustSettings } from '../../src/api/trust';
import type { RequestLogEntry } from '../../src/api/transport';
import { createAuthority, issueCertificate, selfSignedCertificate, type Authority, type Issued } from '../../src/emulator/certificates';
import { startEmulator, type EmulatorHandle } from '../../src/emulator/server';
import { totalRequests } from '../../src/emulator/stats';
import { rejection } from './support/helpers';

const DAY = 86_400_000;

describe('TLS: certificates the emulator makes', () => {
  it('issues a server certificate its CA signed, for DNS names and IP addresses, with the validity asked for', () => {
    const authority = createAuthority('Run CA');
    const notAfter = new Date(Date.now() + 3 * DAY);
    const issued = new X509Certificate(issueCertificate(authority, { names: ['api.stacklet.test', '127.0.0.1', '::1'], notAfter }).cert);
    const ca = new X509Certificate(authority.cert);
    assert.ok(ca.ca);
    assert.ok(!issued.ca);
    assert.ok(issued.checkIssued(ca) && issued.verify(ca.publicKey));
    assert.equal(issued.subject, 'CN=api.stacklet.test');
    assert.equal(issued.issuer, 'CN=Run CA');
    assert.equal(issued.subjectAltName, 'DNS:api.stacklet.test, IP Address:127.0.0.1, IP Address:0:0:0:0:0:0:0:1');
    assert.equal(Date.parse(issued.validTo), Math.floor(notAfter.getTime() / 1000) * 1000, 'to the second');
    assert.ok(issued.checkHost('api.stacklet.test') && !issued.checkHost('other.test'));
  });

  it('makes a self-signed certificate that signs itself', () => {
    const cert = new X509Certificate(selfSignedCertificate({ names: ['localhost'] }).cert);
    assert.equal(cert.issuer, cert.subject);
    assert.ok(cert.verify(cert.publicKey));
  });
});

describe('TLS: the client against an HTTPS emulator', function () {
  this.timeout(20_000);
  let authority: Authority;
  const servers: EmulatorHandle[] = [];
  const clients: StackletClient[] = [];

  before(() => {
    authority = createAuthority();
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.dispose()));
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });

  async function serve(tls: Issued): Promise<EmulatorHandle> {
    const emu = await startEmulator({ port: 0, tls });
    servers.push(emu);
    return emu;
  }

  function client(url: string, trust: TrustSettings, log: RequestLogEntry[] = []): StackletClient {
    const c = new StackletClient({ baseUrl: url, token: 'stk_demo_7f3c9a2e5b8d4c1f', trust, onRequest: (e) => log.push(e), retry: { baseDelayMs: 5 } });
    clients.push(c);
    return c;
  }

  const trustingTheRun = (): TrustSettings => ({ systemCertificates: false, extraCertificates: [authority.cert] });

  it('lists over HTTPS when the run CA is trusted', async () => {
    const emu = await serve(issueCertificate(authority, { names: ['localhost', '127.0.0.1'] }));
    assert.match(emu.url, /^https:\/\/127\.0\.0\.1:\d+$/);
    const result = await client(emu.url.replace('127.0.0.1', 'localhost'), trustingTheRun()).listStacklets();
    assert.ok(result.items.length > 0);
  });

  /** The one error a read gets for a certificate problem, after a single attempt the server never saw. */
  async function certificateError(tls: Issued, url: (emu: EmulatorHandle) => string, trust: TrustSettings): Promise<string> {
    const emu = await serve(tls);
    const log: RequestLogEntry[] = [];
    const error = await rejection(client(url(emu), trust, log).listStacklets());
    assert.equal(error.kind, 'certificate');
    assert.deepEqual(log.map((e) => [e.attempt, e.error]), [[1, 'certificate']], 'one attempt, not retried');
    assert.equal(totalRequests(emu.stats().requestCount), 0, 'nothing reached the server');
    return error.message;
  }

  it('names an issuer it does not trust', async () => {
    const message = await certificateError(issueCertificate(authority, { names: ['localhost'] }), (e) => e.url.replace('127.0.0.1', 'localhost'), { systemCertificates: false });
    assert.match(message, /^The certificate of localhost:\d+ is not trusted: it was issued by a certificate authority this machine does not trust\.$/);
  });

  it('names a self-signed certificate', async () => {
    const message = await certificateError(selfSignedCertificate({ names: ['localhost'] }), (e) => e.url.replace('127.0.0.1', 'localhost'), trustingTheRun());
    assert.match(message, /^The certificate of localhost:\d+ is not trusted: it is self-signed\.$/);
  });

  it('names an expired certificate', async () => {
    const expired = issueCertificate(authority, { names: ['localhost'], notBefore: new Date(Date.now() - 30 * DAY), notAfter: new Date(Date.now() - DAY) });
    const message = await certificateError(expired, (e) => e.url.replace('127.0.0.1', 'localhost'), trustingTheRun());
    assert.match(message, /^The certificate of localhost:\d+ has expired\.$/);
  });

  it('names a certificate for another name, and the names it is for', async () => {
    const message = await certificateError(issueCertificate(authority, { names: ['other.example'] }), (e) => e.url.replace('127.0.0.1', 'localhost'), trustingTheRun());
    assert.match(message, /^The certificate presented by localhost:\d+ is for another name \(DNS:other\.example\)\.$/);
  });

  it('trusts the operating system store when http.systemCertificates is on, and not when it is off', async () => {
    const emu = await serve(issueCertificate(authority, { names: ['127.0.0.1'] }));
    // A system store holding the run's CA, read the way Node 20 reads it on Linux (no tls.getCACertificates).
    const access: SystemStoreAccess = {
      platform: 'linux',
      getCACertificates: undefined,
      readFile: (file) => {
        if (file === LINUX_BUNDLES[1]) return `# a distribution bundle\n${authority.cert}`;
        throw Object.assign(new Error('no such file'), { code: 'ENOENT' });
      },
      run: () => assert.fail('nothing is run on Linux'),
    };
    assert.deepEqual(readSystemCertificates(access), [authority.cert.trim()]);
    const on = tlsConnectOptions({ systemCertificates: true }, access);
    assert.ok(on.secureContext);
    assert.deepEqual(tlsConnectOptions({ systemCertificates: false }), {}, 'off: Node\'s own store, untouched');
    // The same secure context the transport gets, used for a real handshake.
    const { connect } = await import('node:tls');
    const handshake = (options: object) => new Promise<string>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port: emu.port, servername: undefined, ...options }, () => {
        socket.destroy();
        resolve('trusted');
      });
      socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    });
    assert.equal(await handshake(on), 'trusted');
    assert.equal(await handshake({}), 'UNABLE_TO_VERIFY_LEAF_SIGNATURE');
  });

  it('reads this machine\'s system store', () => {
    const found = readSystemCertificates();
    assert.ok(found.length > 10, `found ${found.length} system certificates`);
    assert.ok(found.every((pem) => pem.includes('BEGIN CERTIFICATE')));
  });

  it('reads the macOS store with security(1) and the Windows store with PowerShell where Node cannot', () => {
    const der = new X509Certificate(authority.cert).raw.toString('base64');
    const calls: string[] = [];
    const run = (output: string) => (command: string, args: readonly string[]) => {
      calls.push(`${command} ${args[0]}`);
      return output;
    };
    const mac = readSystemCertificates({ platform: 'darwin', getCACertificates: undefined, readFile: () => '', run: run(authority.cert) });
    const windows = readSystemCertificates({ platform: 'win32', getCACertificates: undefined, readFile: () => '', run: run(`\r\n${der}\r\n`) });
    assert.equal(mac.length, 1);
    assert.equal(new X509Certificate(windows[0]!).fingerprint256, new X509Certificate(authority.cert).fingerprint256);
    assert.deepEqual(calls, ['/usr/bin/security find-certificate', 'powershell.exe -NoProfile']);
  });

  describe('NODE_EXTRA_CA_CERTS (in a Node process started with it, as VS Code would be)', () => {
    let folder: string;
    before(() => {
      folder = mkdtempSync(path.join(tmpdir(), 'stacklet-tls-'));
    });
    after(() => rmSync(folder, { recursive: true, force: true }));

    for (const systemCertificates of [true, false]) {
      it(`is trusted with http.systemCertificates ${systemCertificates ? 'on' : 'off'}`, async () => {
        const emu = await serve(issueCertificate(authority, { names: ['127.0.0.1'] }));
        const caFile = path.join(folder, 'extra.pem');
        writeFileSync(caFile, authority.cert);
        const clientModule = require.resolve('../../src/api/client');
        const script = `
          const { StackletClient } = require(${JSON.stringify(clientModule)});
          const c = new StackletClient({ baseUrl: ${JSON.stringify(emu.url)}, token: 'stk_demo_7f3c9a2e5b8d4c1f', trust: { systemCertificates: ${systemCertificates} }, retry: { maxAttempts: 1 } });
          c.getProfile().then((p) => console.log(p.email), (e) => console.log(e.kind + ': ' + e.message)).finally(() => c.dispose());`;
        const run = (env: NodeJS.ProcessEnv) => promisify(execFile)(process.execPath, ['-e', script], { env: { ...process.env, ...env }, timeout: 10_000 });
        assert.equal((await run({ NODE_EXTRA_CA_CERTS: caFile })).stdout.trim(), 'demo@stacklet.example');
        assert.match((await run({ NODE_EXTRA_CA_CERTS: '' })).stdout, /^certificate: The certificate of 127\.0\.0\.1:\d+ is not trusted/);
      });
    }
  });
});
