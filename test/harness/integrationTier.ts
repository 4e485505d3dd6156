// The integration tier: the Mocha suites of test/integration run inside the real VS Code extension host of
// code-server (started with the smoke-test driver), against an emulator this runner starts.
//
// Contract with the tests (the same under `npm run test:desktop`):
//   STACKLET_TEST_API_URL   the emulator's base URL, e.g. http://127.0.0.1:41234 (no /v1)
//   STACKLET_TEST_TOKEN     the emulator's demo token
// code-server passes its environment to the extension host. The user settings of the fresh profile also set
// "stacklet.apiUrl" to the emulator's URL, so the extension itself talks to the emulator; the token is never
// written to disk.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as util from 'node:util';
import { installBaselineExtensions } from './activationBaseline';
import { launchChromium } from './chromium';
import { startCodeServer, writeUserSettings } from './codeServer';
import { startEmulatorProcess } from './emulatorProcess';
import { activationFailures } from './extensionHostLog';
import { assertNoLeftovers, HarnessError, Teardown, withTimeout } from './processes';
import { NEWEST_EDITOR, REPO_ROOT, requireProvisioned, type EditorBuild } from './provision';
import { parseLastResult, type Counts } from './results';
import { createRunFolders } from './runFolders';

export const TESTS_INDEX = path.join(REPO_ROOT, 'out', 'test', 'integration', 'index.js');
export const EXTENSION_MAIN = path.join(REPO_ROOT, 'dist', 'extension.cjs');

/** Marks the test reporter's output in the automation log (an invisible separator, U+2063, and a word). */
const OUTPUT_TAG = '\u2063mocha\u2063';

export interface TierOutcome extends Counts {
  ms: number;
  /** Why the tier failed beyond its failed tests (crash, no result, leftovers); empty when it did not. */
  problems: string[];
  artifacts: string;
}

/** Checks what a run needs before starting anything. */
export function requireBuilt(): void {
  if (!fs.existsSync(EXTENSION_MAIN)) throw new HarnessError(`${path.relative(REPO_ROOT, EXTENSION_MAIN)} not found: run \`npm run build\``);
  if (!fs.existsSync(TESTS_INDEX)) throw new HarnessError(`${path.relative(REPO_ROOT, TESTS_INDEX)} not found: run \`npm run compile\``);
}

export interface IntegrationTierOptions {
  timeoutMs?: number;
  /** Receives the tests' output. */
  write?: (text: string) => void;
  /** The code-server build to run in; the newest by default. */
  editor?: EditorBuild;
  /** Only the tests whose full title matches (a mocha grep); otherwise $STACKLET_TEST_GREP, or all. */
  grep?: string;
  /** Names the run's folders and prefixes its lines ("integration" by default). */
  name?: string;
}

