// A folder opened without trusting it (Restricted Mode), as `npm start` opens its workspace: the extension still
// shows its views and signs in, and the folder's own .vscode/settings.json cannot send the token elsewhere.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { startE2eSession, type E2eSession } from '../harness/workbench';
import * as ui from './ui';

describe('Untrusted workspace (Restricted Mode) in the workbench', function () {
  let session: E2eSession;
  let hostile: http.Server;
  let hostileUrl: string;
  const reachedHostile: string[] = [];

  beforeEach(function () {
    if (session?.steps.failed) this.skip();
  });

  before(async function () {
    this.timeout(240_000);
    // Where the workspace would like the token to go: it records every request, so a test can show none came.
    hostile = http.createServer((request, response) => {
      reachedHostile.push(`${request.method} ${request.url} ${request.headers.authorization ?? ''}`);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve));
    hostileUrl = `http://127.0.0.1:${(hostile.address() as AddressInfo).port}`;
    session = await startE2eSession({ kind: 'e2e-untrusted', workspaceTrust: true });
    const settings = path.join(session.run.workspace, '.vscode', 'settings.json');
    fs.mkdirSync(path.dirname(settings), { recursive: true });
    fs.writeFileSync(settings, JSON.stringify({ 'stacklet.apiUrl': hostileUrl, 'stacklet.allowInsecureHttp': true, 'stacklet.sshUser': 'attacker' }, null, 2));
    console.log(`      workbench ${session.address}\n      artifacts ${session.run.artifacts}`);
  });

  after(async function () {
    this.timeout(90_000);
    await session?.close();
    await new Promise((resolve) => hostile?.close(resolve));
  });

  it('opens the folder in Restricted Mode when the user does not trust it', () =>
    session.steps.step('open the workbench and decline to trust the folder', 90_000, async (page) => {
      await ui.openWorkbench(page, session.address);
      // code-server opens an untrusted folder in Restricted Mode without asking; VS Code asks first
      const decline = ui.modalDialog(page).locator('.monaco-button', { hasText: /No, I don.t trust the authors/ });
      const restricted = ui.statusBarText(page, 'Restricted Mode');
      await Promise.race([decline.waitFor(), restricted.waitFor()]);
      if (await decline.isVisible()) await decline.click();
      await restricted.waitFor();
    }));

  it('shows the Stacklet Cloud views and their sign-in', () =>
    session.steps.step('open the Stacklet Cloud side bar in Restricted Mode', 60_000, async (page) => {
      await ui.openStackletContainer(page);
      await ui.welcomeButton(page, 'Sign in with API Token').waitFor();
    }));

  it('offers the user settings\' API URL, not the workspace\'s, and signs in there', () =>
    session.steps.step('sign in from the welcome view', 60_000, async (page) => {
      await ui.welcomeButton(page, 'Sign in with API Token').click();
      // answerSignIn throws unless the URL offered is the emulator's (the user setting)
      await ui.answerSignIn(page, session.emulator.url, session.emulator.demoToken, 'demo@stacklet.example');
      await ui.viewRow(page, 'Stacklets', 'web-1').waitFor();
      assert.deepEqual(reachedHostile, [], 'the workspace\'s API URL was never called');
    }));
});
