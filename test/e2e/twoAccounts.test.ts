// With two accounts signed in, "Power off web-1?" alone does not say which web-1: the confirmation names the
// account it acts in (its e-mail), and with one account it does not clutter the question.
import * as assert from 'node:assert/strict';
import { accountSuite, e2eToken, emulatorControl, mutationsOf, signInStep } from './accountSession';
import * as ui from './ui';

describe('Two accounts in the workbench: the confirmation names the account', function () {
  const first = { token: e2eToken(), email: 'first@stacklet.example' };
  const second = { token: e2eToken(), email: 'second@stacklet.example' };
  const suite = accountSuite('e2e-two-accounts', first);

  it('signs in to the first account', () => signInStep(suite, first));

  it('with one account, the confirmation names none', async () => {
    await suite.session.steps.step('Power Off… on web-1: no account line', 60_000, async (page) => {
      await ui.contextMenu(page, ui.viewRow(page, 'Stacklets', 'web-1'), 'Power Off…');
      await ui.confirmation(page, 'Power off web-1?');
      assert.doesNotMatch(await ui.confirmationText(page), /Account:/);
      await page.keyboard.press('Escape');
      await ui.quickInput(page).waitFor({ state: 'hidden' });
    });
  });

  it('signs in to a second account, then its confirmation names it, and Escape sends nothing', async () => {
    await emulatorControl(suite.session, '/accounts', { ...second, seed: 'demo' });
    await suite.session.steps.step('sign in to the second account from the palette', 90_000, async (page) => {
      // Not ui.runCommand: the sign-in's input takes the palette's place, so the palette never closes.
      await ui.findInCommandPalette(page, 'Stacklet: Sign In with API Token');
      await page.keyboard.press('Enter');
      await ui.answerSignIn(page, suite.session.emulator.url, second.token, second.email);
      await ui.viewRow(page, 'Stacklets', 'web-1').waitFor();
    });
    await suite.session.steps.step('Power Off… on web-1 names second@stacklet.example', 60_000, async (page) => {
      await ui.contextMenu(page, ui.viewRow(page, 'Stacklets', 'web-1'), 'Power Off…');
      await ui.confirmation(page, 'Power off web-1?');
      const text = await ui.confirmationText(page);
      // Named as the Accounts menu names it: the e-mail, and where (this emulator, with its port).
      assert.ok(text.includes(`Account: second@stacklet.example (local emulator ${new URL(suite.session.emulator.url).host})`), text);
      assert.doesNotMatch(text, /first@stacklet\.example/);
      await page.keyboard.press('Escape');
      await ui.quickInput(page).waitFor({ state: 'hidden' });
    });
    assert.deepEqual(await mutationsOf(suite.session, second.email), [], 'nothing was sent');
  });
});
