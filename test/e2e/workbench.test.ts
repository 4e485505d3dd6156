// The packaged extension (VSIX) installed in code-server, driven through the UI like a user would.
// Each `it` is one or more named steps of the session's StepRunner: bounded, screenshotted into the run folder.
import * as assert from 'node:assert/strict';
import { startE2eSession, type E2eSession } from '../harness/workbench';
import * as ui from './ui';

describe('Stacklet Cloud in the workbench, installed from the VSIX', function () {
  let session: E2eSession;

  // later steps build on earlier ones: after a failed step, the rest are skipped (reported as pending)
  beforeEach(function () {
    if (session?.steps.failed) this.skip();
  });

  before(async function () {
    this.timeout(240_000);
    session = await startE2eSession({ kind: 'e2e-workbench' });
    console.log(`      workbench ${session.address}\n      artifacts ${session.run.artifacts}`);
  });

  after(async function () {
    this.timeout(90_000);
    await session?.close();
  });

  it('opens the workbench', () => session.steps.step('open the workbench', 90_000, (page) => ui.openWorkbench(page, session.address)));

  it('lists "Stacklet: Show Account" in the command palette', () =>
    session.steps.step('find Stacklet: Show Account in the command palette', 40_000, async (page) => {
      const row = await ui.findInCommandPalette(page, 'Stacklet: Show Account', 30_000);
      assert.match((await row.textContent()) ?? '', /Stacklet: Show Account/);
      // left open, so that the step's screenshot shows it
    }));

  it('shows the extension among the installed extensions', () =>
    session.steps.step('find Stacklet Cloud among the installed extensions', 45_000, async (page) => {
      await ui.closeQuickInput(page);
      await ui.runCommand(page, 'Extensions: Show Installed Extensions');
      const row = ui.installedExtension(page, 'Stacklet Cloud');
      await row.waitFor();
      assert.match((await row.textContent()) ?? '', /Stacklet Cloud/);
    }));
});
