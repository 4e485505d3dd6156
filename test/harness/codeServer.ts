// code-server (provision.ts names the builds): user settings, installing a VSIX, starting a server in its own process
// group on 127.0.0.1, waiting for it to answer, and stopping the whole group.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { HarnessError, runCommand, spawnGroup, tailFile, waitFor } from './processes';
import { node24Env, type ToolPaths } from './provision';

/** Settings that keep the screen free of welcome pages, AI prompts and telemetry notices. */
export const QUIET_SETTINGS: Record<string, unknown> = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'chat.disableAIFeatures': true,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'security.workspace.trust.enabled': false,
};

/** Writes <userDataDir>/User/settings.json: QUIET_SETTINGS plus `settings`. */
export function writeUserSettings(userDataDir: string, settings: Record<string, unknown>): string {
  const file = path.join(userDataDir, 'User', 'settings.json');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify({ ...QUIET_SETTINGS, ...settings }, null, 2) + '\n');
  return file;
}

function baseArgs(paths: ToolPaths, userDataDir: string, extensionsDir: string): string[] {
  return [paths.codeServerEntry, '--user-data-dir', userDataDir, '--extensions-dir', extensionsDir];
}

/** `code-server --install-extension <vsix>` into the given extensions folder (bounded). */
export async function installVsix(
  paths: ToolPaths,
  options: { vsix: string; userDataDir: string; extensionsDir: string; logFile: string; timeoutMs?: number },
): Promise<void> {
  if (!fs.existsSync(options.vsix)) throw new HarnessError(`VSIX not found: ${options.vsix} (run \`npm run package\`)`);
  const args = [...baseArgs(paths, options.userDataDir, options.extensionsDir), '--install-extension', options.vsix];
  fs.appendFileSync(options.logFile, `$ code-server --install-extension ${options.vsix}\n`);
  const result = await runCommand(paths.nodeBin, args, { env: node24Env(paths), timeoutMs: options.timeoutMs ?? 180_000, logFile: options.logFile });
  if (result.code !== 0 || !/successfully installed/i.test(result.output)) {
    throw new HarnessError(`installing ${path.basename(options.vsix)} into code-server failed (exit ${result.code}):\n${result.output.trim().split('\n').slice(-20).join('\n')}`);
  }
}

export interface CodeServerOptions {
  userDataDir: string;
  extensionsDir: string;
  /** Folder opened by default (the page URL can name another with ?folder=). */
  workspace: string;
  /** All output of the server is appended here. */
  logFile: string;
  /** 0 (default): any free port. */
  port?: number;
  host?: string;
  /**
   * Lets the page URL's `payload` carry extensionDevelopmentPath/extensionTestsPath and exposes the automation
   * hooks; it also hides notification toasts, so end-to-end tests run without it.
   */
  smokeTestDriver?: boolean;
  /** Extra environment; code-server passes its environment on to the extension host. */
  env?: Record<string, string>;
  /**
   * Ask for this password before the workbench opens (`npm start`: any local process can reach 127.0.0.1).
   * It reaches code-server through its environment, never its command line, which other users can read.
   * Without one the server asks for nothing, as the tests need.
   */
  password?: string;
  /** Keep workspace trust on (`npm start`); tests turn it off so that no trust prompt stands in their way. */
  workspaceTrust?: boolean;
  /** Bound on the wait for /healthz; default 60 s. */
  timeoutMs?: number;
  /**
   * Keep the extension gallery (Open VSX) configured. Off by default: tests must not depend on the internet, and
   * without a gallery the workbench stops logging failed marketplace queries.
   */
  gallery?: boolean;
}

export interface CodeServer {
  /** http://127.0.0.1:<port> (no trailing slash). */
  url: string;
  port: number;
  pgid: number;
  logFile: string;
  exited: Promise<number>;
  /** The workbench address for `folder`, with an optional smoke-test payload. */
  workbenchUrl(folder: string, payload?: [string, string][]): string;
  stop(): Promise<void>;
}

const LISTENING = /HTTP server listening on (https?:\/\/[^\s/]+)/;

export async function startCodeServer(paths: ToolPaths, options: CodeServerOptions): Promise<CodeServer> {
  const host = options.host ?? '127.0.0.1';
  const configFile = path.join(path.dirname(options.userDataDir), 'code-server-config.yaml');
  // a config of our own, so that code-server neither reads nor writes ~/.config/code-server/config.yaml
  const auth = options.password ? 'password' : 'none';
  fs.writeFileSync(configFile, `auth: ${auth}\ncert: false\n`);
  const args = [
    ...baseArgs(paths, options.userDataDir, options.extensionsDir),
    '--config', configFile,
    '--auth', auth,
    '--bind-addr', `${host}:${options.port ?? 0}`,
    '--disable-telemetry',
    '--disable-update-check',
    ...(options.workspaceTrust ? [] : ['--disable-workspace-trust']),
    '--disable-getting-started-override',
    ...(options.smokeTestDriver ? paths.editor.smokeTestDriverArgs : []),
    options.workspace,
  ];
  fs.appendFileSync(options.logFile, `$ code-server ${args.slice(1).join(' ')}\n`);
  // VS Code leaves its IPC sockets (vscode-ipc-*.sock, vscode-git-*.sock) in the temp folder when it is killed:
  // give it one inside the run's folder, which goes away with the run. Unix socket paths are limited to 107
  // bytes and those names take 52, hence the short name.
  // (When the run folder's path is too long for that, VS Code keeps the system's temp folder.)
  const tmpdir = path.join(path.dirname(options.userDataDir), 't');
  fs.mkdirSync(tmpdir, { recursive: true });
  const env = node24Env(paths, {
    ...process.env,
    ...(tmpdir.length <= 54 ? { TMPDIR: tmpdir } : {}),
    ...(options.gallery ? {} : { EXTENSIONS_GALLERY: '{}' }),
    ...options.env,
    ...(options.password ? { PASSWORD: options.password } : {}),
  });
  const proc = spawnGroup(paths.nodeBin, args, { env, logFile: options.logFile });
  const timeoutMs = options.timeoutMs ?? 60_000;
  try {
    let exitCode: number | undefined;
    void proc.exited.then((code) => (exitCode = code));
    const origin = await waitFor(`code-server to answer /healthz (log: ${options.logFile})`, timeoutMs, async () => {
      if (exitCode !== undefined) throw new HarnessError(`code-server exited with code ${exitCode} while starting:\n${tailFile(options.logFile, 40)}`);
      return healthyOrigin(options.logFile);
    });
    const port = Number(new URL(origin).port);
    return {
      url: origin,
      port,
      pgid: proc.pgid,
      logFile: options.logFile,
      exited: proc.exited,
      workbenchUrl(folder, payload) {
        const query = [`folder=${encodeURIComponent(folder)}`];
        if (payload) query.push(`payload=${encodeURIComponent(JSON.stringify(payload))}`);
        return `${origin}/?${query.join('&')}`;
      },
      stop: () => proc.stop(5000),
    };
  } catch (e) {
    await proc.stop(2000);
    throw e;
  }
}

/** The address from the log (the port may have been 0) once /healthz answers 200 there; otherwise undefined. */
async function healthyOrigin(logFile: string): Promise<string | undefined> {
  const origin = LISTENING.exec(fs.readFileSync(logFile, 'utf8'))?.[1];
  if (!origin) return undefined;
  try {
    const response = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(2000) });
    return response.ok ? origin : undefined;
  } catch {
    return undefined;
  }
}
