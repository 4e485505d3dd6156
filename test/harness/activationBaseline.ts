// The empty extension of test/fixtures/empty-extension, packaged and installed beside ours, so that the
// integration tier can time an activation that costs nothing of ours in the same host and run.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { installVsix } from './codeServer';
import { HarnessError, runCommand } from './processes';
import { REPO_ROOT, type ToolPaths } from './provision';

export const EMPTY_EXTENSION_FIXTURE = path.join(REPO_ROOT, 'test', 'fixtures', 'empty-extension');
const VSCE = path.join(REPO_ROOT, 'node_modules', '@vscode', 'vsce', 'vsce');

/**
 * Packages the fixture three times, as `stacklet-test.empty-warmup`, `…empty-before` and `…empty-after`, and
 * installs them: the first extension a host activates pays for what the host does once (100–800 ms here), so the
 * tier activates the warm-up copy first, then times one empty copy before ours and one after.
 */
const EMPTY_COPIES = ['empty-warmup', 'empty-before', 'empty-after'];

export async function installEmptyExtensions(
  paths: ToolPaths,
  options: { tmp: string; userDataDir: string; extensionsDir: string; logFile: string },
): Promise<void> {
  for (const name of EMPTY_COPIES) {
    const folder = path.join(options.tmp, `fixture-${name}`);
    fs.cpSync(EMPTY_EXTENSION_FIXTURE, folder, { recursive: true });
    const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8')) as { name: string };
    fs.writeFileSync(path.join(folder, 'package.json'), JSON.stringify({ ...manifest, name }, null, 2));
    const vsix = path.join(options.tmp, `${name}.vsix`);
    const packaged = await runCommand(process.execPath, [VSCE, 'package', '--no-dependencies', '--allow-missing-repository', '--skip-license', '-o', vsix], {
      cwd: folder,
      timeoutMs: 60_000,
      logFile: options.logFile,
    });
    if (packaged.code !== 0 || !fs.existsSync(vsix)) throw new HarnessError(`packaging the empty extension failed (exit ${packaged.code}):\n${packaged.output.trim().split('\n').slice(-10).join('\n')}`);
    await installVsix(paths, { vsix, userDataDir: options.userDataDir, extensionsDir: options.extensionsDir, logFile: options.logFile });
  }
}
