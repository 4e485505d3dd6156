// Deleting as a user does it in the browser: a volume goes only once its name is typed exactly (a wrong name is
// refused inline and Enter sends nothing), and a firewall's confirmation has the choice that keeps it first and
// active, so Enter keeps it; so does a single Power Off's, whose default is Cancel.
import * as assert from 'node:assert/strict';
import { accountSuite, e2eToken, mutationsOf } from './accountSession';
import * as ui from './ui';

describe('Deleting in the workbench', function () {
  const token = e2eToken();
  const email = 'lifecycle@stacklet.example';
  const suite = accountSuite('e2e-lifecycle', { token, email }, { taskMs: 2000 });

  const mutations = () => mutationsOf(suite.session, email);

  it('signs in', () =>
    suite.session.steps.step('sign in', 90_000, async (page) => {
      await ui.openWorkbench(page, suite.session.address);
      await ui.signInThroughWelcome(page, suite.session.emulator.url, token, email);
      await ui.expandPane(page, 'Volumes');
      await ui.viewRow(page, 'Volumes', 'archive').waitFor();
    }));

  it('deletes a volume by typing its name: a wrong name is refused inline and sends nothing', async () => {
    const before = (await mutations()).length;
    await suite.session.steps.step('open Delete Volume… on archive and type a wrong name', 45_000, async (page) => {
      await ui.contextMenu(page, ui.viewRow(page, 'Volumes', 'archive'), 'Delete Volume…');
      await ui.quickInput(page).getByText('Delete Volume archive').waitFor();
      await ui.quickInput(page).getByText(/Type its name, archive, to confirm/).waitFor();
      await ui.quickInput(page).locator('input').fill('Archive');
      await ui.quickInputMessage(page).getByText('Type archive exactly to confirm the deletion').waitFor();
      await page.keyboard.press('Enter');
      await ui.quickInputMessage(page).getByText('Type archive exactly to confirm the deletion').waitFor();
    });
    assert.equal((await mutations()).length, before, 'a wrong name sends nothing');
    await suite.session.steps.step('type the name: the volume leaves the view', 45_000, async (page) => {
      await ui.quickInput(page).locator('input').fill('archive');
      await page.keyboard.press('Enter');
      await ui.quickInput(page).waitFor({ state: 'hidden' });
      await ui.pane(page, 'Volumes').locator('.monaco-list-row', { hasText: 'archive' }).waitFor({ state: 'detached' });
      await ui.viewRow(page, 'Volumes', 'scratch').waitFor();
    });
    const deletes = (await mutations()).filter((r) => r.method === 'DELETE');
    assert.deepEqual(deletes.map((r) => r.path), ['/v1/volumes/:id'], 'one delete reached the service');
  });

  it('asks before deleting a firewall with the choice that keeps it active: Enter keeps it', async () => {
    const before = (await mutations()).length;
    await suite.session.steps.step('open Delete Firewall… and press Enter', 45_000, async (page) => {
      await ui.collapsePane(page, 'Volumes');
      await ui.expandPane(page, 'Networking');
      await ui.contextMenu(page, ui.viewRow(page, 'Networking', 'web-firewall'), 'Delete Firewall…');
      await ui.confirmation(page, 'Delete firewall web-firewall?');
      await ui.activeQuickInputRow(page).filter({ hasText: 'Keep' }).waitFor();
      await page.keyboard.press('Enter');
      await ui.quickInput(page).waitFor({ state: 'hidden' });
      await ui.viewRow(page, 'Networking', 'web-firewall').waitFor();
    });
    assert.equal((await mutations()).length, before, 'nothing was sent');
  });
});
