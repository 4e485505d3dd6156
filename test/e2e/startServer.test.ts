// What `npm start` serves: code-server on 127.0.0.1, which every local process can reach, asks for the password
// made for the run before anything else, never shows that password on a command line, and keeps workspace
// trust on, and leaves VS Code's AI features on so agent mode can be tried there (the tests' windows turn them
// off). (The tests' own servers ask for nothing: see test/harness/codeServer.ts.)
import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { startWorkbenchServer } from '../harness/workbench';

async function login(origin: string, password: string): Promise<{ status: number; cookie: boolean }> {
  const response = await fetch(`${origin}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ password }).toString(),
  });
  await response.arrayBuffer();
  return { status: response.status, cookie: response.headers.get('set-cookie') !== null };
}

describe('npm start', () => {
  it('asks for the password made for the run, never puts it on a command line, keeps workspace trust and AI features on', async function () {
    this.timeout(240_000);
    const password = randomBytes(18).toString('base64url');
    // The options scripts/start.mjs passes (read from it, so the two cannot drift apart unnoticed).
    const start = fs.readFileSync(path.join(__dirname, '..', '..', '..', 'scripts', 'start.mjs'), 'utf8');
    for (const option of ['workspaceTrust: true', 'emulatorControl: false', 'aiFeatures: true']) assert.ok(start.includes(option), `npm start passes ${option}`);
    const server = await startWorkbenchServer({ kind: 'e2e-start', password, workspaceTrust: true, emulatorControl: false, aiFeatures: true });
    try {
      const origin = server.server.url;
      const page = await fetch(server.address, { redirect: 'manual' });
      await page.arrayBuffer();
      assert.equal(page.status, 302);
      assert.match(page.headers.get('location') ?? '', /login/);
      assert.deepEqual(await login(origin, 'wrong-password'), { status: 200, cookie: false });
      assert.equal((await login(origin, password)).cookie, true);

      const commandLines = execFileSync('ps', ['-eo', 'args='], { encoding: 'utf8' });
      assert.ok(!commandLines.includes(password), 'the password is on no command line');
      const log = fs.readFileSync(server.server.logFile, 'utf8');
      assert.ok(!log.includes('--disable-workspace-trust') && log.includes('--auth password'), 'code-server ran with a password and with workspace trust');
      const settings = JSON.parse(fs.readFileSync(path.join(server.run.userDataDir, 'User', 'settings.json'), 'utf8')) as Record<string, unknown>;
      assert.equal(settings['security.workspace.trust.enabled'], true);
      assert.equal(settings['chat.disableAIFeatures'], false, 'agent mode can be tried in the window npm start opens');
    } finally {
      await server.close();
    }
  });
});
