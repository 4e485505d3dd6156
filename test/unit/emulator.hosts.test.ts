// The emulator against other local processes and web pages: it answers only Host names that are loopback (or
// that it was told to allow), so a page whose name was rebound to 127.0.0.1 reads and changes nothing; it sends
// no CORS headers; its request history and log of applied writes stay bounded; and the embedded one starts with
// a token of its own every time.
import * as assert from 'node:assert/strict';
import * as net from 'node:net';
import { request } from 'undici';
import { EmbeddedEmulator } from '../../src/emulator/embedded';
import { DEMO_TOKEN } from '../../src/emulator/options';
import { startEmulator, type EmulatorHandle } from '../../src/emulator/server';
import { APPLIED_HISTORY, REQUEST_HISTORY, StatsRecorder } from '../../src/emulator/stats';

/** A raw HTTP/1.x request, so that the Host header is exactly what the test says (or absent). */
function raw(emu: EmulatorHandle, head: string, body = ''): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(emu.port, '127.0.0.1', () => socket.end(`${head}\r\n\r\n${body}`));
    let text = '';
    socket.on('data', (chunk) => (text += String(chunk)));
    socket.on('error', reject);
    socket.on('close', () => resolve({ status: Number(/^HTTP\/1\.\d (\d+)/.exec(text)?.[1] ?? 0), text }));
  });
}

const profile = (host: string | undefined) =>
  `GET /v1/account/profile HTTP/1.${host === undefined ? 0 : 1}\r\n${host === undefined ? '' : `Host: ${host}\r\n`}Authorization: Token ${DEMO_TOKEN}\r\nConnection: close`;

describe('emulator: hosts, CORS, bounded logs, fresh tokens', () => {
  let emu: EmulatorHandle;
  afterEach(() => emu?.close());

  it('answers loopback Host names and refuses any other with 403, before reading or changing anything', async () => {
    emu = await startEmulator({ port: 0, control: true });
    for (const host of [`127.0.0.1:${emu.port}`, `localhost:${emu.port}`, 'LOCALHOST', `[::1]:${emu.port}`, '127.1.2.3']) {
      assert.equal((await raw(emu, profile(host))).status, 200, host);
    }
    const before = emu.snapshot();
    for (const host of ['attacker.example', `attacker.example:${emu.port}`, 'localhost.attacker.example', '127.0.0.1.nip.example', undefined]) {
      const refused = await raw(emu, profile(host));
      assert.equal(refused.status, 403, String(host));
      assert.ok(!refused.text.includes('demo@'), 'nothing of the account is shown');
    }
    const body = JSON.stringify({ name: 'from-a-web-page', userdata: '#!/bin/sh' });
    const write = await raw(emu, `POST /v1/userdata HTTP/1.1\r\nHost: attacker.example\r\nAuthorization: Token ${DEMO_TOKEN}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close`, body);
    assert.equal(write.status, 403);
    assert.equal((await raw(emu, 'GET /_emulator/stats HTTP/1.1\r\nHost: attacker.example\r\nConnection: close')).status, 403, 'the control endpoints too');
    assert.deepEqual(emu.snapshot(), before);
    assert.equal(emu.stats().applied.length, 0);
  });

  it('also answers the names allowedHosts gives', async () => {
    emu = await startEmulator({ port: 0, allowedHosts: ['api.stacklet.test'] });
    assert.equal((await raw(emu, profile(`api.stacklet.test:${emu.port}`))).status, 200);
    assert.equal((await raw(emu, profile('API.stacklet.test.'))).status, 200);
    assert.equal((await raw(emu, profile(`127.0.0.1:${emu.port}`))).status, 200);
    assert.equal((await raw(emu, profile('other.stacklet.test'))).status, 403);
  });

  it('sends no CORS headers, to a preflight or to a request with an Origin', async () => {
    emu = await startEmulator({ port: 0 });
    const headers = { origin: 'https://attacker.example', authorization: `Token ${DEMO_TOKEN}` };
    const preflight = await request(`${emu.url}/v1/stacklets`, { method: 'OPTIONS', headers: { ...headers, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' } });
    const get = await request(`${emu.url}/v1/stacklets`, { headers });
    await Promise.all([preflight.body.dump(), get.body.dump()]);
    assert.equal(get.statusCode, 200);
    for (const response of [preflight, get]) {
      assert.deepEqual(Object.keys(response.headers).filter((name) => name.startsWith('access-control-')), []);
    }
  });

  it('keeps at most the last 10,000 requests and applied writes however many it sees', () => {
    const stats = new StatsRecorder();
    const total = 2 * APPLIED_HISTORY + 1234;
    for (let i = 0; i < total; i++) {
      stats.request({ method: 'PUT', path: '/v1/volumes/:id', route: 'PUT /v1/volumes/:id', status: 200, at: '' });
      stats.mutation({ method: 'PUT', path: `/v1/volumes/${i}`, route: 'PUT /v1/volumes/:id', kind: 'volume.rename', account: 'a@b' });
    }
    const snapshot = stats.snapshot();
    assert.equal(snapshot.applied.length, APPLIED_HISTORY);
    assert.equal(snapshot.applied.at(-1)?.path, `/v1/volumes/${total - 1}`);
    assert.equal(snapshot.requests.length, REQUEST_HISTORY);
    assert.equal(snapshot.requestCount['PUT /v1/volumes/:id'], total, 'counts are kept whole');
    // Memory, not only the snapshot: the recorder itself holds at most twice the history between trims.
    assert.ok((stats as unknown as { applied: unknown[] }).applied.length < 2 * APPLIED_HISTORY);
  });

  it('the embedded emulator starts with a new token each time, never the public demo token', async () => {
    const embedded = new EmbeddedEmulator();
    const tokens: string[] = [];
    try {
      for (let start = 0; start < 2; start++) {
        const { url, token } = await embedded.ensureStarted();
        tokens.push(token);
        const ok = await request(`${url}/v1/account/profile`, { headers: { authorization: `Token ${token}` } });
        const demo = await request(`${url}/v1/account/profile`, { headers: { authorization: `Token ${DEMO_TOKEN}` } });
        await Promise.all([ok.body.dump(), demo.body.dump()]);
        assert.equal(ok.statusCode, 200);
        assert.equal(demo.statusCode, 401);
        await embedded.stop();
      }
    } finally {
      await embedded.stop();
    }
    assert.notEqual(tokens[0], tokens[1]);
    for (const token of tokens) assert.match(token, /^stk_local_[0-9a-f]{32}$/);
  });
});
