// Documents as a user meets them in the browser: with code-server's files.autoSave afterDelay, typing a half
// port into a firewall never asks, sends or fails; Ctrl+S asks with the safe choice first and active; a load balancer
// gains a rule by editing its document, and the Networking view shows it; a userdata script is created as a
// document and listed.
import * as assert from 'node:assert/strict';
import { writeUserSettings } from '../harness/codeServer';
import { accountSuite, e2eToken, mutationsOf } from './accountSession';
import * as ui from './ui';

describe('Documents in the workbench', function () {
  const token = e2eToken();
  const email = 'documents@stacklet.example';
  const suite = accountSuite('e2e-documents', { token, email }, { taskMs: 2000 });

  const mutations = () => mutationsOf(suite.session, email);

  /** The account's view of the service, as the extension sees it. */
  async function service<T>(path: string): Promise<T> {
    const response = await fetch(`${suite.session.emulator.url}${path}`, { headers: { Authorization: `Token ${token}` } });
    assert.ok(response.ok, `GET ${path}: ${response.status}`);
    return (await response.json()) as T;
  }

  it('signs in with files.autoSave afterDelay', async () => {
    // code-server's own default, stated so that the test does not depend on it.
    writeUserSettings(suite.session.run.userDataDir, { 'stacklet.apiUrl': suite.session.emulator.url, 'files.autoSave': 'afterDelay', 'files.autoSaveDelay': 1000 });
    await suite.session.steps.step('sign in', 90_000, async (page) => {
      await ui.openWorkbench(page, suite.session.address);
      await ui.signInThroughWelcome(page, suite.session.emulator.url, token, email);
      await ui.expandPane(page, 'Networking');
      await ui.viewRow(page, 'Networking', 'web-firewall').waitFor();
    });
  });

  it('auto-save never applies: a half-typed port asks nothing, sends nothing and fails nowhere; Ctrl+S asks, with the safe choice active; the draft survives a reload', async () => {
    const before = (await mutations()).length;
    const { firewalls } = await service<{ firewalls: { name: string; inbound_rules: { address: string; port: number | null; protocol: string | null }[] }[] }>('/v1/firewalls');
    const firewall = firewalls.find((f) => f.name === 'web-firewall')!;
    const text = (port: string) => JSON.stringify({
      name: 'web-firewall',
      inbound_rules: [...firewall.inbound_rules.map((r) => ({ address: r.address, ...(r.port !== null ? { port: r.port } : {}), ...(r.protocol ? { protocol: r.protocol } : {}) })), { address: '0.0.0.0/0', port: '@PORT@', protocol: 'tcp' }],
      outbound_rules: [{ address: '0.0.0.0/0' }],
    }).replace('"@PORT@"', port);
    await suite.session.steps.step('open the firewall\'s document from its context menu', 45_000, async (page) => {
      await ui.contextMenu(page, ui.viewRow(page, 'Networking', 'web-firewall'), 'Edit Firewall Rules');
      await page.locator('.tab', { hasText: 'web-firewall.jsonc' }).first().waitFor();
      await ui.activeEditor(page).getByText('"inbound_rules"').first().waitFor();
    });
    for (const [what, port] of [['a half-typed port (nothing after the colon)', ''], ['a half-typed port (84 of 8443)', '84']] as const) {
      await suite.session.steps.step(`type ${what} and let auto-save run`, 45_000, async (page) => {
        await ui.replaceEditorText(page, text(port));
        // Well past the auto-save delay (1 s): the tab is clean again, and still nothing asks or complains.
        await page.waitForTimeout(3000);
        await page.locator('.tab.dirty', { hasText: 'web-firewall.jsonc' }).waitFor({ state: 'detached', timeout: 20_000 });
        assert.equal(await ui.quickInput(page).isVisible(), false, 'no question');
        assert.equal(await page.locator('.notifications-toasts').getByText(/Failed to save|Unable to write|FileSystemError/).count(), 0, 'no save error');
      });
    }
    assert.equal((await mutations()).length, before, 'auto-save sent nothing to the service');
    await suite.session.steps.step('Ctrl+S asks first, with "Show Changes" active and Apply named in the words; Escape sends nothing', 45_000, async (page) => {
      await page.keyboard.press('ControlOrMeta+S');
      const complaint = page.locator('.notifications-toasts .notification-list-item-message', { hasText: /Not applied|Could not|another account/ });
      await ui.quickInput(page).or(complaint).first().waitFor();
      if (!(await ui.quickInput(page).isVisible())) throw new Error(`no question; shown instead: ${await complaint.first().innerText()}`);
      await ui.confirmation(page, 'Apply these changes to firewall web-firewall on Stacklet Cloud?');
      await ui.quickInput(page).getByText('Add inbound rule: TCP 84 from 0.0.0.0/0').waitFor();
      assert.equal((await ui.activeQuickInputRow(page).innerText()).trim(), 'Show Changes', 'the safe choice is the default');
      await ui.quickInput(page).getByText('Choose Apply to send this to Stacklet Cloud now. Show Changes, the first choice, compares first; nothing is sent until you choose Apply.').waitFor();
      await page.keyboard.press('Escape');
      await ui.quickInput(page).waitFor({ state: 'hidden' });
    });
    await suite.session.steps.step('the draft survives a window reload', 90_000, async (page) => {
      await page.reload();
      await page.locator('.monaco-workbench').waitFor();
      await ui.openStackletContainer(page);
      await ui.expandPane(page, 'Networking');
      await ui.viewRow(page, 'Networking', 'web-firewall').waitFor();
      await ui.runCommand(page, 'View: Close All Editors');
      await ui.contextMenu(page, ui.viewRow(page, 'Networking', 'web-firewall'), 'Edit Firewall Rules');
      await ui.activeEditor(page).getByText('"port":84').first().waitFor();
      await ui.toast(page, 'This is your draft of firewall web-firewall').first().waitFor();
    });
    assert.equal((await mutations()).length, before, 'nothing was sent');
  });

  it('a refused save shows why until the fixed document is saved: then the success is told and the refusal is gone', async () => {
    const { firewalls } = await service<{ firewalls: { name: string; inbound_rules: { address: string; port: number | null; protocol: string | null }[] }[] }>('/v1/firewalls');
    const firewall = firewalls.find((f) => f.name === 'web-firewall')!;
    const text = (port: number) => JSON.stringify({
      name: 'web-firewall',
      inbound_rules: [...firewall.inbound_rules.map((r) => ({ address: r.address, ...(r.port !== null ? { port: r.port } : {}), ...(r.protocol ? { protocol: r.protocol } : {}) })), { address: '0.0.0.0/0', port, protocol: 'tcp' }],
      outbound_rules: [{ address: '0.0.0.0/0' }],
    });
    const refusal = (page: Parameters<typeof ui.statusBarText>[0]) => ui.statusBarText(page, 'web-firewall.jsonc not applied: line');
    const notApplied = (page: Parameters<typeof ui.statusBarText>[0]) => page.locator('.notifications-toasts .notification-list-item-message', { hasText: /^Not applied:/ });
    await suite.session.steps.step('type port 99999 and save: the refusal says why, in the status bar', 45_000, async (page) => {
      await ui.replaceEditorText(page, text(99999));
      await page.keyboard.press('ControlOrMeta+S');
      await refusal(page).waitFor();
      await refusal(page).hover();
      await page.locator('.monaco-hover, .workbench-hover', { hasText: /Not applied: the document has a problem on line \d+: .*65535/ }).first().waitFor();
      assert.equal(await ui.quickInput(page).isVisible(), false, 'nothing is asked');
    });
    await suite.session.steps.step('fix the port and save: applied, and the refusal no longer stands', 60_000, async (page) => {
      await ui.replaceEditorText(page, text(8443));
      await page.keyboard.press('ControlOrMeta+S');
      await ui.confirmation(page, 'Apply these changes to firewall web-firewall on Stacklet Cloud?');
      await ui.quickInput(page).getByText('Add inbound rule: TCP 8443 from 0.0.0.0/0').waitFor();
      await ui.confirmationChoice(page, 'Apply').click();
      await ui.quickInput(page).waitFor({ state: 'hidden' });
      await ui.toast(page, 'Applied to firewall web-firewall').first().waitFor();
      await refusal(page).waitFor({ state: 'detached' });
      assert.equal(await notApplied(page).count(), 0, 'no error toast stands above the success');
    });
  });

  it('adds a rule to a load balancer by editing its document; the Networking view shows the rule', async () => {
    const { load_balancers } = await service<{ load_balancers: { name: string; uuid: string }[] }>('/v1/load_balancers');
    const lb = load_balancers.find((l) => l.name === 'web-lb')!;
    await suite.session.steps.step('open the load balancer\'s document from its context menu', 45_000, async (page) => {
      await ui.contextMenu(page, ui.viewRow(page, 'Networking', 'web-lb'), 'Edit Load Balancer');
      await page.locator('.tab', { hasText: 'web-lb.jsonc' }).first().waitFor();
      await ui.activeEditor(page).getByText('"source_port"').first().waitFor();
    });
    const { load_balancer: current } = await service<{ load_balancer: Record<string, unknown> & { rules: unknown[] } }>(`/v1/load_balancers/${lb.uuid}`);
    const edited = {
      name: current['name'],
      algorithm: current['algorithm'],
      rules: [...current.rules, { protocol: 'tcp', source_port: 9000, target_port: 9000 }],
      health: current['health'],
    };
    await suite.session.steps.step('add a rule, save, and apply', 45_000, async (page) => {
      await ui.replaceEditorText(page, JSON.stringify(edited));
      await page.keyboard.press('ControlOrMeta+S');
      await ui.confirmation(page, /^Apply these changes to load balancer web-lb/);
      await ui.quickInput(page).getByText('Add rule: TCP 9000 → 9000').waitFor();
      await ui.confirmationChoice(page, 'Apply').click();
      await ui.quickInput(page).waitFor({ state: 'hidden' });
      await ui.toast(page, 'Applied to load balancer web-lb').first().waitFor();
    });
    await suite.session.steps.step('see the rule under web-lb in the Networking view', 45_000, async (page) => {
      // Room for the rows: the panes above take most of the side bar.
      for (const pane of ['Stacklets', 'Volumes', 'Userdata', 'Containers', 'Kubernetes', 'Snapshots', 'Account']) await ui.collapsePane(page, pane);
      const row = ui.viewRow(page, 'Networking', 'web-lb');
      if ((await row.getAttribute('aria-expanded')) !== 'true') await row.click();
      await ui.viewRow(page, 'Networking', 'TCP 9000 → 9000').waitFor();
    });
    await suite.session.steps.step('the Problems panel has nothing about the document (its schema loads)', 30_000, async (page) => {
      await page.keyboard.press('ControlOrMeta+Shift+M');
      await page.locator('.markers-panel').waitFor();
      await page.waitForTimeout(1000);
      const problems = await page.locator('.markers-panel').innerText();
      assert.ok(!problems.includes('web-lb.jsonc'), problems);
    });
    const sent = (await mutations()).filter((r) => r.path.startsWith('/v1/load_balancers/'));
    assert.deepEqual(sent.map((r) => `${r.method} ${r.path}`), ['POST /v1/load_balancers/:uuid/rules']);
  });

  it('creates a userdata script as a document and sees it listed', async () => {
    await suite.session.steps.step('New Userdata Script from the Userdata view', 45_000, async (page) => {
      await ui.expandPane(page, 'Userdata');
      await ui.clickPaneAction(page, 'Userdata', 'New Userdata Script');
      await page.locator('.tab', { hasText: /new-script-\d+\.sh/ }).first().waitFor();
    });
    await suite.session.steps.step('type the script, save, create, and see it listed', 60_000, async (page) => {
      await ui.replaceEditorText(page, '#: name: e2e-script\n#!/bin/bash\necho "created in the browser"\n');
      await page.keyboard.press('ControlOrMeta+S');
      await ui.confirmation(page, 'Create userdata script e2e-script on Stacklet Cloud?');
      await ui.confirmationChoice(page, 'Create').click();
      await ui.quickInput(page).waitFor({ state: 'hidden' });
      await ui.viewRow(page, 'Userdata', 'e2e-script').waitFor();
    });
    const { userdata } = await service<{ userdata: { name: string; userdata: string }[] }>('/v1/userdata');
    assert.equal(userdata.find((u) => u.name === 'e2e-script')?.userdata, '#!/bin/bash\necho "created in the browser"\n');
  });
});
