// Agent mode as VS Code runs it: another extension (agentProbe/extension.ts, as an agent's would) calls our
// stacklet_manage_stacklet (action powerOff) through vscode.lm.invokeTool outside a chat, and VS Code itself shows the tool's
// confirmation as a modal dialog naming the stacklet, its ID and the monthly change. Cancelled, nothing reaches
// the service; confirmed, the power off is sent and followed in the status bar and the view like any action. A
// stacklet carrying a protected tag is refused to the agent before any dialog, and a person powers it off from its menu.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { accountSuite, asAccount, e2eToken, mutationsOf, signInStep } from './accountSession';
import { AGENT_PROBE, packageProbe } from './probeExtension';
import * as ui from './ui';

describe('Agent mode in the workbench', function () {
  const token = e2eToken();
  const email = 'agent@stacklet.example';
  let probeDir: string | undefined;
  const suite = accountSuite('e2e-agent-mode', { token, email }, { taskMs: 8000 }, async () => {
    probeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stacklet-agent-probe-'));
    return [await packageProbe(probeDir, AGENT_PROBE)];
  });
  after(() => {
    if (probeDir) fs.rmSync(probeDir, { recursive: true, force: true });
  });

  const mutations = () => mutationsOf(suite.session, email);
  const idOf = async (name: string) => (await asAccount<{ stacklets: { id: number; name: string }[] }>(suite.session, token, 'GET', '/v1/stacklets?per_page=200')).stacklets.find((s) => s.name === name)!.id;
  const probeSays = (page: Page, text: string) => ui.statusBarText(page, `agent-probe: ${text}`);

  /** The probe asks for blog's power off; VS Code's dialog shows what the tool's confirmation says. */
  async function askedToPowerOff(page: Page, name: string, id: number): Promise<void> {
    // Not ui.runCommand: the probe's own input replaces the palette, which so never closes; typed into once it shows.
    await ui.findInCommandPalette(page, 'Agent Probe: Power Off a Stacklet');
    await page.keyboard.press('Enter');
    await ui.quickInput(page).getByText('agent-probe: the stacklet to power off').waitFor();
    await ui.quickInput(page).locator('input').fill(name);
    await page.keyboard.press('Enter');
    const dialog = ui.modalDialog(page);
    await dialog.getByText(`Power off ${name}?`).first().waitFor({ timeout: 30_000 });
    await dialog.getByText(`stacklet ${name} (ID ${id}): target`).waitFor();
    await dialog.getByText('Estimated change to the monthly cost: no change').waitFor();
  }

  it('signs in', () => signInStep(suite, { token, email }, 'blog'));

  it('an agent\'s power off, cancelled in VS Code\'s dialog: nothing reaches the service', async () => {
    const id = await idOf('blog');
    const before = (await mutations()).length;
    await suite.session.steps.step('the dialog names blog, its ID and the monthly change; Cancel', 60_000, async (page) => {
      await askedToPowerOff(page, 'blog', id);
      await ui.modalDialog(page).getByRole('button', { name: 'Cancel' }).click();
      await ui.modalDialog(page).waitFor({ state: 'hidden' });
      await probeSays(page, 'refused').waitFor();
    });
    assert.deepEqual((await mutations()).slice(before), [], 'nothing was sent');
  });

  it('an agent\'s power off, confirmed in VS Code\'s dialog: sent, and followed in the status bar and the view', async () => {
    const id = await idOf('blog');
    const before = (await mutations()).length;
    await suite.session.steps.step('confirm the dialog: the task shows in the status bar', 60_000, async (page) => {
      await askedToPowerOff(page, 'blog', id);
      // VS Code's confirm() for a tool called outside a chat: Yes and Cancel.
      await ui.modalDialog(page).getByRole('button', { name: 'Yes' }).click();
      await probeSays(page, 'sent').waitFor();
      // Sent with the menu's progress words, not the confirmation's question.
      await ui.statusBarText(page, 'Agent mode: Powering off blog…').waitFor();
      await ui.statusBarText(page, 'stacklet is powering off').waitFor();
    });
    await suite.session.steps.step('the task ends: told so, and blog is off in the Stacklets view', 60_000, async (page) => {
      await ui.statusBarText(page, 'stacklet is powering off').waitFor({ state: 'detached', timeout: 50_000 });
      // The row's state is its icon, and spoken in its accessible label.
      await ui.pane(page, 'Stacklets').locator('.monaco-list-row[aria-label^="Stacklet blog, off,"]').waitFor();
      await ui.toast(page, 'stacklet was powered off').first().waitFor();
    });
    assert.deepEqual((await mutations()).slice(before).map((r) => [r.method, r.path, r.body]), [['POST', '/v1/stacklets/:id', { action: 'power_off' }]]);
  });

  it('web-1, tagged production (protected from agents by default), is refused to the agent naming its tag; a person powers it off from its menu', async () => {
    const before = (await mutations()).length;
    await suite.session.steps.step('the agent\'s power off of web-1 is refused before any dialog, naming production', 60_000, async (page) => {
      await ui.findInCommandPalette(page, 'Agent Probe: Power Off a Stacklet');
      await page.keyboard.press('Enter');
      await ui.quickInput(page).getByText('agent-probe: the stacklet to power off').waitFor();
      await ui.quickInput(page).locator('input').fill('web-1');
      await page.keyboard.press('Enter');
      await probeSays(page, 'refused (protected production)').waitFor();
      assert.equal(await ui.modalDialog(page).count(), 0, 'refused before any question');
    });
    assert.deepEqual((await mutations()).slice(before), [], 'nothing was sent for the agent');
    await suite.session.steps.step('Power Off… on web-1: the question says it is protected from agents; Power Off', 60_000, async (page) => {
      await ui.contextMenu(page, ui.viewRow(page, 'Stacklets', 'web-1'), 'Power Off…');
      await ui.confirmation(page, 'Power off web-1?');
      assert.match(await ui.confirmationText(page), /web-1 carries the tag production, which protects it from agents; you can change it\./);
      await ui.confirmationChoice(page, 'Power Off').click();
      await ui.quickInput(page).waitFor({ state: 'hidden' });
    });
    assert.deepEqual((await mutations()).slice(before).map((r) => [r.method, r.path, r.body]), [['POST', '/v1/stacklets/:id', { action: 'power_off' }]]);
  });
});