/** Runs the integration suites once. */
export async function runIntegrationTier(options: IntegrationTierOptions = {}): Promise<TierOutcome> {
  const write = options.write ?? ((t: string) => process.stdout.write(t));
  const name = options.name ?? 'integration';
  const editor = options.editor ?? NEWEST_EDITOR;
  const started = Date.now();
  const paths = requireProvisioned(editor);
  requireBuilt();
  const run = createRunFolders(name);
  const teardown = new Teardown();
  teardown.add('temp folder', async () => run.removeTmp());
  const groups: number[] = [];
  const problems: string[] = [];
  let output = '';
  let counts: Counts | undefined;
  try {
    const emulator = await startEmulatorProcess({ logFile: path.join(run.artifacts, 'emulator.log'), control: true });
    groups.push(emulator.pgid);
    teardown.add('emulator', () => emulator.stop());
    write(`[${name}] emulator ${emulator.url}\n`);

    // Remote-SSH's own setting, which Open in Remote Window honours: its tests write there, never to ~/.ssh/config.
    // Auto-save off, desktop VS Code's default: code-server's is after 1 s, and on a slow machine it saved a typed
    // document before the test's own save, which then found nothing to save (the auto-save suite turns it on itself;
    // the e2e tier keeps the browser's default).
    writeUserSettings(run.userDataDir, { 'stacklet.apiUrl': emulator.url, 'remote.SSH.configFile': path.join(run.tmp, 'ssh', 'config'), 'files.autoSave': 'off' });
    // the baseline the activation figures are read against (test/integration/activation.ts)
    await installBaselineExtensions(paths, { tmp: run.tmp, userDataDir: run.userDataDir, extensionsDir: run.extensionsDir, logFile: path.join(run.artifacts, 'install.log') });
    const server = await startCodeServer(paths, {
      userDataDir: run.userDataDir,
      extensionsDir: run.extensionsDir,
      workspace: run.workspace,
      logFile: path.join(run.artifacts, 'code-server.log'),
      smokeTestDriver: true,
      env: {
        STACKLET_TEST_API_URL: emulator.url,
        STACKLET_TEST_TOKEN: emulator.demoToken,
        STACKLET_TEST_OUTPUT_TAG: OUTPUT_TAG,
        ...(options.grep ? { STACKLET_TEST_GREP: options.grep } : {}),
      },
    });
    groups.push(server.pgid);
    teardown.add('code-server', () => server.stop());
    write(`[${name}] code-server ${editor.codeServer} (VS Code ${editor.vscode}) ${server.url} (log: ${server.logFile})\n`);

    const browser = await launchChromium(paths, { profileDir: run.browserProfile });
    if (browser.pgid !== undefined) groups.push(browser.pgid);
    teardown.add('Chromium', () => browser.close());

    const consoleLog = path.join(run.artifacts, 'browser-console.log');
    browser.page.on('console', (m) => fs.appendFileSync(consoleLog, `[${m.type()}] ${m.text()}\n`));
    browser.page.on('pageerror', (e) => fs.appendFileSync(consoleLog, `[pageerror] ${e.message}\n`));
    const exitCode = new Promise<number>((resolve) => {
      void browser.page.exposeFunction('codeAutomationExit', (code: number) => resolve(Number(code)));
    });
    const automationLog = path.join(run.artifacts, 'automation-output.log');
    await browser.page.exposeFunction('codeAutomationLog', (type: string, args: unknown) => {
      const text = util.format(...([] as unknown[]).concat(args));
      fs.appendFileSync(automationLog, `[${type}] ${text}\n`);
      if (!text.startsWith(OUTPUT_TAG)) return; // the workbench's own logging: in the file only
      const line = text.slice(OUTPUT_TAG.length) + '\n';
      output += line;
      write(line);
    });
    // the paths travel in the page URL: the extension host starts only when a window connects
    const host = new URL(server.url).host;
    const url = server.workbenchUrl(run.workspace, [
      ['extensionDevelopmentPath', `vscode-remote://${host}${REPO_ROOT}`],
      ['extensionTestsPath', `vscode-remote://${host}${TESTS_INDEX.replace(/\.js$/, '')}`],
      ['skipWelcome', 'true'],
    ]);
    await browser.page.goto(url, { timeout: 60_000 });
    // The whole tier takes about seven minutes on an idle machine (the doors table runs every action through each
    // of its doors) and took ten on a busy one: twice that before it is called stuck.
    const code = await withTimeout(exitCode, options.timeoutMs ?? 1_200_000, `waiting for the integration tests to finish in the extension host (code-server log: ${server.logFile})`);
    counts = parseLastResult(output);
    if (!counts) problems.push(`the extension host exited with code ${code} without reporting results (see ${automationLog} and ${server.logFile})`);
    else if (code !== 0 && counts.failed === 0) problems.push(`the extension host exited with code ${code} although no test failed`);
    else if (counts.passed + counts.failed === 0) problems.push('no integration test ran');
  } catch (e) {
    problems.push(e instanceof Error ? e.message : String(e));
  } finally {
    // before the teardown removes them, and also when the run broke off: the logs may say why
    try {
      const failures = activationFailures(run.userDataDir, run.artifacts);
      if (failures.length > 0) problems.push(`the extension host logged a failed activation:\n  ${failures.join('\n  ')}`);
    } catch (e) {
      problems.push(`reading the extension host logs: ${e instanceof Error ? e.message : String(e)}`);
    }
    problems.push(...(await teardown.run()));
    try {
      assertNoLeftovers('the integration run', groups, [run.tmp]);
    } catch (e) {
      problems.push((e as Error).message);
    }
  }
  return { passed: counts?.passed ?? 0, failed: counts?.failed ?? 0, pending: counts?.pending ?? 0, ms: Date.now() - started, problems, artifacts: run.artifacts };
}
