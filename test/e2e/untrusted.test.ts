// A folder opened without trusting it (Restricted Mode), as `npm start` opens its workspace: the extension still
// shows its views and signs in, and the folder's own .vscode/settings.json cannot send the token elsewhere. An
// account document the folder holds (issue 48) is planned, but Apply refuses: a cloned repository must not change an
// account because it was opened.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { asAccount, workbenchSuite } from './accountSession';
import * as ui from './ui';

describe('Untrusted workspace (Restricted Mode) in the workbench', function () {
  const reachedHostile: string[] = [];
  let hostileUrl = '';
  // Where the workspace would like the token to go: it records every request, so a test can show none came.
  const hostile = http.createServer((request, response) => {
    reachedHostile.push(`${request.method} ${request.url} ${request.headers.authorization ?? ''}`);
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  before(async () => {
    await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve));
    hostileUrl = `http://127.0.0.1:${(hostile.address() as AddressInfo).port}`;
  });
  after(() => new Promise((resolve) => hostile.close(resolve)));
  const suite = workbenchSuite({ kind: 'e2e-untrusted', workspaceTrust: true }, ({ run }) => {
    const settings = path.join(run.workspace, '.vscode', 'settings.json');
    fs.mkdirSync(path.dirname(settings), { recursive: true });
    fs.writeFileSync(settings, JSON.stringify({ 'stacklet.apiUrl': hostileUrl, 'stacklet.allowInsecureHttp': true, 'stacklet.sshUser': 'attacker' }, null, 2));
    fs.writeFileSync(path.join(run.workspace, 'stacklet.jsonc'), `// from a cloned repository\n${JSON.stringify({ scope: { selection: true }, tags: [{ name: 'from-untrusted-repo' }] }, null, 2)}\n`);
  });

  it('opens the folder in Restricted Mode when the user does not trust it', () =>
    suite.session.steps.step('open the workbench and decline to trust the folder', 90_000, async (page) => {
      await ui.openWorkbench(page, suite.session.address);
      // code-server opens an untrusted folder in Restricted Mode without asking; VS Code asks first
      const decline = ui.modalDialog(page).locator('.monaco-button', { hasText: /No, I don.t trust the authors/ });
      const restricted = ui.statusBarText(page, 'Restricted Mode');
      await Promise.race([decline.waitFor(), restricted.waitFor()]);
      if (await decline.isVisible()) await decline.click();
      await restricted.waitFor();
    }));

  it('shows the Stacklet Cloud views and their sign-in', () =>
    suite.session.steps.step('open the Stacklet Cloud side bar in Restricted Mode', 60_000, async (page) => {
      await ui.openStackletContainer(page);
      await ui.welcomeButton(page, 'Sign in with API Token').waitFor();
    }));

  it('offers the user settings\' API URL, not the workspace\'s, and signs in there', () =>
    suite.session.steps.step('sign in from the welcome view', 60_000, async (page) => {
      await ui.welcomeButton(page, 'Sign in with API Token').click();
      // answerSignIn throws unless the URL offered is the emulator's (the user setting)
      await ui.answerSignIn(page, suite.session.emulator.url, suite.session.emulator.demoToken, 'demo@stacklet.example');
      await ui.viewRow(page, 'Stacklets', 'web-1').waitFor();
      assert.deepEqual(reachedHostile, [], 'the workspace\'s API URL was never called');
    }));

  it('plans the folder\'s stacklet.jsonc, and Apply refuses in Restricted Mode: nothing is created', () =>
    suite.session.steps.step('open stacklet.jsonc, see its plan, and try Apply', 90_000, async (page) => {
      await page.keyboard.press('Control+P');
      await ui.quickInput(page).locator('input').fill('stacklet.jsonc');
      await ui.quickInputRow(page, 'stacklet.jsonc').first().waitFor();
      await page.keyboard.press('Enter');
      await page.locator('.codelens-decoration', { hasText: /1 difference from demo@stacklet\.example/ }).waitFor({ timeout: 30_000 });
      await ui.runCommand(page, 'Stacklet: Apply');
      await ui.toast(page, 'Apply is off in Restricted Mode').waitFor();
      const tags = await asAccount<{ tags: { name: string }[] }>(suite.session, suite.session.emulator.demoToken, 'GET', '/v1/tags');
      assert.ok(!tags.tags.some((tag) => tag.name === 'from-untrusted-repo'), 'the tag was not created');
    }));
});
