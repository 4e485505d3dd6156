// The resource explorer as a user meets it: sign in from the welcome view, open every view, filter, inspect,
// copy, sign out; then no file the extension host wrote holds the token.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { accountSuite, e2eToken } from './accountSession';
import * as ui from './ui';

/** Every regular file under `dir` (sockets and other special files left out). */
function filesUnder(dir: string): string[] {
  const files: string[] = [];
  const walk = (current: string) => {
    for (const entry of fs.readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) files.push(full);
    }
  };
  if (fs.existsSync(dir)) walk(dir);
  return files;
}

/** The token as it could be written: as it is, base64-encoded, and percent-encoded. */
function spellings(token: string): Buffer[] {
  return [token, Buffer.from(token).toString('base64').replace(/=+$/, ''), encodeURIComponent(`Token ${token}`)].map((s) => Buffer.from(s));
}

describe('Resource explorer in the workbench', function () {
  // A token of its own (not the emulator's well-known demo token), so finding it on disk means a leak.
  const token = e2eToken();
  const email = 'e2e@stacklet.example';
  const suite = accountSuite('e2e-explorer', { token, email });
  /** The Stacklet Cloud output channel as the Output panel showed it. */
  let outputText = '';

  it('shows the Stacklet Cloud container with a sign-in welcome', () =>
    suite.session.steps.step('open the Stacklet Cloud container', 90_000, async (page) => {
      await ui.openWorkbench(page, suite.session.address);
      await ui.activityBarItem(page, 'Stacklet Cloud').click();
      await ui.welcomeButton(page, 'Sign in with API Token').waitFor();
      await ui.welcomeButton(page, 'Try the Local Emulator').first().waitFor();
    }));

  it('shows one welcome, whole at 1440×900, and no empty view beside it while signed out', () =>
    suite.session.steps.step('see the welcome whole and the other views hidden', 30_000, async (page) => {
      const viewport = page.viewportSize();
      assert.deepEqual(viewport, { width: 1440, height: 900 });
      const tryIt = ui.welcomeButton(page, 'Try the Local Emulator').first();
      const box = await tryIt.boundingBox();
      assert.ok(box && box.y >= 0 && box.y + box.height <= viewport!.height, `"Try the Local Emulator" lies within the window (${JSON.stringify(box)})`);
      assert.ok(await tryIt.evaluate((button) => {
        // Not cut off by its pane either: the pane's body holds the whole button.
        const body = button.closest('.pane-body');
        if (!body) return false;
        const [b, p] = [button.getBoundingClientRect(), body.getBoundingClientRect()];
        return b.top >= p.top && b.bottom <= p.bottom;
      }), 'the welcome is not cut off by its pane');
      for (const view of ['Volumes', 'Userdata', 'Containers', 'Networking', 'Kubernetes', 'Snapshots', 'Account']) {
        assert.equal(await ui.paneHeader(page, view).count(), 0, `${view} is hidden while signed out`);
      }
    }));

  it('signs in through the welcome view with an API token', () =>
    suite.session.steps.step('sign in with the API token', 60_000, async (page) => {
      await ui.signInThroughWelcome(page, suite.session.emulator.url, token, email);
      await ui.viewRow(page, 'Stacklets', 'web-1').waitFor();
    }));

  it('opens every view with the account’s resources', () =>
    suite.session.steps.step('expand every view', 90_000, async (page) => {
      const expected: [string, string][] = [
        ['Volumes', 'db-data'],
        ['Userdata', 'docker-bootstrap'],
        ['Networking', 'Firewalls'],
        ['Kubernetes', 'demo-cluster'],
        ['Account', 'Local emulator'],
      ];
      for (const [view, row] of expected) {
        await ui.expandPane(page, view);
        await ui.viewRow(page, view, row).waitFor();
        await ui.collapsePane(page, view);
      }
      for (const view of ['Containers', 'Snapshots']) {
        await ui.expandPane(page, view);
        await ui.pane(page, view).locator('.monaco-list-row').first().waitFor();
        await ui.collapsePane(page, view);
      }
    }));

  it('filters stacklets by tag, then clears the filter', () =>
    suite.session.steps.step('filter stacklets by tag', 60_000, async (page) => {
      await ui.clickPaneAction(page, 'Stacklets', 'Filter Stacklets by Tag');
      await ui.quickInput(page).locator('input').fill('db');
      await ui.quickInputRow(page, 'db').first().waitFor();
      await page.keyboard.press('Enter');
      await ui.pane(page, 'Stacklets').locator('.monaco-list-row', { hasText: 'web-1' }).waitFor({ state: 'detached' });
      await ui.viewRow(page, 'Stacklets', 'db-1').waitFor();
      await ui.paneHeader(page, 'Stacklets').getByText('tag: db').waitFor();
      await ui.clickPaneAction(page, 'Stacklets', 'Clear Stacklets Filter');
      await ui.viewRow(page, 'Stacklets', 'web-1').waitFor();
    }));

  it('opens View Properties as a JSON document', () =>
    suite.session.steps.step('view properties of web-1', 45_000, async (page) => {
      await ui.contextMenu(page, ui.viewRow(page, 'Stacklets', 'web-1'), 'View Properties');
      await page.locator('.tabs-container .tab', { hasText: 'web-1.json' }).waitFor();
      await page.locator('.editor-instance .view-lines', { hasText: '"name": "web-1"' }).waitFor();
    }));

  it('copies the IP address of a stacklet', () =>
    suite.session.steps.step('copy the IP address of web-1', 30_000, async (page) => {
      await ui.contextMenu(page, ui.viewRow(page, 'Stacklets', 'web-1'), 'Copy IP Address');
      await ui.statusBarText(page, 'Copied IP address').waitFor();
    }));

  it('shows the Stacklet Cloud log without the token', () =>
    suite.session.steps.step('show the Stacklet Cloud log', 45_000, async (page) => {
      await ui.runCommand(page, 'Stacklet: Show Log');
      const lines = page.locator('#workbench\\.parts\\.panel .monaco-editor .view-lines');
      // The editor draws spaces as no-break spaces.
      await lines.getByText(/GET\s\/v1\/stacklets/).first().waitFor();
      outputText = (await lines.innerText()).replace(/\u00a0/g, ' ');
      assert.ok(!outputText.includes(token), 'the Output panel shows the token');
    }));

  it('signs out, back to the welcome', () =>
    suite.session.steps.step('sign out', 30_000, async (page) => {
      await ui.runCommand(page, 'Stacklet: Sign Out');
      await ui.welcomeButton(page, 'Sign in with API Token').first().waitFor();
    }));

  it('leaves the token in no file the extension host, code-server or the browser wrote, nor in the output channel', () => {
    // Everything of the run: user data (settings, globalStorage, workspaceStorage, logs with the output channel's
    // log file), extensions, workspace, VS Code's temp folder, the browser profile; and code-server's own log.
    const files = [...filesUnder(suite.session.run.tmp), path.join(suite.session.run.artifacts, 'code-server.log')];
    const needles = spellings(token);
    // The browser keeps writing its cache while the test reads: a file listed and then removed held nothing.
    const contents = (file: string) => {
      try {
        return fs.readFileSync(file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    };
    const searched = files.filter((file) => contents(file) !== undefined);
    const hits = searched.filter((file) => needles.some((needle) => contents(file)?.includes(needle)));
    assert.deepEqual(hits, [], `the token was found in ${hits.join(', ')}`);

    // The places that matter were there to be searched.
    const user = path.join(suite.session.run.userDataDir, 'User');
    const settings = fs.readFileSync(path.join(user, 'settings.json'), 'utf8');
    assert.match(settings, /"stacklet\.apiUrl"/, 'settings.json holds the API URL (and only that)');
    for (const dir of ['globalStorage', 'workspaceStorage']) assert.ok(fs.existsSync(path.join(user, dir)), `${dir} exists`);
    const logFile = files.find((file) => path.basename(file) === 'Stacklet Cloud.log');
    assert.ok(logFile, 'the output channel\'s log file was among the files searched');
    const log = fs.readFileSync(logFile, 'utf8');
    assert.match(log, new RegExp(`Signed in as ${email}`), 'the log file is the one the session wrote to');
    assert.match(outputText, /GET \/v1\/stacklets/, 'the Output panel was read');
    console.log(`      searched ${searched.length} files (${(searched.reduce((n, f) => n + (contents(f)?.length ?? 0), 0) / 1e6).toFixed(1)} MB), the Output panel and ${path.relative(suite.session.run.tmp, logFile)}: 0 hits`);
  });
});
