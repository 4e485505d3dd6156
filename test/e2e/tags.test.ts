// Tags as a user meets them in the browser (issue 23): the Account view's Tags group shows the account's tags,
// and Delete Tag on one asks in a confirmation that names every stacklet carrying it, with Keep first (every
// deletion's confirmation), so Enter keeps the tag and sends nothing.
import * as assert from 'node:assert/strict';
import { accountSuite, e2eToken, mutationsOf } from './accountSession';
import * as ui from './ui';

describe('Tags in the workbench', function () {
  const token = e2eToken();
  const email = 'tags-e2e@stacklet.example';
  const suite = accountSuite('e2e-tags', { token, email });

  const mutations = () => mutationsOf(suite.session, email);

  it('signs in and shows the Tags group of the Account view', () =>
    suite.session.steps.step('sign in, open the Account view', 90_000, async (page) => {
      await ui.openWorkbench(page, suite.session.address);
      await ui.signInThroughWelcome(page, suite.session.emulator.url, token, email);
      // The other views make room: the Account view is the last of the container.
      for (const pane of ['Stacklets', 'Volumes', 'Userdata', 'Containers', 'Networking', 'Kubernetes', 'Snapshots']) await ui.collapsePane(page, pane);
      await ui.expandPane(page, 'Account');
      await ui.viewRow(page, 'Account', 'Tags').waitFor();
      await ui.viewRow(page, 'Account', 'production').getByText('3 resources').waitFor();
    }));

  it('Delete Tag names the stacklets carrying the tag, with Keep first: Enter keeps it', async () => {
    const before = (await mutations()).length;
    await suite.session.steps.step('open Delete Tag… on production and press Enter', 45_000, async (page) => {
      await ui.contextMenu(page, ui.viewRow(page, 'Account', 'production'), 'Delete Tag…');
      await ui.confirmation(page, 'Delete tag production?');
      await ui.quickInput(page).getByText('db-1').waitFor();
      assert.match(await ui.confirmationText(page), /It is taken off the 3 stacklets that carry it: web-1 · web-2 · db-1/);
      await ui.activeQuickInputRow(page).filter({ hasText: 'Keep' }).waitFor();
      await page.keyboard.press('Enter');
      await ui.quickInput(page).waitFor({ state: 'hidden' });
      await ui.viewRow(page, 'Account', 'production').waitFor();
    });
    assert.equal((await mutations()).length, before, 'nothing was sent');
  });
});
