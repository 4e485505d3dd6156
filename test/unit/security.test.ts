// Where the token may go: into the secret store and the Authorization header to the configured origin, nowhere
// else. Checked here: the account state, the request log and every error of a whole session; plain HTTP to a
// host other than this machine refused before any request unless the user opted in (the setting that opts in
// carries the warning); and redirects of writes never followed, to another origin or to the same one.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { StackletClient } from '../../src/api/client';
import type { RequestLogEntry } from '../../src/api/transport';
import { SessionManager, type ClientSettings } from '../../src/auth/session';
import { startEmulator, type EmulatorHandle } from '../../src/emulator/server';
import { memoryStores, rejection } from './support/helpers';

const TOKEN = 'stk_security_0123456789abcdef';
const noEmulator = () => Promise.reject(new Error('no embedded emulator in this test'));

describe('security: the token', function () {
  let emu: EmulatorHandle;
  before(async () => {
    emu = await startEmulator({ port: 0, host: '127.0.0.1', demoToken: TOKEN, taskMs: 0 });
  });
  after(async () => {
    await emu.close();
  });

  it('is kept in the secret store only: not in the account state, the request log or any error, and leaves with sign-out', async () => {
    const { secrets, state, registry } = memoryStores();
    const log: RequestLogEntry[] = [];
    const session = new SessionManager(registry, () => ({ pageConcurrency: 4, allowInsecureHttp: false, requestTimeoutMs: 5000, onRequest: (e) => log.push(e) }), noEmulator);
    const errors: unknown[] = [];
    try {
      const account = await session.signIn(emu.url, TOKEN);
      const { client, store } = await session.current();
      for (const kind of ['stacklet', 'volume', 'firewall', 'userdata', 'profile'] as const) await store.get(kind);
      await client.powerCycle((await store.get('stacklet')).items[0]!.id);
      for (const attempt of [() => client.getStacklet(999_999), () => client.createUserdata({ name: '', userdata: '' }), () => client.deleteVolume('nope')]) {
        errors.push(await rejection(attempt()));
      }
      errors.push(await rejection(session.signIn(emu.url, `${TOKEN}-wrong`)));

      assert.deepEqual([...secrets.values()], [TOKEN], 'the secret store holds the token');
      assert.ok(!JSON.stringify([...state]).includes(TOKEN), 'the account state does not');
      assert.ok(log.length >= 8 && !JSON.stringify(log).includes(TOKEN), 'no line of the request log does');
      for (const error of errors) assert.ok(!JSON.stringify(error).includes(TOKEN) && !String((error as Error).message).includes(TOKEN) && !String((error as Error).stack).includes(TOKEN));
      await session.signOut(account.id);
      assert.equal(secrets.size, 0, 'signing out removes it');
    } finally {
      await session.dispose();
    }
  });
});

describe('security: plain HTTP and redirects', function () {
  const settings = (allowInsecureHttp: boolean): (() => ClientSettings) => () => ({ pageConcurrency: 4, allowInsecureHttp, requestTimeoutMs: 300 });

  it('refuses plain http:// to another host before any request, names the opt-in, and its setting warns', async () => {
    // 192.0.2.1 (TEST-NET-1) is not this machine and answers nothing.
    const refused = memoryStores();
    const error = await rejection(new SessionManager(refused.registry, settings(false), noEmulator).signIn('http://192.0.2.1:9', TOKEN));
    assert.equal(error.kind, 'config');
    assert.match(error.message, /unencrypted.*stacklet\.allowInsecureHttp/);
    assert.throws(() => new StackletClient({ baseUrl: 'http://192.0.2.1:9', token: TOKEN }), /Refusing plain http:\/\/ to 192\.0\.2\.1/);

    // Opted in: the request is attempted (and fails here only because nobody answers); nothing is stored.
    const optedIn = memoryStores();
    const attempted = await rejection(new SessionManager(optedIn.registry, settings(true), noEmulator).signIn('http://192.0.2.1:9', TOKEN));
    assert.ok(['timeout', 'network'].includes(attempted.kind), attempted.kind);
    assert.equal(refused.secrets.size + optedIn.secrets.size, 0);

    const nls = JSON.parse(fs.readFileSync(path.resolve(__dirname, '..', '..', '..', 'package.nls.json'), 'utf8')) as Record<string, string>;
    assert.match(nls['config.allowInsecureHttp']!, /Warning.*unencrypted/);
  });

  it('never follows a redirect of a write, to another origin or to its own', async () => {
    const seen: Record<string, string[]> = { origin: [], other: [] };
    const listen = async (name: string, answer: (res: http.ServerResponse) => void) => {
      const server = http.createServer((req, res) => {
        seen[name]!.push(`${req.method} ${req.url} ${req.headers.authorization ?? ''}`);
        req.resume();
        req.on('end', () => answer(res));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
    };
    const other = await listen('other', (res) => res.writeHead(201, { 'content-type': 'application/json' }).end('{"userdata":{}}'));
    let target = `${other.url}/v1/userdata`;
    const origin = await listen('origin', (res) => res.writeHead(target.startsWith('/') ? 308 : 307, { location: target }).end());
    const client = new StackletClient({ baseUrl: origin.url, token: TOKEN, retry: { maxAttempts: 3, baseDelayMs: 1 } });
    try {
      const away = await rejection(client.createUserdata({ name: 'x', userdata: 'echo' }));
      assert.equal(away.kind, 'redirect');
      assert.match(away.message, /the request was not repeated there/);
      target = '/v1/userdata-moved';
      const home = await rejection(client.deleteUserdata('u-1'));
      assert.equal(home.kind, 'redirect');
      assert.equal(seen['origin']!.length, 2, 'each write sent once');
      assert.deepEqual(seen['other'], [], 'the other origin saw nothing, so never the token');
    } finally {
      await client.dispose();
      for (const { server } of [origin, other]) {
        server.closeAllConnections();
        server.close();
      }
    }
  });
});
