// The access a person sets for agents, as VS Code applies it (issue 35): an application setting, so a folder's
// settings saying `ask` while the user's say `read` leave access at `read`, and an agent's power off is refused,
// nothing reaching the service. (A chat is offered no write tool then: their `when` clause reads the same value.
// VS Code lists every contributed tool to other extensions in vscode.lm.tools whatever its `when`, so the call
// itself must refuse, and does.) Protected tags in the workbench: agentMode.test.ts.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { accountSuite, e2eToken, mutationsOf, signInStep } from './accountSession';
import { AGENT_PROBE, packageProbe } from './probeExtension';
import * as ui from './ui';

describe('Agent limits in the workbench', function () {
  const token = e2eToken();
  const email = 'limits@stacklet.example';
  let probeDir: string | undefined;
  const suite = accountSuite('e2e-agent-limits', { token, email }, undefined, async () => {
    probeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stacklet-agent-probe-'));
    return [await packageProbe(probeDir, AGENT_PROBE)];
  }, { userSettings: { 'stacklet.agent.access': 'read' }, folderSettings: { 'stacklet.agent.access': 'ask' } });
  after(() => {
    if (probeDir) fs.rmSync(probeDir, { recursive: true, force: true });
  });

  const mutations = () => mutationsOf(suite.session, email);
  const probeSays = (page: Page, text: string | RegExp) => page.locator('.statusbar-item', { hasText: text }).first();

  /** The probe asks for `name`'s power off as an agent does. */
  async function agentPowersOff(page: Page, name: string): Promise<void> {
    // Not ui.runCommand: the probe's own input replaces the palette.
    await ui.findInCommandPalette(page, 'Agent Probe: Power Off a Stacklet');
    await page.keyboard.press('Enter');
    await ui.quickInput(page).getByText('agent-probe: the stacklet to power off').waitFor();
    await ui.quickInput(page).locator('input').fill(name);
    await page.keyboard.press('Enter');
  }

  it('signs in', () => signInStep(suite, { token, email }));

  it('says once that the folder\'s setting for agents is ignored, and why', async () => {
    await suite.session.steps.step('a notification names the folder\'s agent setting as ignored', 60_000, async (page) => {
      // Read in the notification center: a toast may have gone by the time the window is looked at.
      await ui.runCommand(page, 'Notifications: Show Notifications');
      const said = page.locator('.notifications-center .notification-list-item', { hasText: 'which Stacklet Cloud ignores' });
      await said.first().waitFor({ timeout: 45_000 });
      const text = await said.first().innerText();
      assert.match(text, /stacklet\.agent\.access/);
      assert.match(text, /Trusting the folder does not change that\./);
      await said.first().locator('.monaco-button', { hasText: 'Open User Settings' }).waitFor();
      await ui.runCommand(page, 'Notifications: Hide Notifications');
    });
  });

  it('the folder\'s settings say ask, the user\'s read: access is read, and an agent\'s power off is refused, nothing sent', async () => {
    const before = (await mutations()).length;
    await suite.session.steps.step('access is read here; the agent\'s power off is refused by the access rule', 60_000, async (page) => {
      await ui.runCommand(page, 'Agent Probe: Show the Agent Access');
      await probeSays(page, 'agent-probe: access read').waitFor();
      await agentPowersOff(page, 'staging-1');
      await probeSays(page, 'agent-probe: refused (access)').waitFor();
      assert.equal(await ui.modalDialog(page).count(), 0, 'refused before any question');
    });
    assert.deepEqual((await mutations()).slice(before), [], 'nothing was sent');
  });
});
