// Enter on a single Power Off's confirmation keeps the stacklet running (Cancel is its default). Nothing lost
// across a window reload: a power-off confirmed from the context menu shows in the status bar, with no check
// mark while its task runs; the
// page is reloaded while the task runs; the reloaded window follows the same task from its workspace state (the
// status bar shows it again, the task ends and says so, the service holds the stacklet off) and the power-off
// was sent exactly once.
import * as assert from 'node:assert/strict';
import { accountSuite, e2eToken, emulatorControl, signInStep } from './accountSession';
import * as ui from './ui';

describe('Reliability in the workbench: a running task survives a window reload', function () {
  const token = e2eToken();
  const email = 'reload@stacklet.example';
  // The task is held open through the emulator's control endpoint while the window reloads, then released:
  // however slow the machine, it is still running when the reloaded window looks.
  const suite = accountSuite('e2e-reliability', { token, email }, { taskMs: 3_000 });

  const actionsSent = async (): Promise<number> =>
    (await emulatorControl<{ requests: { method: string; path: string; account?: string }[] }>(suite.session, '/requests?limit=500')).requests.filter(
      (r) => r.account === email && r.method === 'POST' && r.path === '/v1/stacklets/:id',
    ).length;

  async function web1(): Promise<{ status: string; task: unknown }> {
    const response = await fetch(`${suite.session.emulator.url}/v1/stacklets?per_page=200`, { headers: { authorization: `Token ${token}` } });
    const { stacklets } = (await response.json()) as { stacklets: { name: string; status: string; task: unknown }[] };
    return stacklets.find((s) => s.name === 'web-1')!;
  }

  it('signs in', () => signInStep(suite, { token, email }));

  it('Enter on "Power off web-1?" keeps it running: Keep, the word every confirmation uses, is the default, and nothing is sent', async () => {
    await suite.session.steps.step('open Power Off… on web-1 and press Enter', 60_000, async (page) => {
      await ui.contextMenu(page, ui.viewRow(page, 'Stacklets', 'web-1'), 'Power Off…');
      await ui.confirmation(page, 'Power off web-1?');
      // One word for doing nothing, as a selection's Power Off and Reset Local Emulator say it (issue 45, item 4).
      const text = await ui.confirmationText(page);
      // the choices are the only rows; the explanation reads whole under the input, as no choice
      assert.deepEqual(text.split('\n').slice(0, -1), ['Keep', 'Power Off']);
      assert.match(text.split('\n').at(-1)!, /web-1 stops, like pulling its power cord: running programs are not shut down cleanly\. It stays off until powered on again\./);
      assert.equal(await ui.confirmationDetail(page).evaluate((box) => box.scrollWidth <= box.clientWidth), true, 'the explanation wraps, uncut');
      await ui.activeQuickInputRow(page).filter({ hasText: 'Keep' }).waitFor();
      await page.keyboard.press('Enter');
      await ui.quickInput(page).waitFor({ state: 'hidden' });
    });
    assert.equal(await actionsSent(), 0, 'Enter sent nothing');
    assert.equal((await web1()).status, 'active');
  });

  it('powers web-1 off from its context menu, confirmed, and sees the task in the status bar', async () => {
    await emulatorControl(suite.session, '/config', { holdTasks: true });
    await suite.session.steps.step('power off web-1', 60_000, async (page) => {
      await ui.contextMenu(page, ui.viewRow(page, 'Stacklets', 'web-1'), 'Power Off…');
      await ui.confirmation(page, 'Power off web-1?');
      await ui.confirmationChoice(page, 'Power Off').click();
      await ui.quickInput(page).waitFor({ state: 'hidden' });
      await ui.statusBarText(page, 'stacklet is powering off').waitFor();
      // What was sent is said beside the running task, with no mark of completion: the task has not ended.
      const sent = page.locator('#workbench\\.parts\\.statusbar .statusbar-item', { hasText: 'Powering off web-1.' });
      await sent.waitFor();
      assert.equal(await sent.locator('.codicon-check').count(), 0, 'no check mark on a task still running');
      assert.doesNotMatch(await sent.innerText(), /✓/);
    });
  });

  it('reloads the window while the task runs, and the reloaded window shows the task again', async () => {
    assert.equal(await actionsSent(), 1);
    assert.ok((await web1()).task, 'the task still runs at the service');
    await suite.session.steps.step('reload the window', 90_000, async (page) => {
      await page.reload();
      await page.locator('.monaco-workbench').waitFor();
      await page.locator('#workbench\\.parts\\.statusbar').waitFor();
      await ui.openStackletContainer(page);
      await ui.viewRow(page, 'Stacklets', 'web-1').waitFor();
    });
    await suite.session.steps.step('see "stacklet is powering off" in the status bar after the reload', 30_000, async (page) => {
      await ui.statusBarText(page, 'stacklet is powering off').waitFor();
    });
  });

  it('follows the task to its end after the reload; the power-off was sent once', async () => {
    await emulatorControl(suite.session, '/config', { holdTasks: false });
    await suite.session.steps.step('see the task end: the status bar clears and says so', 90_000, async (page) => {
      await ui.statusBarText(page, 'stacklet is powering off').waitFor({ state: 'detached', timeout: 80_000 });
      await ui.toast(page, 'stacklet was powered off').first().waitFor();
    });
    assert.equal((await web1()).status, 'off');
    assert.equal(await actionsSent(), 1, 'the reload sent nothing again');
  });
});
