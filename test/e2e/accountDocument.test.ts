// The account as a document as a person meets it in the browser (issue 48): Open Account as Document from the
// palette; its top CodeLens says it matches; the text edited with Find and the keyboard (web-1 resized, a rule added
// to web-firewall, a volume added on web-2, one snapshot removed under "prune"); saved, the CodeLenses and the Plan
// view show the steps with their monthly change; Apply (offered by the top CodeLens, run from the palette) asks
// once with every step and has the snapshot's deletion typed; then the emulator, asked over HTTP, has every change
// and nothing else, and the top CodeLens says it matches again.
import * as assert from 'node:assert/strict';
import { accountSuite, asAccount, e2eToken, mutationsOf, signInStep } from './accountSession';
import * as ui from './ui';

describe('The account as a document in the workbench', function () {
  const account = { token: e2eToken(), email: 'account-document@stacklet.example' };
  const suite = accountSuite('e2e-account-document', account, { taskMs: 2000 });
  const service = <T>(path: string) => asAccount<T>(suite.session, account.token, 'GET', path);
  const stepsAgainst = (count: number) => `${count} steps against ${account.email}`;
  /** The snapshot removed: the demo account has two, and nothing refers to either. */
  const snapshot = 'web-1 before upgrade';
  const typed = `delete snapshot ${snapshot}`;
  const resize = /^will change stacklet web-1: size b-1vcpu-2gb → b-2vcpu-4gb, \+\$\d+\.\d\d\/mo$/;
  const ruleAdded = 'change firewall web-firewall: inbound_rules 4 rules → 5 rules';
  const total = /^\+\$\d+\.\d\d\/mo \(1 step not estimated\)$/;

  it('signs in', () => signInStep(suite, account));

  it('opens the whole account as a document from the palette: its top says it matches', () =>
    suite.session.steps.step('Open Account as Document, the whole account', 90_000, async (page) => {
      // Not ui.runCommand: the command's own picker takes the palette's place, so the palette never closes.
      await ui.findInCommandPalette(page, 'Stacklet: Open Account as Document…');
      await page.keyboard.press('Enter');
      await ui.quickInput(page).locator('input[placeholder="What should the document hold?"]').waitFor();
      await ui.activeQuickInputRow(page).filter({ hasText: 'The Whole Account' }).waitFor();
      await page.keyboard.press('Enter');
      await page.locator('.tab.active', { hasText: 'stacklet.jsonc' }).waitFor();
      await ui.codeLens(page, new RegExp(`Matches ${account.email} as read at \\d`)).waitFor({ timeout: 60_000 });
    }));

  it('edits it with Find and the keyboard, saves, and sees each step with its cost on its line and in the Plan view', async () => {
    await suite.session.steps.step('edit: resize web-1, add a rule and a volume, prune one snapshot', 90_000, async (page) => {
      await ui.focusEditor(page);
      await ui.findInEditor(page, '"prune": false');
      await ui.replaceSelection(page, '"prune": true');
      await ui.editorLines(page).getByText('"prune": true').waitFor();
      // The stacklets are listed by ID: web-1's size is the first of its kind.
      await ui.findInEditor(page, '"b-1vcpu-2gb"');
      await ui.replaceSelection(page, '"b-2vcpu-4gb"');
      await ui.findInEditor(page, '"inbound_rules": [');
      await page.keyboard.press('End');
      await page.keyboard.insertText('\n{ "address": "0.0.0.0/0", "port": 8443, "protocol": "tcp" },');
      await ui.editorLines(page).getByText('"port": 8443').waitFor();
      await ui.findInEditor(page, '"volumes": [');
      await page.keyboard.press('End');
      await page.keyboard.insertText('\n{ "name": "e2e-logs", "sizeGigabytes": 10, "stacklet": "web-2", "region": "fra" },');
      await ui.editorLines(page).getByText('"e2e-logs"').waitFor();
      // The snapshot's entry, four lines from its "{" to the next entry's: selected with Shift+Down and deleted.
      await ui.findInEditor(page, `"${snapshot}"`);
      for (const key of ['ArrowUp', 'ArrowUp', 'Home']) await page.keyboard.press(key);
      for (let line = 0; line < 4; line++) await page.keyboard.press('Shift+ArrowDown');
      await page.keyboard.press('Delete');
      await ui.editorLines(page).getByText(`"${snapshot}"`).waitFor({ state: 'detached' });
      await ui.editorLines(page).getByText('"db-1 weekly"').waitFor();
    });
    await suite.session.steps.step('save: the top CodeLens counts 4 differences, and each change has its CodeLens', 90_000, async (page) => {
      await page.keyboard.press('ControlOrMeta+S');
      // An untitled document named for its folder saves there without asking; a Save As would show its path.
      await page.locator('.tab.active.dirty', { hasText: 'stacklet.jsonc' }).waitFor({ state: 'detached' });
      await page.keyboard.press('ControlOrMeta+Home');
      await ui.codeLens(page, new RegExp(`4 differences from ${account.email} as read at \\d`)).waitFor({ timeout: 60_000 });
      await ui.findInEditor(page, '"name": "web-1"');
      await ui.codeLens(page, resize).waitFor();
      await ui.findInEditor(page, '"name": "web-firewall"');
      await ui.codeLens(page, `will ${ruleAdded}`).waitFor();
      await ui.findInEditor(page, '"e2e-logs"');
      await ui.codeLens(page, /^will be created$/).waitFor();
    });
    await suite.session.steps.step('the Plan view lists the 4 steps and the monthly change, and nothing else', 60_000, async (page) => {
      await ui.collapsePane(page, 'Stacklets');
      await ui.expandPane(page, 'Plan');
      await ui.viewRow(page, 'Plan', stepsAgainst(4)).getByText(total).waitFor();
      for (const step of ['create volume e2e-logs', 'change stacklet web-1: size b-1vcpu-2gb → b-2vcpu-4gb, +$', ruleAdded, `delete snapshot ${snapshot}`]) {
        await ui.viewRow(page, 'Plan', step).waitFor();
      }
      // Under "prune", whatever else the document lacked would be a step (a deletion) here.
      assert.equal(await ui.pane(page, 'Plan').locator('.monaco-list-row').count(), 5, (await ui.pane(page, 'Plan').locator('.monaco-list-row').allInnerTexts()).join('\n'));
    });
  });

  it('applies: one question lists every step, the snapshot\'s deletion is typed, and the document matches again', async () => {
    await suite.session.steps.step('Apply: one question with every step and the total; Keep is the default', 60_000, async (page) => {
      await ui.focusEditor(page);
      await page.keyboard.press('ControlOrMeta+Home');
      // The top CodeLens offers Apply; the palette's Stacklet: Apply runs it. A click on the lens just after it came
      // into view could reach VS Code before it had drawn the lens's current command ("Actual command not found").
      await ui.codeLens(page, new RegExp(`4 differences from ${account.email}`)).locator('a', { hasText: /^Apply$/ }).waitFor();
      await ui.findInCommandPalette(page, 'Stacklet: Apply');
      await ui.activeQuickInputRow(page).filter({ hasText: 'Stacklet: Apply' }).filter({ hasNotText: 'Stacklet Cloud' }).waitFor();
      await page.keyboard.press('Enter');
      await ui.confirmation(page, `Apply 4 steps to ${account.email}?`);
      const asked = await ui.confirmationText(page);
      for (const line of ['1. create volume e2e-logs', `${typed}`, ruleAdded, 'change stacklet web-1: size b-1vcpu-2gb → b-2vcpu-4gb, +$']) assert.ok(asked.includes(line), `"${line}" in:\n${asked}`);
      assert.match(asked, /Estimated monthly change: \+\$\d+\.\d\d\/mo \(1 step not estimated\)\./);
      assert.equal((await ui.activeQuickInputRow(page).innerText()).trim(), 'Keep', 'the safe choice is the default');
      await ui.confirmationChoice(page, 'Apply').click();
    });
    await suite.session.steps.step('type the snapshot\'s deletion, and wait for the apply to end', 120_000, async (page) => {
      const input = ui.quickInput(page).locator(`input[placeholder="${typed}"]`);
      await input.waitFor();
      await ui.quickInput(page).getByText(`Type "${typed}" to confirm.`).waitFor();
      await page.keyboard.type(typed);
      await page.keyboard.press('Enter');
      await ui.quickInput(page).waitFor({ state: 'hidden' });
      await ui.toast(page, 'Applied 4 of 4 steps.').waitFor({ timeout: 110_000 });
      await page.locator('.notifications-toasts', { hasText: 'Applying 4 steps' }).waitFor({ state: 'detached' });
    });
    await suite.session.steps.step('the top CodeLens says the account matches again', 60_000, async (page) => {
      await ui.focusEditor(page);
      await page.keyboard.press('ControlOrMeta+Home');
      await ui.codeLens(page, new RegExp(`Matches ${account.email} as read at \\d`)).waitFor();
      await ui.viewRow(page, 'Plan', `No changes: ${account.email} matches`).waitFor();
    });
    const { stacklets } = await service<{ stacklets: { name: string; size: { slug: string } }[] }>('/v1/stacklets?per_page=200');
    assert.equal(stacklets.find((s) => s.name === 'web-1')?.size.slug, 'b-2vcpu-4gb');
    assert.equal(stacklets.find((s) => s.name === 'web-2')?.size.slug, 'b-1vcpu-2gb', 'only web-1 was resized');
    const { firewalls } = await service<{ firewalls: { name: string; inbound_rules: { address: string; port: number | string | null; protocol: string | null }[] }[] }>('/v1/firewalls');
    const rules = firewalls.find((f) => f.name === 'web-firewall')!.inbound_rules;
    assert.equal(rules.length, 5);
    assert.ok(rules.some((r) => r.address === '0.0.0.0/0' && String(r.port) === '8443' && r.protocol === 'tcp'), JSON.stringify(rules));
    const { volumes } = await service<{ volumes: { name: string; size_gigabytes: number; stacklet: { name?: string } | null }[] }>('/v1/volumes?per_page=200');
    const created = volumes.find((v) => v.name === 'e2e-logs');
    assert.equal(created?.size_gigabytes, 10);
    assert.equal(created?.stacklet?.name, 'web-2', 'attached to web-2');
    const { snapshots } = await service<{ snapshots: { name: string }[] }>('/v1/snapshots?per_page=200');
    assert.deepEqual(snapshots.map((s) => s.name), ['db-1 weekly'], 'only the removed snapshot is gone');
    const sent = (await mutationsOf(suite.session, account.email)).map((r) => `${r.method} ${r.path}`).sort();
    // One request a step (the volume is made on web-2, attached): nothing else was sent, nothing else deleted.
    assert.deepEqual(sent, ['DELETE /v1/snapshots/:id', 'POST /v1/firewalls/:uuid/rules', 'POST /v1/stacklets/:id', 'POST /v1/volumes']);
  });
});
