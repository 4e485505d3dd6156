// The empty extension of test/fixtures/empty-extension and the shaped one of test/fixtures/shaped-extension,
// packaged and installed beside ours, so that the integration tier can time activations that cost nothing of
// ours in the same host and run.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { installVsix } from './codeServer';
import { HarnessError, runCommand } from './processes';
import { REPO_ROOT, type ToolPaths } from './provision';
import { SHAPED_EXTENSION_FIXTURE, shapedFixtureContent } from './shapedFixture';

export const EMPTY_EXTENSION_FIXTURE = path.join(REPO_ROOT, 'test', 'fixtures', 'empty-extension');
const VSCE = path.join(REPO_ROOT, 'node_modules', '@vscode', 'vsce', 'vsce');

/**
 * Packages the fixture three times, as `stacklet-test.empty-warmup`, `…empty-before` and `…empty-after`, and
 * installs them: the first extension a host activates pays for what the host does once (100–800 ms here), so the
 * tier activates the warm-up copy first, then times one empty copy before ours and one after.
 */
const EMPTY_COPIES = ['empty-warmup', 'empty-before', 'empty-after'];

/**
 * The same empty extension as one ES module (`main` an .mjs file): activated after the others, it shows what
 * loading an ES module costs in this host before any of its code, beside the CommonJS copies (ours's entry is
 * CommonJS: esbuild.mjs says why).
 */
const EMPTY_ESM = { name: 'empty-esm', files: { 'extension.mjs': 'export function activate() {\n  return {};\n}\n' }, manifest: { main: './extension.mjs' } };

/**
 * Copies of the shaped extension (Stacklet Cloud's contributions registered with no logic): one timed just before
 * ours and one just after, the floor of activation for an extension of our shape, after a warm-up copy. The first
 * extension to register views, file systems, tools and an authentication provider pays for the host's first use
 * of that code: without the warm-up, the copy before ours took 1.4–1.8× the identical copy after it, and ours,
 * second, was read against the faster. Each contributes its own renamed ids (`shapedWarmup.…`, `shapedBefore.…`,
 * `shapedAfter.…`), so that none collides with ours or another.
 */
export const SHAPED_COPIES = ['shaped-warmup', 'shaped-before', 'shaped-after'];

export async function installBaselineExtensions(
  paths: ToolPaths,
  options: { tmp: string; userDataDir: string; extensionsDir: string; logFile: string },
): Promise<void> {
  const shaped = SHAPED_COPIES.map((name) => ({ fixture: SHAPED_EXTENSION_FIXTURE, name, ...shapedFixtureContent(name.replace(/-(\w)/, (_, c: string) => c.toUpperCase())) }));
  for (const { fixture, ...copy } of [...EMPTY_COPIES.map((name) => ({ fixture: EMPTY_EXTENSION_FIXTURE, name })), { fixture: EMPTY_EXTENSION_FIXTURE, ...EMPTY_ESM }, ...shaped]) {
    const vsix = await packageFixture(fixture, { tmp: options.tmp, logFile: options.logFile, ...copy });
    await installVsix(paths, { vsix, userDataDir: options.userDataDir, extensionsDir: options.extensionsDir, logFile: options.logFile });
  }
}

/**
 * Packages a copy of a fixture extension's folder, named `name`, into `<tmp>/<name>.vsix`; `files` are written
 * into the copy first (data the fixture reads) and `manifest` is laid over its package.json. Returns the VSIX's path.
 */
export async function packageFixture(
  fixture: string,
  options: { tmp: string; name: string; logFile: string; files?: Record<string, string>; manifest?: Record<string, unknown> },
): Promise<string> {
  const folder = path.join(options.tmp, `fixture-${options.name}`);
  fs.cpSync(fixture, folder, { recursive: true });
  const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8')) as { name: string };
  fs.writeFileSync(path.join(folder, 'package.json'), JSON.stringify({ ...manifest, ...options.manifest, name: options.name }, null, 2));
  for (const [file, text] of Object.entries(options.files ?? {})) {
    fs.mkdirSync(path.dirname(path.join(folder, file)), { recursive: true });
    fs.writeFileSync(path.join(folder, file), text);
  }
  const vsix = path.join(options.tmp, `${options.name}.vsix`);
  const packaged = await runCommand(process.execPath, [VSCE, 'package', '--no-dependencies', '--allow-missing-repository', '--skip-license', '-o', vsix], {
    cwd: folder,
    timeoutMs: 60_000,
    logFile: options.logFile,
  });
  if (packaged.code !== 0 || !fs.existsSync(vsix)) throw new HarnessError(`packaging ${path.basename(fixture)} failed (exit ${packaged.code}):\n${packaged.output.trim().split('\n').slice(-10).join('\n')}`);
  return vsix;
}
