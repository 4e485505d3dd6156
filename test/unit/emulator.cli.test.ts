// The CLI as other tools run it: its two output lines, a request with the printed token, clean exit on
// SIGTERM, and exit code 2 with usage on stderr for a bad flag. Runs the tsc output (out/src/emulator/cli.js).
import * as assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { Agent, request } from 'undici';

const CLI = path.resolve(__dirname, '../../src/emulator/cli.js');

function run(args: string[], count = 2): { child: ChildProcess; lines: Promise<string[]>; exit: Promise<{ code: number | null; stderr: string }> } {
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += String(d)));
  const lines = new Promise<string[]>((resolve, reject) => {
    child.stdout!.on('data', (d) => {
      stdout += String(d);
      const got = stdout.split('\n');
      if (got.length > count) resolve(got.slice(0, count));
    });
    child.once('exit', () => reject(new Error(`exited early: ${stderr}`)));
  });
  const exit = new Promise<{ code: number | null; stderr: string }>((resolve) => child.once('exit', (code) => resolve({ code, stderr })));
  return { child, lines, exit };
}

describe('emulator: CLI', function () {
  this.timeout(10_000);

  it('prints the URL and the demo token, answers with it, and exits 0 on SIGTERM', async () => {
    const { child, lines, exit } = run(['--port', '0', '--task-ms', '10', '--extra-stacklets', '3']);
    try {
      const [listening, token] = await lines;
      const match = /^Stacklet emulator listening on (http:\/\/127\.0\.0\.1:(\d+))$/.exec(listening!);
      assert.ok(match, listening);
      assert.equal(token, 'Demo token: stk_demo_7f3c9a2e5b8d4c1f');
      const res = await request(`${match[1]}/v1/stacklets`, { headers: { authorization: 'Token stk_demo_7f3c9a2e5b8d4c1f' } });
      assert.equal(res.statusCode, 200);
      assert.equal(((await res.body.json()) as { meta: { pagination: { total: number } } }).meta.pagination.total, 9);
    } finally {
      child.kill('SIGTERM');
    }
    assert.equal((await exit).code, 0);
  });

  it('uses --token for the demo account', async () => {
    const { child, lines, exit } = run(['--port', '0', '--token', 'stk_from_the_cli_1']);
    try {
      assert.equal((await lines)[1], 'Demo token: stk_from_the_cli_1');
    } finally {
      child.kill('SIGINT');
    }
    assert.equal((await exit).code, 0);
  });

  it('answers the Host names --allow-host adds (repeatable) besides loopback, and refuses any other', async () => {
    const { child, lines, exit } = run(['--port', '0', '--allow-host', 'api.stacklet.test', '--allow-host', 'other.test']);
    try {
      const url = /listening on (\S+)/.exec((await lines)[0]!)![1]!;
      const status = async (host: string) =>
        (await request(`${url}/v1/account/profile`, { headers: { host, authorization: 'Token stk_demo_7f3c9a2e5b8d4c1f' } })).statusCode;
      assert.equal(await status('api.stacklet.test'), 200);
      assert.equal(await status('other.test:8080'), 200);
      assert.equal(await status(new URL(url).host), 200);
      assert.equal(await status('rebound.example'), 403);
    } finally {
      child.kill('SIGTERM');
    }
    assert.equal((await exit).code, 0);
  });

  it('--trailing-slash redirect: a GET without the slash is redirected with 301 to the slash form', async () => {
    const { child, lines, exit } = run(['--port', '0', '--trailing-slash', 'redirect']);
    try {
      const url = /listening on (\S+)$/.exec((await lines)[0]!)![1]!;
      const res = await request(`${url}/v1/stacklets?tag_name=web`, { headers: { authorization: 'Token stk_demo_7f3c9a2e5b8d4c1f' } });
      await res.body.dump();
      assert.equal(res.statusCode, 301);
      assert.equal(res.headers.location, '/v1/stacklets/?tag_name=web');
    } finally {
      child.kill('SIGTERM');
    }
    assert.equal((await exit).code, 0);
  });

  it('serves HTTPS with --tls, names its CA file on a third line and removes it at exit; --allow-host admits a name', async () => {
    const { child, lines, exit } = run(['--port', '0', '--tls', '--allow-host', 'api.stacklet.test'], 3);
    let caFile: string;
    try {
      const got = await lines;
      const url = /^Stacklet emulator listening on (https:\/\/127\.0\.0\.1:\d+)$/.exec(got[0]!)?.[1];
      assert.ok(url, got[0]);
      caFile = /^CA certificate: (.+)$/.exec(got[2] ?? '')?.[1] ?? '';
      assert.ok(existsSync(caFile), got[2]);
      // The CA is checked; the name is not, so that a Host the certificate does not cover reaches the host check.
      const dispatcher = new Agent({ connect: { ca: readFileSync(caFile, 'utf8'), checkServerIdentity: () => undefined } });
      const ask = async (host: string) =>
        (await request(`${url}/v1/account/profile`, { dispatcher, headers: { host, authorization: 'Token stk_demo_7f3c9a2e5b8d4c1f' } })).statusCode;
      assert.equal(await ask(`api.stacklet.test:${new URL(url).port}`), 200);
      assert.equal(await ask('localhost'), 200);
      assert.equal(await ask('rebound.example'), 403);
      await dispatcher.close();
    } finally {
      child.kill('SIGTERM');
    }
    assert.equal((await exit).code, 0);
    assert.ok(!existsSync(caFile), 'the CA file is gone');
  });

  for (const args of [['--port', 'abc'], ['--fault-rate', '2'], ['--frobnicate'], ['--port'], ['--fault-kinds', 'meteor'], ['--allow-host', 'a b'], ['--allow-host'], ['--tls=yes'], ['--trailing-slash', 'sideways']]) {
    it(`exits 2 with usage on stderr for ${args.join(' ')}`, async () => {
      const { exit } = run(args);
      const { code, stderr } = await exit;
      assert.equal(code, 2);
      assert.match(stderr, /Usage: node dist\/emulator\.js/);
    });
  }
});
