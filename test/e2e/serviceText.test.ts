// Which escape works where, checked in the real VS Code 1.139 (code-server) in Chromium: a test-only extension
// (escapeProbe/extension.ts) shows the name `zz [Open Settings](command:…) $(zap)` as it comes and through
// literalText, in a notification, the status bar and a quick pick. As it comes, the notification holds a link
// element and the others a codicon (so the check can fail); through literalText, none does, and the text reads
// the same. Installed beside ours, it also checks that activate() hands another extension nothing.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { build } from 'esbuild';
import type { Page } from 'playwright-core';
import { REPO_ROOT } from '../harness/provision';
import { startE2eSession, VSIX_PATH, type E2eSession } from '../harness/workbench';
import * as ui from './ui';

const HOSTILE_SHOWN = 'zz [Open Settings](command:workbench.action.openSettings) $(zap)';

/** Bundles the probe with the real escaper and packages it as a VSIX in `dir`. */
async function packageProbe(dir: string): Promise<string> {
  await build({
    entryPoints: [path.join(REPO_ROOT, 'test', 'e2e', 'escapeProbe', 'extension.ts')],
    bundle: true, platform: 'node', format: 'cjs', external: ['vscode'], outfile: path.join(dir, 'extension.js'), logLevel: 'error',
  });
  const manifest = {
    name: 'escape-probe', publisher: 'stacklet-test', version: '0.0.1', license: 'MIT', engines: { vscode: '^1.100.0' },
    main: './extension.js', activationEvents: ['onStartupFinished'],
    contributes: { commands: [{ command: 'escapeProbe.pick', title: 'Escape Probe: Pick' }] },
  };
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(manifest));
  fs.writeFileSync(path.join(dir, 'README.md'), 'Test-only probe of how VS Code renders service text.\n');
  fs.writeFileSync(path.join(dir, 'LICENSE'), 'MIT\n');
  const vsix = path.join(dir, 'escape-probe.vsix');
  execFileSync(process.execPath, [path.join(REPO_ROOT, 'node_modules', '@vscode', 'vsce', 'vsce'), 'package', '--no-dependencies', '--allow-missing-repository', '-o', vsix], { cwd: dir, stdio: 'pipe' });
  return vsix;
}

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
    session = await startE2eSession({ kind: 'e2e-service-text', vsix: await packageProbe(probeDir), alsoInstall: [VSIX_PATH] });
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
