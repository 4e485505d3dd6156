// Actions as a user runs them: a resize from the context menu with its progress in the status bar, and a
// wizard that refuses a bad CIDR inline and sends nothing when the user gives up.
import * as assert from 'node:assert/strict';
import { accountSuite, e2eToken, mutationsOf, signInStep } from './accountSession';
import * as ui from './ui';

describe('Actions in the workbench', function () {
  const token = e2eToken();
  const email = 'actions@stacklet.example';
  const suite = accountSuite('e2e-actions', { token, email }, { taskMs: 5000 });

  const mutations = () => mutationsOf(suite.session, email);

  it('signs in', () => signInStep(suite, { token, email }, 'web-2'));

  it('resizes a stacklet from its context menu and follows the task in the status bar', async () => {
    await suite.session.steps.step('pick the new size', 45_000, async (page) => {
      await ui.contextMenu(page, ui.viewRow(page, 'Stacklets', 'web-2'), 'Resize Stacklet…');
      await ui.quickInput(page).locator('input').fill('b-2vcpu-4gb');
      await ui.quickInputRow(page, 'b-2vcpu-4gb').first().waitFor();
      await page.keyboard.press('Enter');
      await ui.quickInputRow(page, 'No').first().waitFor();
      await ui.quickInput(page).locator('input').fill('No');
      await page.keyboard.press('Enter');
    });
    await suite.session.steps.step('see "stacklet is resizing" in the status bar', 30_000, async (page) => {
      await ui.statusBarText(page, 'stacklet is resizing').waitFor();
    });
    await suite.session.steps.step('see the status bar clear and the new size in the tree', 60_000, async (page) => {
      await ui.statusBarText(page, 'stacklet is resizing').waitFor({ state: 'detached', timeout: 50_000 });
      await ui.viewRow(page, 'Stacklets', 'web-2').filter({ hasText: 'b-2vcpu-4gb' }).waitFor();
      await ui.toast(page, 'stacklet was resized').first().waitFor();
    });
    const resizes = (await mutations()).filter((r) => r.method === 'POST' && /^\/v1\/stacklets\/:id$/.test(r.path));
    assert.equal(resizes.length, 1, 'one resize request reached the service');
  });

  it('refuses an invalid CIDR in the VPC wizard inline, and sends nothing on Escape', async () => {
    const before = (await mutations()).length;
    await suite.session.steps.step('type an invalid CIDR in the VPC wizard', 45_000, async (page) => {
      await ui.expandPane(page, 'Networking');
      await ui.clickPaneAction(page, 'Networking', 'Create VPC…');
      await ui.quickInput(page).locator('input').fill('e2e-vpc');
      await page.keyboard.press('Enter');
      await ui.quickInput(page).locator('input').fill('fra');
      await ui.quickInputRow(page, 'fra').first().waitFor();
      await page.keyboard.press('Enter');
      await ui.quickInput(page).getByText('Create VPC: IP Range').waitFor();
      await ui.quickInput(page).locator('input').fill('10.20.0.5/16');
      await ui.quickInputMessage(page).getByText(/host bits zero|overlap/).waitFor();
      await page.keyboard.press('Enter');
      await ui.quickInputMessage(page).getByText(/host bits zero|overlap/).waitFor();
    });
    await suite.session.steps.step('give up with Escape', 15_000, async (page) => {
      await page.keyboard.press('Escape');
      await ui.quickInput(page).waitFor({ state: 'hidden' });
    });
    assert.equal((await mutations()).length, before, 'nothing was sent to the service');
  });
  it('creates a firewall by typing its JSON and saving; a port of 70000 is underlined and nothing is sent', async () => {
    const editor = ui.activeEditor;
    const replaceText = ui.replaceEditorText;
    const document = (port: number) => `// typed in the e2e test
{
  "name": "e2e-fw",
  "inbound_rules": [{ "address": "0.0.0.0/0", "port": ${port}, "protocol": "TCP" },],
  "outbound_rules": [{ "address": "0.0.0.0/0" }],
}
`;
    await suite.session.steps.step('open New Firewall from the Networking title bar', 45_000, async (page) => {
      await ui.expandPane(page, 'Networking');
      await ui.clickPaneAction(page, 'Networking', 'New Firewall');
      await page.locator('.tab', { hasText: /new-firewall-\d+\.jsonc/ }).first().waitFor();
      await editor(page).getByText('"inbound_rules"').first().waitFor();
    });
    await suite.session.steps.step('type the firewall, save, confirm, and see it in the Networking view', 60_000, async (page) => {
      await replaceText(page, document(22));
      await page.keyboard.press('ControlOrMeta+S');
      const dialog = page.locator('.monaco-dialog-box');
      await dialog.getByText('Create firewall e2e-fw on Stacklet Cloud?').waitFor();
      await dialog.locator('.monaco-button', { hasText: 'Create' }).first().click();
      await dialog.waitFor({ state: 'detached' });
      await ui.viewRow(page, 'Networking', 'e2e-fw').waitFor();
    });
    const created = (await mutations()).filter((r) => r.method === 'POST' && r.path === '/v1/firewalls');
    assert.equal(created.length, 1, 'one create request reached the service');
    const before = (await mutations()).length;
    await suite.session.steps.step('type port 70000: a squiggle, and a save sends nothing', 45_000, async (page) => {
      await replaceText(page, document(70000));
      await editor(page).locator('.squiggly-error').first().waitFor();
      await page.keyboard.press('ControlOrMeta+S');
      await ui.toast(page, 'Not applied: the document has a problem').first().waitFor();
    });
    // The README's picture of a firewall document with a diagnostic (npm run screenshots).
    await suite.session.steps.step('show the port 70000 diagnostic in the Problems panel', 30_000, async (page) => {
      await editor(page).locator('.view-lines').click();
      await page.keyboard.press('ControlOrMeta+Home');
      await page.keyboard.press('ControlOrMeta+Shift+M');
      await page.locator('.markers-panel .monaco-list-row', { hasText: /65535/ }).first().waitFor();
      await editor(page).locator('.squiggly-error').first().waitFor();
    });
    assert.equal((await mutations()).length, before, 'nothing was sent to the service');
  });
});
