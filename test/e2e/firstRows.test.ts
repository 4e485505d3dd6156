// The first rows after a reload, signed in: activation opens the session ahead of the views (the workbench,
// the client's and undici's chunks, the token; src/extension.ts) and sends nothing; the rows come when the
// container opens.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { accountSuite, e2eToken, emulatorControl, signInStep, type Logged } from './accountSession';
import * as ui from './ui';

/** The lines of the output channel's log file the window's extension host writes now (each reload starts one). */
function newestLog(userDataDir: string): string[] {
  const logs = (fs.readdirSync(path.join(userDataDir, 'logs'), { recursive: true }) as string[])
    .filter((file) => path.basename(file) === 'Stacklet Cloud.log')
    .map((file) => path.join(userDataDir, 'logs', file))
    .sort((a, b) => fs.statSync(a).mtimeMs - fs.statSync(b).mtimeMs);
  return logs.length > 0 ? fs.readFileSync(logs.at(-1)!, 'utf8').split('\n') : [];
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
      // What the Stacklets view's first rows need was loaded without the view asking: the workbench says so.
      for (let waited = 0; !newestLog(suite.session.run.userDataDir).some((line) => line.includes('Loaded the session and the views.')); waited += 250) {
        assert.ok(waited < 30_000, `the workbench did not load at activation: ${newestLog(suite.session.run.userDataDir).join('\n')}`);
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
