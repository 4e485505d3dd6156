// The emulator inside VS Code as a user meets it (issue 33): Try the Local Emulator with no npm start around;
// an open View Properties document follows a power off; a volume created there is still there after a window
// reload (its world was kept in the extension's storage); Stacklet: Reset Local Emulator asks, then brings the
// demo data back.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { waitFor } from '../harness/processes';
import { workbenchSuite } from './accountSession';
import * as ui from './ui';

/** The kept world's file under the run's user data (the extension's global storage), if written. */
function keptWorld(userDataDir: string): string | undefined {
  const found = (dir: string): string | undefined => {
    for (const entry of fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }) : []) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        const inner = found(full);
        if (inner) return inner;
      } else if (entry.name === 'emulator-world.json') return full;
    }
    return undefined;
  };
  const file = found(path.join(userDataDir, 'User', 'globalStorage'));
  return file && fs.readFileSync(file, 'utf8');
}

describe('The emulator inside VS Code keeps its world', function () {
  const suite = workbenchSuite({ kind: 'e2e-emulator-world' });

  it('tries the local emulator inside VS Code', () =>
    suite.session.steps.step('try the local emulator from the welcome view', 90_000, async (page) => {
      await ui.openWorkbench(page, suite.session.address);
      await ui.openStackletContainer(page);
      await ui.welcomeButton(page, 'Try the Local Emulator').first().click();
      await ui.toast(page, 'Exploring the local Stacklet emulator: demo data').first().waitFor();
      await ui.viewRow(page, 'Stacklets', 'web-1').waitFor();
    }));

  it('View Properties follows the stacklet: powered off, the open document says "off"', () =>
    suite.session.steps.step('view properties of web-1, power it off, read the document', 90_000, async (page) => {
      await ui.contextMenu(page, ui.viewRow(page, 'Stacklets', 'web-1'), 'View Properties');
      await page.locator('.tabs-container .tab', { hasText: 'web-1.json' }).waitFor();
      const lines = page.locator('.editor-instance .view-lines');
      await lines.getByText('"name": "web-1"').first().waitFor();
      // The status is below the fold: find it, so that the editor shows its line.
      await lines.click();
      await page.keyboard.press('ControlOrMeta+F');
      await page.keyboard.type('"status"');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Escape');
      await lines.getByText('"status": "active"').first().waitFor();
      await ui.contextMenu(page, ui.viewRow(page, 'Stacklets', 'web-1'), 'Power Off…');
      await ui.confirmation(page, 'Power off web-1?');
      await ui.confirmationChoice(page, 'Power Off').click();
      await ui.quickInput(page).waitFor({ state: 'hidden' });
      await lines.getByText('"status": "off"').first().waitFor({ timeout: 60_000 });
    }));

  it('creates a volume, and it is still there after a window reload', async () => {
    await suite.session.steps.step('Create Volume on web-2 from the Command Palette', 90_000, async (page) => {
      // Not ui.runCommand: the command opens its own quick pick at once, so the widget never hides.
      await ui.findInCommandPalette(page, 'Stacklet: Create Volume');
      await page.keyboard.press('Enter');
      const input = ui.quickInput(page).locator('input');
      await ui.quickInput(page).getByText('Create Volume: Stacklet').waitFor();
      await input.fill('web-2');
      await ui.activeQuickInputRow(page).filter({ hasText: 'web-2' }).waitFor();
      await page.keyboard.press('Enter');
      await ui.quickInput(page).getByText('Create Volume: Name').waitFor();
      await input.fill('kept-data');
      await page.keyboard.press('Enter');
      await ui.quickInput(page).getByText('Create Volume: Size').waitFor();
      await input.fill('10');
      await page.keyboard.press('Enter');
      // The review: Back is what Enter picks; Create is chosen.
      await ui.confirmation(page, 'Create volume kept-data (10 GB) on web-2?');
      await ui.confirmationChoice(page, 'Create').click();
      await ui.expandPane(page, 'Volumes');
      await ui.viewRow(page, 'Volumes', 'kept-data').waitFor();
    });
    // Kept a moment after the change, once its create task has ended.
    await waitFor('the kept world holds the volume', 60_000, async () => keptWorld(suite.session.run.userDataDir)?.includes('"kept-data"') || undefined, 250);
    await suite.session.steps.step('reload the window: the volume is still listed', 120_000, async (page) => {
      await page.reload();
      await page.locator('.monaco-workbench').waitFor();
      await ui.openStackletContainer(page);
      await ui.expandPane(page, 'Volumes');
      await ui.viewRow(page, 'Volumes', 'kept-data').waitFor({ timeout: 60_000 });
      await ui.viewRow(page, 'Volumes', 'scratch').waitFor();
    });
  });

  it('Stacklet: Reset Local Emulator asks, then brings the demo data back', () =>
    suite.session.steps.step('reset the local emulator from the Command Palette', 90_000, async (page) => {
      // Not ui.runCommand: the confirmation takes the palette's place, so the palette never closes.
      await ui.findInCommandPalette(page, 'Stacklet: Reset Local Emulator');
      await page.keyboard.press('Enter');
      await ui.confirmation(page, 'Reset the local emulator to its demo data?');
      // The reversible answer is the default: Keep is the active row, Reset comes after it.
      await ui.activeQuickInputRow(page).filter({ hasText: 'Keep' }).waitFor();
      await ui.confirmationChoice(page, 'Reset').click();
      await ui.quickInput(page).waitFor({ state: 'hidden' });
      await ui.toast(page, 'The local emulator has its demo data again.').first().waitFor();
      await ui.viewRow(page, 'Volumes', 'kept-data').waitFor({ state: 'detached', timeout: 30_000 });
      await ui.viewRow(page, 'Volumes', 'scratch').waitFor();
      assert.equal(keptWorld(suite.session.run.userDataDir)?.includes('"kept-data"') ?? false, false, 'the kept world no longer holds the volume');
    }));
});
