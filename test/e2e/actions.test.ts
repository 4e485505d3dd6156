// Actions as a user runs them: a resize from the context menu with its progress in the status bar, and a
// wizard that refuses a bad CIDR inline and sends nothing when the user gives up.
import * as assert from 'node:assert/strict';
import { accountSuite, asAccount, e2eToken, mutationsOf, signInStep } from './accountSession';
import * as ui from './ui';

describe('Actions in the workbench', function () {
  const token = e2eToken();
  const email = 'actions@stacklet.example';
  const suite = accountSuite('e2e-actions', { token, email }, { taskMs: 5000 });

  const mutations = () => mutationsOf(suite.session, email);

  it('signs in', () => signInStep(suite, { token, email }, 'web-2'));

  it('resizes a stacklet from its context menu and follows the task in the status bar', async () => {
    await suite.session.steps.step('pick the new size', 45_000, async (page) => {
      await ui.resizeFromMenu(page, 'web-2', 'b-2vcpu-4gb');
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

  it('shows a volume a co-tenant renamed to a command link literally: its notification holds no link', async () => {
    // Another member of the account renames the volume through the ordinary API.
    const hostile = 'zz [Open Settings](command:workbench.action.openSettings) $(zap)';
    const { volumes } = await asAccount<{ volumes: { id: string; name: string }[] }>(suite.session, token, 'GET', '/v1/volumes');
    const scratch = volumes.find((v) => v.name === 'scratch')!;
    await asAccount(suite.session, token, 'PUT', `/v1/volumes/${scratch.id}`, { action: 'rename', name: hostile });
    // The rename is a task of the service's: wait for it to land before the view is refreshed.
    for (let tries = 0; ; tries++) {
      const { volume } = await asAccount<{ volume: { name: string; task: unknown } }>(suite.session, token, 'GET', `/v1/volumes/${scratch.id}`);
      if (volume.name === hostile && !volume.task) break;
      assert.ok(tries < 100, 'the rename landed within 20 s');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await suite.session.steps.step('refresh the Volumes view: the row shows the name as it is', 45_000, async (page) => {
      await ui.expandPane(page, 'Volumes');
      await ui.clickPaneAction(page, 'Volumes', 'Refresh Volumes');
      await ui.viewRow(page, 'Volumes', 'zz [Open Settings]').waitFor();
    });
    await suite.session.steps.step('resize it: the toast names it in words, with no link and no icon', 60_000, async (page) => {
      await ui.contextMenu(page, ui.viewRow(page, 'Volumes', 'zz [Open Settings]'), 'Resize Volume…');
      await ui.quickInput(page).locator('input').fill('60');
      await page.keyboard.press('Enter');
      const toast = page.locator('.notifications-toasts .notification-toast', { hasText: 'volume was resized' }).first();
      await toast.waitFor({ timeout: 50_000 });
      const message = toast.locator('.notification-list-item-message');
      assert.equal(await message.locator('a').count(), 0, 'no link in the message');
      assert.equal(await message.locator('.codicon').count(), 0, 'no icon from the name');
      const words = (await message.innerText()).replace(/\u2060/g, '');
      assert.ok(words.includes(hostile), `the name reads as the service wrote it: ${words}`);
    });
  });

  it('opens Resize on the current size, and the disk question on No (growing the disk cannot be undone)', async () => {
    const before = (await mutations()).length;
    await suite.session.steps.step('open Resize on web-1: its current size is the active row', 45_000, async (page) => {
      await ui.contextMenu(page, ui.viewRow(page, 'Stacklets', 'web-1'), 'Resize Stacklet…');
      await ui.activeQuickInputRow(page).filter({ hasText: 'current size' }).waitFor();
    });
    await suite.session.steps.step('pick a larger size: the disk question has No active', 30_000, async (page) => {
      await ui.quickInput(page).locator('input').fill('b-4vcpu-8gb');
      await ui.activeQuickInputRow(page).filter({ hasText: 'b-4vcpu-8gb' }).waitFor();
      await page.keyboard.press('Enter');
      await ui.activeQuickInputRow(page).filter({ hasText: /^No/ }).waitFor();
      await page.keyboard.press('Escape');
      await ui.quickInput(page).waitFor({ state: 'hidden' });
    });
    assert.equal((await mutations()).length, before, 'nothing was sent to the service');
  });

  it('refuses a typed region the list lacks at that step, instead of offering it', async () => {
    const before = (await mutations()).length;
    await suite.session.steps.step('type "Frankfurtx" at the VPC wizard\'s region: refused in place', 45_000, async (page) => {
      await ui.expandPane(page, 'Networking');
      await ui.clickPaneAction(page, 'Networking', 'Create VPC…');
      await ui.quickInput(page).locator('input').fill('e2e-region');
      await page.keyboard.press('Enter');
      await ui.quickInput(page).getByText('Create VPC: Region').waitFor();
      await ui.quickInput(page).locator('input').fill('Frankfurtx');
      await ui.quickInputRow(page, 'No region offered here is called "Frankfurtx"').first().waitFor();
      await page.keyboard.press('Enter');
      // Still the same step: the refusal is no choice.
      await ui.quickInput(page).getByText('Create VPC: Region').waitFor();
      await ui.quickInput(page).locator('input').fill('Frankfurt');
      await ui.activeQuickInputRow(page).filter({ hasText: 'fra' }).waitFor();
      await page.keyboard.press('Escape');
      await ui.quickInput(page).waitFor({ state: 'hidden' });
    });
    assert.equal((await mutations()).length, before, 'nothing was sent to the service');
  });

  it('reopens a refused create with every answer kept, at the step the service named (Edit and Retry)', async () => {
    await suite.session.steps.step('create a VPC named like an existing one: the service refuses', 60_000, async (page) => {
      await ui.clickPaneAction(page, 'Networking', 'Create VPC…');
      await ui.quickInput(page).locator('input').fill('fra-private');
      await page.keyboard.press('Enter');
      // Typing before the next step shows would type into the step that is closing.
      await ui.quickInput(page).getByText('Create VPC: Region').waitFor();
      await ui.quickInput(page).locator('input').fill('ams');
      // The filter applies after the text: Enter only once ams is the active row.
      await ui.activeQuickInputRow(page).filter({ hasText: 'ams' }).waitFor();
      await page.keyboard.press('Enter');
      await ui.quickInput(page).getByText('Create VPC: IP Range').waitFor();
      await page.keyboard.press('Enter');
      // The review: Back is what Enter picks; Create is chosen.
      await ui.confirmation(page, 'Create VPC fra-private?');
      await ui.confirmationChoice(page, 'Create').click();
      await ui.toast(page, 'Could not create VPC fra-private').first().waitFor();
    });
    await suite.session.steps.step('Edit and Retry: the name step again, with the name given', 45_000, async (page) => {
      await ui.toastButton(page, 'Could not create VPC fra-private', 'Edit and Retry').click();
      await ui.quickInput(page).getByText('Create VPC: Name').waitFor();
      assert.equal(await ui.quickInput(page).locator('input').inputValue(), 'fra-private');
      await ui.quickInput(page).locator('input').fill('e2e-retried');
      await page.keyboard.press('Enter');
      await ui.activeQuickInputRow(page).filter({ hasText: 'ams' }).waitFor();
      await page.keyboard.press('Enter');
      await ui.quickInput(page).getByText('Create VPC: IP Range').waitFor();
      await page.keyboard.press('Enter');
      await ui.confirmation(page, 'Create VPC e2e-retried?');
      await ui.confirmationChoice(page, 'Create').click();
      await ui.statusBarText(page, 'Created VPC e2e-retried').waitFor();
    });
    const creates = (await mutations()).filter((r) => r.method === 'POST' && r.path === '/v1/vpcs');
    assert.deepEqual(creates.map((r) => r.status), [422, 201], 'the refused create, then the retried one');
  });

  it('ends Create Stacklet in a review that reads the monthly cost; Back to the size keeps every other answer; Create sends it', async () => {
    const input = (page: Parameters<typeof ui.quickInput>[0]) => ui.quickInput(page).locator('input');
    /** Waits for the step `title`, types `text` (when given) and takes the active row, or the text typed, with Enter. */
    const answer = async (page: Parameters<typeof ui.quickInput>[0], title: string, text?: string, row?: string) => {
      await ui.quickInput(page).getByText(`Create Stacklet: ${title}`).waitFor();
      if (text !== undefined) await input(page).fill(text);
      // The filter applies after the text: Enter only once the row wanted is the active one.
      if (row !== undefined) await ui.activeQuickInputRow(page).filter({ hasText: row }).waitFor();
      await page.keyboard.press('Enter');
    };
    const rest = async (page: Parameters<typeof ui.quickInput>[0]) => {
      // Each later step keeps its first row (a list) or its text (an input): Enter takes it.
      for (const title of ['Image', 'Tags', 'VPC', 'Firewall', 'Userdata', 'SSH Keys']) await answer(page, title);
      await answer(page, 'Backups', undefined, 'Yes');
    };
    await suite.session.steps.step('answer every step of Create Stacklet: the review says what is made and its monthly cost, Back first', 90_000, async (page) => {
      await ui.clickPaneAction(page, 'Stacklets', 'Create Stacklet…');
      await answer(page, 'Name', 'e2e-reviewed');
      await answer(page, 'How Many');
      await answer(page, 'Region', 'fra', 'fra');
      await answer(page, 'Size', 'b-1vcpu-1gb', 'b-1vcpu-1gb');
      await rest(page);
      await ui.confirmation(page, 'Create stacklet e2e-reviewed?');
      await ui.activeQuickInputRow(page).filter({ hasText: 'Back' }).waitFor();
      const review = await ui.confirmationText(page);
      assert.match(review, /^Back\nCreate\n/, `Back, then Create: ${review}`);
      assert.match(review, /b-1vcpu-1gb in fra, from /);
      assert.match(review, /Backups: automatic\. The service names no price for them/);
      assert.match(review, /Estimated change to the monthly cost: \+\$6\.00\/mo\./, review);
    });
    await suite.session.steps.step('Back to the size, a larger one: the review says the new cost; Create', 90_000, async (page) => {
      await page.keyboard.press('Enter');
      await ui.quickInput(page).locator('input[placeholder^="Back to which step?"]').waitFor();
      await input(page).fill('Size');
      await ui.activeQuickInputRow(page).filter({ hasText: 'b-1vcpu-1gb' }).waitFor();
      await page.keyboard.press('Enter');
      await answer(page, 'Size', 'b-2vcpu-4gb', 'b-2vcpu-4gb');
      await rest(page);
      await ui.confirmation(page, 'Create stacklet e2e-reviewed?');
      const review = await ui.confirmationText(page);
      assert.match(review, /b-2vcpu-4gb in fra, from /);
      assert.match(review, /Estimated change to the monthly cost: \+\$24\.00\/mo\./, review);
      await ui.confirmationChoice(page, 'Create').click();
      await ui.statusBarText(page, 'Creating stacklet e2e-reviewed in fra').waitFor();
    });
    // The next tests read the status bar: the create's task ends first, as the resize's does above.
    await suite.session.steps.step('see the new stacklet created', 60_000, async (page) => {
      await ui.toast(page, 'stacklet was created').first().waitFor({ timeout: 50_000 });
      await ui.statusBarText(page, 'stacklet is creating').waitFor({ state: 'detached', timeout: 50_000 });
      await ui.viewRow(page, 'Stacklets', 'e2e-reviewed').waitFor();
    });
    const creates = (await mutations()).filter((r) => r.method === 'POST' && r.path === '/v1/stacklets');
    assert.equal(creates.length, 1, 'one create reached the service');
    assert.equal((creates[0]!.body as { size?: string }).size, 'b-2vcpu-4gb', 'the size chosen after going back');
  });

  it('refuses an invalid CIDR in the VPC wizard inline, and sends nothing on Escape', async () => {
    const before = (await mutations()).length;
    await suite.session.steps.step('type an invalid CIDR in the VPC wizard', 45_000, async (page) => {
      await ui.expandPane(page, 'Networking');
      await ui.clickPaneAction(page, 'Networking', 'Create VPC…');
      await ui.quickInput(page).locator('input').fill('e2e-vpc');
      await page.keyboard.press('Enter');
      await ui.quickInput(page).getByText('Create VPC: Region').waitFor();
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
      await ui.confirmation(page, 'Create firewall e2e-fw on Stacklet Cloud?');
      await ui.confirmationChoice(page, 'Create').click();
      await ui.quickInput(page).waitFor({ state: 'hidden' });
      await ui.viewRow(page, 'Networking', 'e2e-fw').waitFor();
    });
    const created = (await mutations()).filter((r) => r.method === 'POST' && r.path === '/v1/firewalls');
    assert.equal(created.length, 1, 'one create request reached the service');
    const before = (await mutations()).length;
    await suite.session.steps.step('type port 70000: a squiggle, and a save sends nothing', 45_000, async (page) => {
      await replaceText(page, document(70000));
      await editor(page).locator('.squiggly-error').first().waitFor();
      await page.keyboard.press('ControlOrMeta+S');
      // A refusal stands in the status bar (a notification could not be taken back once the text is fixed).
      await ui.statusBarText(page, 'new-firewall-1.jsonc not applied: line 4').waitFor();
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
