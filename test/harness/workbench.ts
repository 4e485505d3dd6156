// The packaged extension in a real workbench against the emulator: what `npm start` serves and what the e2e tests
// drive. code-server runs WITHOUT the smoke-test driver here (that flag hides notification toasts).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { launchChromium, type Browser } from './chromium';
import { installVsix, startCodeServer, writeUserSettings, type CodeServer } from './codeServer';
import { startEmulatorProcess, type EmulatorProcess } from './emulatorProcess';
import { assertNoLeftovers, Teardown } from './processes';
import { REPO_ROOT, requireProvisioned, type ToolPaths } from './provision';
import { createRunFolders, type RunFolders } from './runFolders';
import { StepRunner } from './steps';

/** Where `npm run package` writes the VSIX. */
export const VSIX_PATH = path.join(REPO_ROOT, 'dist', 'stacklet-cloud.vsix');

export interface WorkbenchServer {
  paths: ToolPaths;
  run: RunFolders;
  emulator: EmulatorProcess;
  server: CodeServer;
  /** The workbench address with the run's workspace folder open. */
  address: string;
  /** Process groups started for this workbench (for leftover checks). */
  groups: number[];
  teardown: Teardown;
  /** Stops everything (bounded), removes the temp folder and checks that no process is left; throws if one is. */
  close(): Promise<void>;
}

export interface WorkbenchServerOptions {
  /** Names the run folders. */
  kind: string;
  vsix?: string;
  /** Further VSIX files installed beside it (a probe extension that looks at ours). */
  alsoInstall?: readonly string[];
  /** code-server's port; 0 (default) for any free one. */
  port?: number;
  emulatorPort?: number;
  /** Keep code-server's extension gallery (off in tests; see CodeServerOptions.gallery). */
  gallery?: boolean;
  onEmulatorLine?: (line: string) => void;
  /** The emulator's test-only /_emulator endpoints (default on; `npm start` turns them off). */
  emulatorControl?: boolean;
  /** See CodeServerOptions: `npm start` sets both, the tests neither. */
  password?: string;
  workspaceTrust?: boolean;
  /**
   * Tell the extension host about the emulator (STACKLET_EMULATOR_URL and STACKLET_EMULATOR_TOKEN), so that Try the
   * Local Emulator signs in to it instead of starting one of its own: `npm start` does.
   */
  announceEmulator?: boolean;
  /** More environment for the extension host, given the emulator (a fixture of the bench that talks to it). */
  hostEnv?: (emulator: EmulatorProcess) => Record<string, string>;
  /**
   * Leave VS Code's AI features on (chat, agent mode): `npm start` does, for a person to try agent mode. The tests
   * keep them off (QUIET_SETTINGS), so no chat prompt or sign-in offer covers what they click.
   */
  aiFeatures?: boolean;
  /** More user settings (the profile's settings.json), and the workspace folder's own (.vscode/settings.json). */
  userSettings?: Record<string, unknown>;
  folderSettings?: Record<string, unknown>;
}

/**
 * Emulator + fresh profile whose user settings point "stacklet.apiUrl" at it + the VSIX installed + code-server.
 * On failure, whatever was started is stopped before the error propagates.
 */
export async function startWorkbenchServer(options: WorkbenchServerOptions): Promise<WorkbenchServer> {
  const paths = requireProvisioned();
  const run = createRunFolders(options.kind);
  const teardown = new Teardown();
  teardown.add('temp folder', async () => run.removeTmp());
  const groups: number[] = [];
  try {
    const emulator = await startEmulatorProcess({
      logFile: path.join(run.artifacts, 'emulator.log'),
      port: options.emulatorPort ?? 0,
      control: options.emulatorControl ?? true,
      onLine: options.onEmulatorLine,
    });
    groups.push(emulator.pgid);
    teardown.add('emulator', () => emulator.stop());

    writeUserSettings(run.userDataDir, {
      'stacklet.apiUrl': emulator.url,
      ...(options.workspaceTrust ? { 'security.workspace.trust.enabled': true } : {}),
      ...(options.aiFeatures ? { 'chat.disableAIFeatures': false } : {}),
      ...options.userSettings,
    });
    if (options.folderSettings) {
      fs.mkdirSync(path.join(run.workspace, '.vscode'), { recursive: true });
      fs.writeFileSync(path.join(run.workspace, '.vscode', 'settings.json'), JSON.stringify(options.folderSettings, null, 2) + '\n');
    }
    const logFile = path.join(run.artifacts, 'code-server.log');
    for (const vsix of [options.vsix ?? VSIX_PATH, ...(options.alsoInstall ?? [])]) {
      await installVsix(paths, { vsix, userDataDir: run.userDataDir, extensionsDir: run.extensionsDir, logFile });
    }
    const server = await startCodeServer(paths, {
      userDataDir: run.userDataDir,
      extensionsDir: run.extensionsDir,
      workspace: run.workspace,
      logFile,
      port: options.port ?? 0,
      gallery: options.gallery,
      ...(options.password ? { password: options.password } : {}),
      ...(options.workspaceTrust ? { workspaceTrust: true } : {}),
      env: {
        ...(options.announceEmulator ? { STACKLET_EMULATOR_URL: emulator.url, STACKLET_EMULATOR_TOKEN: emulator.demoToken } : {}),
        ...options.hostEnv?.(emulator),
      },
    });
    groups.push(server.pgid);
    teardown.add('code-server', () => server.stop());
    let closed: Promise<void> | undefined;
    return {
      paths,
      run,
      emulator,
      server,
      address: server.workbenchUrl(run.workspace),
      groups,
      teardown,
      close: () => (closed ??= closeAndCheck(teardown, groups, run.tmp, options.kind)),
    };
  } catch (e) {
    await teardown.run();
    throw e;
  }
}

async function closeAndCheck(teardown: Teardown, groups: number[], tmp: string, kind: string): Promise<void> {
  const errors = await teardown.run();
  try {
    assertNoLeftovers(`the ${kind} run`, groups, [tmp]);
  } catch (e) {
    errors.push((e as Error).message);
  }
  if (errors.length > 0) throw new Error(errors.join('\n'));
}

export interface E2eSession extends WorkbenchServer {
  browser: Browser;
  steps: StepRunner;
}

/** A workbench server plus headless Chromium on its address (not yet opened: the first step does that). */
export async function startE2eSession(options: WorkbenchServerOptions): Promise<E2eSession> {
  const workbench = await startWorkbenchServer(options);
  try {
    const browser = await launchChromium(workbench.paths, { profileDir: workbench.run.browserProfile });
    if (browser.pgid !== undefined) workbench.groups.push(browser.pgid);
    workbench.teardown.add('Chromium', () => browser.close());
    const steps = new StepRunner(browser.page, workbench.run.artifacts, workbench.server.logFile);
    return { ...workbench, browser, steps };
  } catch (e) {
    await workbench.close().catch(() => undefined);
    throw e;
  }
}
