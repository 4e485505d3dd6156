// The resource explorer as a user meets it: sign in from the welcome view, open every view, filter, inspect,
// copy, sign out; then no file the extension host wrote holds the token.
import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { startE2eSession, type E2eSession } from '../harness/workbench';
import * as ui from './ui';

/** Every file under `dir` whose bytes contain `needle`. */
function filesContaining(dir: string, needle: string): string[] {
  const hits: string[] = [];
  const walk = (current: string) => {
    for (const entry of fs.readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && fs.readFileSync(full).includes(needle)) hits.push(full);
    }
  };
  if (fs.existsSync(dir)) walk(dir);
  return hits;
}

describe('Resource explorer in the workbench', function () {
  let session: E2eSession;
  // A token of its own (not the emulator's well-known demo token), so finding it on disk means a leak.
  const token = `stk_e2e_${randomBytes(12).toString('hex')}`;
  const email = 'e2e@stacklet.example';

  beforeEach(function () {
    if (session?.steps.failed) this.skip();
  });

  before(async function () {
    this.timeout(240_000);
    session = await startE2eSession({ kind: 'e2e-explorer' });
    const response = await fetch(`${session.emulator.url}/_emulator/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, email, seed: 'demo' }),
    });
    assert.equal(response.status < 300, true, `creating the e2e account: HTTP ${response.status}`);
    console.log(`      workbench ${session.address}\n      artifacts ${session.run.artifacts}`);
  });

  after(async function () {
    this.timeout(90_000);
    await session?.close();
  });

  it('shows the Stacklet Cloud container with a sign-in welcome', () =>
    session.steps.step('open the Stacklet Cloud container', 90_000, async (page) => {
      await ui.openWorkbench(page, session.address);
      await ui.activityBarItem(page, 'Stacklet Cloud').click();
      await ui.welcomeButton(page, 'Sign in with API Token').waitFor();
      await ui.welcomeButton(page, 'Try the Local Emulator').first().waitFor();
    }));

  it('signs in through the welcome view with an API token', () =>
    session.steps.step('sign in with the API token', 60_000, async (page) => {
      await ui.signInThroughWelcome(page, session.emulator.url, token, email);
      await ui.viewRow(page, 'Stacklets', 'web-1').waitFor();
    }));

  it('opens every view with the account’s resources', () =>
    session.steps.step('expand every view', 90_000, async (page) => {
      const expected: [string, string][] = [
        ['Volumes', 'db-data'],
        ['Userdata', 'docker-bootstrap'],
        ['Networking', 'Firewalls'],
        ['Kubernetes', 'demo-cluster'],
        ['Account', email],
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
    session.steps.step('filter stacklets by tag', 60_000, async (page) => {
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
    session.steps.step('view properties of web-1', 45_000, async (page) => {
      await ui.contextMenu(page, ui.viewRow(page, 'Stacklets', 'web-1'), 'View Properties');
      await page.locator('.tabs-container .tab', { hasText: 'web-1.json' }).waitFor();
      await page.locator('.editor-instance .view-lines', { hasText: '"name": "web-1"' }).waitFor();
    }));

  it('copies the IP address of a stacklet', () =>
    session.steps.step('copy the IP address of web-1', 30_000, async (page) => {
      await ui.contextMenu(page, ui.viewRow(page, 'Stacklets', 'web-1'), 'Copy IP Address');
      await ui.statusBarText(page, 'Copied IP address').waitFor();
    }));

  it('signs out, back to the welcome', () =>
    session.steps.step('sign out', 30_000, async (page) => {
      await ui.runCommand(page, 'Stacklet: Sign Out');
      await ui.welcomeButton(page, 'Sign in with API Token').first().waitFor();
    }));

  it('leaves the token in no file the extension host wrote', () => {
    const places = [session.run.userDataDir, session.run.extensionsDir, session.run.workspace];
    const hits = places.flatMap((dir) => filesContaining(dir, token));
    assert.deepEqual(hits, [], `the token was found in ${hits.join(', ')}`);
    const searched = places.filter((dir) => fs.existsSync(dir));
    assert.ok(searched.length >= 2, 'the user-data and extensions folders exist to be searched');
  });
});
