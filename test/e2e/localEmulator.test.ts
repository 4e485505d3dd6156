// One emulator, as `npm start` runs it: Try the Local Emulator signs in to the emulator npm start announced (the one
// whose token it printed) instead of starting a second one, the views say "Local emulator", and the Accounts menu
// tells the account by its address.
import * as assert from 'node:assert/strict';
import { emulatorControl, workbenchSuite, type Logged } from './accountSession';
import * as ui from './ui';

describe('Local emulator of npm start in the workbench', function () {
  const suite = workbenchSuite({ kind: 'e2e-local-emulator', announceEmulator: true });

  it('Try the Local Emulator signs in to the emulator npm start runs', () =>
    suite.session.steps.step('try the local emulator from the welcome view', 90_000, async (page) => {
      await ui.openWorkbench(page, suite.session.address);
      await ui.openStackletContainer(page);
      await ui.welcomeButton(page, 'Try the Local Emulator').click();
      await ui.toast(page, `Exploring the local Stacklet emulator at ${suite.session.emulator.url}`).waitFor();
      await ui.viewRow(page, 'Stacklets', 'web-1').waitFor();
      const { requests } = await emulatorControl<{ requests: Logged[] }>(suite.session, '/requests?limit=500');
      assert.ok(requests.some((r) => r.account === 'demo@stacklet.example' && r.path === '/v1/stacklets'), 'the stacklets were read from the emulator npm start runs');
    }));

  it('labels the views "Local emulator"', () =>
    suite.session.steps.step('see the Local emulator label', 30_000, async (page) => {
      await ui.pane(page, 'Stacklets').locator('.pane-header .description', { hasText: 'Local emulator' }).waitFor();
    }));

  it('gives the Stacklets view the room, and keeps the title bars to their main actions', () =>
    suite.session.steps.step('see the Stacklets view take most of the side bar', 30_000, async (page) => {
      for (const view of ['Volumes', 'Userdata', 'Containers', 'Networking', 'Kubernetes', 'Snapshots']) {
        assert.equal(await ui.paneHeader(page, view).getAttribute('aria-expanded'), 'false', `${view} starts collapsed`);
      }
      const sidebar = (await page.locator('.part.sidebar').boundingBox())!;
      const stacklets = (await ui.pane(page, 'Stacklets').boundingBox())!;
      assert.ok(stacklets.height > sidebar.height / 2, `Stacklets has ${stacklets.height} of ${sidebar.height} px`);
      // Networking's header: its title and collapse target stay clear; the rarer creates are in its … menu
      await ui.expandPane(page, 'Networking');
      await ui.paneHeader(page, 'Networking').hover();
      const icons = await ui.paneHeader(page, 'Networking').locator('.actions .action-label').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
      assert.ok(!icons.includes('Create Load Balancer…') && !icons.includes('Create VPC…'), `title bar icons: ${icons.join(', ')}`);
      const ours = icons.filter((label) => label !== 'Collapse All' && !label.startsWith('More Actions'));
      assert.ok(ours.length <= 3, `at most three icons of ours: ${icons.join(', ')}`);
      await ui.collapsePane(page, 'Networking');
    }));

  it('names the account with its address in the Accounts menu', () =>
    suite.session.steps.step('open the Accounts menu', 30_000, async (page) => {
      await page.locator('.activitybar a.action-label[aria-label^="Accounts"]').click();
      const host = new URL(suite.session.emulator.url).host;
      await page.locator('.context-view .action-item', { hasText: `demo@stacklet.example (local emulator ${host})` }).first().waitFor();
      await page.keyboard.press('Escape');
    }));
});
