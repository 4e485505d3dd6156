// The first rows after a reload, signed in: activation opens the session ahead of the views (the workbench,
// the client's and undici's chunks, the token; src/extension.ts) and sends nothing; the rows come when the
// container opens.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { accountSuite, e2eToken, emulatorControl, signInStep, type Logged } from './accountSession';
import * as ui from './ui';

/** The output channel's log files (an extension host writes one), each with what it holds now. */
function channelLogs(userDataDir: string): Map<string, string> {
  const dir = path.join(userDataDir, 'logs');
  const files = (fs.readdirSync(dir, { recursive: true }) as string[]).filter((file) => path.basename(file) === 'Stacklet Cloud.log');
  return new Map(files.map((file) => [file, fs.readFileSync(path.join(dir, file), 'utf8')]));
}

/** What the log files gained since `earlier` (a new file whole). */
function loggedSince(userDataDir: string, earlier: ReadonlyMap<string, string>): string {
  return [...channelLogs(userDataDir)].map(([file, text]) => text.slice(earlier.get(file)?.length ?? 0)).join('\n');
}

describe('The first rows in the workbench', function () {
  const token = e2eToken();
  const email = 'first-rows@stacklet.example';
  const suite = accountSuite('e2e-first-rows', { token, email });
  let before = 0;

  it('signs in', () => signInStep(suite, { token, email }));

  it('after a reload, activated with no view shown, opens the session and sends nothing', () =>
    suite.session.steps.step('reload with the Explorer shown, then open the walkthrough', 120_000, async (page) => {
      const explorer = page.locator('.part.sidebar .composite.title', { hasText: 'Explorer' });
      await page.locator('.activitybar a.action-label[aria-label^="Explorer"]').click();
      await explorer.waitFor();
      const earlier = channelLogs(suite.session.run.userDataDir);
      await ui.searchCommandPalette(page, 'Developer: Reload Window');
      await ui.quickInputRow(page, 'Developer: Reload Window').first().waitFor();
      await Promise.all([page.waitForEvent('load'), page.keyboard.press('Enter')]);
      await explorer.waitFor();
      before = (await emulatorControl<{ requests: Logged[] }>(suite.session, '/requests?limit=500')).requests.length;
      // The walkthrough activates the extension (onWalkthrough) and shows none of its views.
      await ui.findInCommandPalette(page, 'Welcome: Open Walkthrough...');
      await page.keyboard.press('Enter');
      await ui.quickInputRow(page, 'Get Started with Stacklet Cloud').filter({ visible: true }).first().click();
      await page.locator('.gettingStartedContainer').waitFor();
      // What the Stacklets view's first rows need was loaded after activation without the view asking: the
      // workbench says so in the log of the new window's extension host.
      const loadedAfterActivation = () => /Activated in[^]*Loaded the session and the views\./.test(loggedSince(suite.session.run.userDataDir, earlier));
      for (let waited = 0; !loadedAfterActivation(); waited += 250) {
        assert.ok(waited < 20_000, `the workbench did not load after activation; logged since the reload:\n${loggedSince(suite.session.run.userDataDir, earlier)}`);
        await page.waitForTimeout(250);
      }
      assert.ok(!(await page.locator('.part.sidebar .composite.title', { hasText: 'Stacklet Cloud' }).isVisible()), 'no view of ours is shown');
      const { requests } = await emulatorControl<{ requests: Logged[] }>(suite.session, '/requests?limit=500');
      assert.deepEqual(requests.slice(before), [], 'activation sent nothing');
    }));

  it('then shows the rows when the container opens, from one listing', () =>
    suite.session.steps.step('open the Stacklet Cloud container', 60_000, async (page) => {
      await ui.openStackletContainer(page);
      await ui.viewRow(page, 'Stacklets', 'web-1').waitFor();
      const { requests } = await emulatorControl<{ requests: Logged[] }>(suite.session, '/requests?limit=500');
      assert.equal(requests.slice(before).filter((r) => r.method === 'GET' && r.path === '/v1/stacklets').length, 1);
    }));
});
