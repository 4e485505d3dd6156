// Which escape works where, checked in the real VS Code 1.139 (code-server) in Chromium: a test-only extension
// (escapeProbe/extension.ts) shows the name `zz [Open Settings](command:…) $(zap)` as it comes and through
// literalText, in a notification, the status bar and a quick pick. As it comes, the notification holds a link
// element and the others a codicon (so the check can fail); through literalText, none does, and the text reads
// the same. Installed beside ours, it also checks that activate() hands another extension nothing.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { startE2eSession, VSIX_PATH, type E2eSession } from '../harness/workbench';
import { packageProbe } from './probeExtension';
import * as ui from './ui';

const HOSTILE_SHOWN = 'zz [Open Settings](command:workbench.action.openSettings) $(zap)';

/** The probe, bundled with the real escaper. */
const ESCAPE_PROBE = {
  name: 'escape-probe',
  entry: 'test/e2e/escapeProbe/extension.ts',
  commands: [{ command: 'escapeProbe.pick', title: 'Escape Probe: Pick' }],
  about: 'Test-only probe of how VS Code renders service text.',
};

/** Links and codicons inside `locator`'s first match, and its text without invisible joiners. */
async function rendered(page: Page, selector: string, tag: string) {
  const element = page.locator(selector, { hasText: `probe-${tag}` }).first();
  await element.waitFor();
  return element.evaluate((node) => ({
    links: node.querySelectorAll('a').length,
    icons: node.querySelectorAll('.codicon-zap').length,
    text: (node.textContent ?? '').replace(/\u2060/g, ''),
  }));
}

describe('Service text in the workbench', function () {
  let session: E2eSession;
  let probeDir: string | undefined;
  beforeEach(function () {
    if (session?.steps.failed) this.skip();
  });
  before(async function () {
    this.timeout(240_000);
    probeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stacklet-escape-probe-'));
    session = await startE2eSession({ kind: 'e2e-service-text', vsix: await packageProbe(probeDir, ESCAPE_PROBE), alsoInstall: [VSIX_PATH] });
  });
  after(async function () {
    this.timeout(90_000);
    await session?.close();
    if (probeDir) fs.rmSync(probeDir, { recursive: true, force: true });
  });

  it('a notification shows a command-link name as text: no link element', () =>
    session.steps.step('notifications: raw has a link, escaped has none', 90_000, async (page) => {
      await ui.openWorkbench(page, session.address);
      const toast = '.notifications-toasts .notification-list-item-message';
      const raw = await rendered(page, toast, 'raw');
      assert.equal(raw.links, 1, 'as it comes, VS Code makes a link of the name (the hazard is real)');
      const esc = await rendered(page, toast, 'esc');
      assert.equal(esc.links, 0, 'through literalText: no link');
      assert.ok(esc.text.includes(`volume ${HOSTILE_SHOWN} was resized`), esc.text);
    }));

  it('the status bar shows $(…) in a name as text: no codicon', () =>
    session.steps.step('status bar: raw has a codicon, escaped has none', 30_000, async (page) => {
      const item = '#workbench\\.parts\\.statusbar .statusbar-item';
      assert.equal((await rendered(page, item, 'raw')).icons, 1);
      const esc = await rendered(page, item, 'esc');
      assert.equal(esc.icons, 0);
      assert.ok(esc.text.includes(HOSTILE_SHOWN), esc.text);
    }));

  it('a quick pick label shows $(…) in a name as text: no codicon', () =>
    session.steps.step('quick pick: raw has a codicon, escaped has none', 60_000, async (page) => {
      await ui.findInCommandPalette(page, 'Escape Probe: Pick');
      await page.keyboard.press('Enter');
      const row = '.quick-input-widget .monaco-list-row';
      assert.equal((await rendered(page, row, 'raw')).icons, 1);
      const esc = await rendered(page, row, 'esc');
      assert.equal(esc.icons, 0);
      assert.ok(esc.text.includes(HOSTILE_SHOWN), esc.text);
      await page.keyboard.press('Escape');
    }));

  it('another extension gets nothing from activate(): no session (and its token), no prompter to answer our questions', () =>
    session.steps.step('another extension asks ours for its exports', 60_000, async (page) => {
      const item = page.locator('#workbench\\.parts\\.statusbar .statusbar-item', { hasText: 'probe-reach' }).first();
      await item.waitFor();
      assert.equal((await item.textContent())?.replace(/\u2060/g, '').trim(), 'probe-reach nothing');
    }));
});
