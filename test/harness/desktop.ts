// npm run test:desktop: the same integration suite (out/test/integration/index.js) in a desktop VS Code downloaded by
// @vscode/test-electron, for machines that can reach update.code.visualstudio.com. (These CI machines cannot; they
// run the suite in code-server instead: npm run test:integration.) On Linux without a display: xvfb-run -a npm run test:desktop
//
// Same contract as the code-server runner: the emulator's URL and demo token reach the tests as
// STACKLET_TEST_API_URL / STACKLET_TEST_TOKEN, and the fresh profile's user settings set "stacklet.apiUrl".
import * as path from 'node:path';
import { runTests } from '@vscode/test-electron';
import { EMPTY_EXTENSION_FIXTURE } from './activationBaseline';
import { writeUserSettings } from './codeServer';
import { startEmulatorProcess } from './emulatorProcess';
import { requireBuilt, TESTS_INDEX } from './integrationTier';
import { assertNoLeftovers, findLeftovers, Teardown, withTimeout } from './processes';
import { harnessCacheDir, REPO_ROOT } from './provision';
import { formatResult, parseLastResult } from './results';
import { createRunFolders } from './runFolders';

export async function runDesktopTests(options: { version?: string; timeoutMs?: number } = {}): Promise<number> {
  requireBuilt();
  const run = createRunFolders('desktop');
  const teardown = new Teardown();
  teardown.add('temp folder', async () => run.removeTmp());
  // VS Code is started by runTests (not in a group of ours); everything of it mentions the run's temp folder
  teardown.add('VS Code', async () => {
    for (const p of findLeftovers([], [run.tmp])) {
      try {
        process.kill(p.pid, 'SIGKILL');
      } catch {
        // gone
      }
    }
  });
  // the tests' output goes through our stdout: keep a copy to read the counts line
  let output = '';
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    output += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    return (write as (...a: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof process.stdout.write;
  let exitCode = 1;
  const groups: number[] = [];
  try {
    const emulator = await startEmulatorProcess({ logFile: path.join(run.artifacts, 'emulator.log'), control: true });
    groups.push(emulator.pgid);
    teardown.add('emulator', () => emulator.stop());
    // Remote-SSH's own setting, which Open in Remote Window honours: its tests write there, never to ~/.ssh/config.
    writeUserSettings(run.userDataDir, { 'stacklet.apiUrl': emulator.url, 'remote.SSH.configFile': path.join(run.tmp, 'ssh', 'config') });
    const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
    exitCode = await withTimeout(
      runTests({
        version: options.version ?? process.env.STACKLET_VSCODE_VERSION ?? 'stable',
        cachePath: path.join(harnessCacheDir(), 'vscode-test'),
        // the empty extension beside ours: the baseline of the activation figures (test/integration/activation.ts)
        extensionDevelopmentPath: [REPO_ROOT, EMPTY_EXTENSION_FIXTURE],
        extensionTestsPath: TESTS_INDEX,
        extensionTestsEnv: { STACKLET_TEST_API_URL: emulator.url, STACKLET_TEST_TOKEN: emulator.demoToken },
        launchArgs: [
          run.workspace,
          `--user-data-dir=${run.userDataDir}`,
          `--extensions-dir=${run.extensionsDir}`,
          '--disable-workspace-trust',
          '--skip-welcome',
          '--skip-release-notes',
          '--disable-gpu',
          ...(isRoot ? ['--no-sandbox'] : []),
        ],
      }),
      options.timeoutMs ?? 600_000,
      'the desktop VS Code test run',
    );
  } catch (e) {
    process.stderr.write(`[desktop] ${e instanceof Error ? e.message : String(e)}\n`);
    exitCode = 1;
  } finally {
    process.stdout.write = write;
    for (const problem of await teardown.run()) process.stderr.write(`[desktop] ${problem}\n`);
    try {
      assertNoLeftovers('the desktop run', groups, [run.tmp]);
    } catch (e) {
      process.stderr.write(`[desktop] ${(e as Error).message}\n`);
      exitCode = exitCode || 1;
    }
  }
  const counts = parseLastResult(output);
  console.log(`[desktop] ${counts ? `${counts.passed} passed, ${counts.failed} failed` : 'no results reported'}; VS Code exited with ${exitCode}; logs: ${run.artifacts}`);
  if (counts) console.log(formatResult(counts));
  return counts && counts.passed > 0 && counts.failed === 0 && exitCode === 0 ? 0 : 1;
}

if (require.main === module) {
  runDesktopTests().then(
    (code) => process.exit(code),
    (e: unknown) => {
      console.error(`[desktop] ${e instanceof Error ? e.message : String(e)}`);
      process.exit(1);
    },
  );
}
