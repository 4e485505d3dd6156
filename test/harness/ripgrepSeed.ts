// VS Code up to about 1.10x depends on @vscode/ripgrep, whose install script downloads rg from GitHub's API;
// the machines this project runs on reach the npm registry and Debian only. The script takes a file already in
// its download cache (<TMPDIR>/vscode-ripgrep-cache-<its version>/ripgrep-<release>-<target>.tar.gz) without
// asking, so provisioning puts Debian's rg (package ripgrep) there under that name before the install scripts run.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { HarnessError, runCommand } from './processes';

const DEBIAN_RG = '/usr/bin/rg';

/** The version of @vscode/ripgrep that code-server's VS Code locks, or undefined when it has none (newer builds). */
export function lockedRipgrepVersion(codeServerPackageDir: string): string | undefined {
  const shrinkwrap = path.join(codeServerPackageDir, 'lib', 'vscode', 'npm-shrinkwrap.json');
  if (!fs.existsSync(shrinkwrap)) return undefined;
  const lock = JSON.parse(fs.readFileSync(shrinkwrap, 'utf8')) as { packages?: Record<string, { version?: string }> };
  return lock.packages?.['node_modules/@vscode/ripgrep']?.version;
}

/** The target name the script asks for on this machine (lib/postinstall.js getTarget()). */
function ripgrepTarget(): string {
  if (os.platform() !== 'linux') throw new HarnessError(`seeding ripgrep is written for Linux, not ${os.platform()}`);
  const target = { x64: 'x86_64-unknown-linux-musl', arm64: 'aarch64-unknown-linux-musl' }[os.arch() as string];
  if (!target) throw new HarnessError(`seeding ripgrep: no target for the architecture ${os.arch()}`);
  return target;
}

/**
 * Writes the cache file @vscode/ripgrep@`version` looks for under `tmpdir` (the TMPDIR of the install), reading
 * the release it asks for from its own install script, fetched from the npm registry into `workDir`.
 */
export async function seedRipgrepCache(version: string, tmpdir: string, workDir: string, env: NodeJS.ProcessEnv): Promise<string> {
  if (!fs.existsSync(DEBIAN_RG)) throw new HarnessError(`${DEBIAN_RG} not found: install the Debian package ripgrep`);
  fs.mkdirSync(workDir, { recursive: true });
  const pack = await runCommand('npm', ['pack', `@vscode/ripgrep@${version}`], { cwd: workDir, env, timeoutMs: 120_000 });
  const tarball = `vscode-ripgrep-${version}.tgz`;
  if (pack.code !== 0 || !fs.existsSync(path.join(workDir, tarball))) throw new HarnessError(`npm pack @vscode/ripgrep@${version} failed:\n${pack.output.trim()}`);
  const untar = await runCommand('tar', ['xzf', tarball, 'package/lib/postinstall.js'], { cwd: workDir, timeoutMs: 60_000 });
  if (untar.code !== 0) throw new HarnessError(`unpacking ${tarball} failed:\n${untar.output.trim()}`);
  const script = fs.readFileSync(path.join(workDir, 'package', 'lib', 'postinstall.js'), 'utf8');
  const release = /const VERSION = '(v[^']+)'/.exec(script)?.[1];
  if (!release) throw new HarnessError(`@vscode/ripgrep@${version}: no release named in lib/postinstall.js`);

  const cacheDir = path.join(tmpdir, `vscode-ripgrep-cache-${version}`);
  const asset = path.join(cacheDir, `ripgrep-${release}-${ripgrepTarget()}.tar.gz`);
  const stage = path.join(workDir, 'rg');
  fs.mkdirSync(stage, { recursive: true });
  fs.mkdirSync(cacheDir, { recursive: true });
  fs.copyFileSync(DEBIAN_RG, path.join(stage, 'rg'));
  fs.chmodSync(path.join(stage, 'rg'), 0o755);
  const tar = await runCommand('tar', ['czf', asset, '-C', stage, 'rg'], { timeoutMs: 60_000 });
  if (tar.code !== 0) throw new HarnessError(`writing ${asset} failed:\n${tar.output.trim()}`);
  return asset;
}
