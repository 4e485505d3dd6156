import * as path from 'node:path';
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import * as notify from './ui/notify';
import { DEFAULT_PAGE_CONCURRENCY } from './api/paging';
import { AccountRegistry } from './auth/accountRegistry';
import { StackletAuthProvider } from './auth/authProvider';
import { EmbeddedEmulator } from './emulator/embedded';
import { SessionManager, type SessionState } from './auth/session';
import { networkSettings, onDidChangeNetworkSettings } from './networkSettings';
import { contributedCommands, registerCommands } from './commands/register';
import type { CommandDeps } from './commands/deps';
import type { Prompter } from './ui/prompter';
import { VscodePrompter } from './ui/vscodePrompter';
import { DocumentEditors } from './editors/documentEditors';
import { ActionHistory } from './model/actionHistory';
import { TaskStatusBar } from './tasks/statusBar';
import { TaskNotifications } from './tasks/taskNotifications';
import { TaskTracker } from './tasks/taskTracker';
import { plainLog } from './ui/log';
import { Notifier } from './ui/notifier';
import { ResourceDocuments } from './ui/resourceDocuments';
import { RefreshManager } from './views/refreshManager';
import { WalkthroughProgress } from './ui/walkthroughProgress';
import { DOCUMENT_SCHEMES } from './documents/schemes';
import { ResourceTreeProvider } from './views/resourceTreeProvider';
import { VIEW_IDS, type ViewId } from './views/viewIds';
import { VIEW_SPECS } from './views/viewSpecs';

const STATE_CONTEXT: Record<SessionState['kind'], string> = { 'signed-out': 'signedOut', active: 'active', expired: 'expired' };

/**
 * What activate() returns in ExtensionMode.Test only: the live objects, for the integration tier running in
 * the same extension host. Outside tests it returns nothing, so no other extension can reach the session
 * (and its token) or script our confirmations.
 */
export interface StackletExtensionApi {
  readonly session: SessionManager;
  readonly views: ReadonlyMap<ViewId, ResourceTreeProvider>;
  readonly refresh: RefreshManager;
  readonly emulator: EmbeddedEmulator;
  /** Follows long-running operations (what commands hand their responses' tasks to). */
  readonly tasks: TaskTracker;
  /** The status bar item showing running tasks. */
  readonly taskStatus: TaskStatusBar;
  /** Messages shown about tasks (completed, timed out, checks failing). */
  readonly taskNotifications: TaskNotifications;
  /** Resources as documents: tests wait for an apply that a save started (`settled()`). */
  readonly documentEditors: DocumentEditors;
  /** Replaces how commands ask questions (tests script the answers); returns a function that restores it. */
  setPrompter(prompter: Prompter): () => void;
  /** How long activate() took, in milliseconds (the benchmark and the integration tier report it). */
  readonly activationMs: number;
}

/** Stops what activate() started: deactivate() returns it, so VS Code waits for it. */
let shutdown: (() => Promise<void>) | undefined;

/** Builds the objects, registers them, and returns. No request is made here. */
export function activate(context: vscode.ExtensionContext): StackletExtensionApi | undefined {
  const started = performance.now();
  // The core's words (validators, API errors, document diagnostics) use @vscode/l10n, which has no vscode
  // import: give it the bundle VS Code loaded for the display language (none for English).
  if (vscode.l10n.bundle) l10n.config({ contents: vscode.l10n.bundle });
  const log = plainLog(vscode.window.createOutputChannel('Stacklet Cloud', { log: true }));
  const notifier = new Notifier(log);
  const registry = new AccountRegistry(context.secrets, context.globalState);
  const emulator = new EmbeddedEmulator(path.join(context.extensionPath, 'dist', 'emulator-server.js'));
  const settings = () => {
    const config = vscode.workspace.getConfiguration('stacklet');
    return {
      pageConcurrency: config.get<number>('pageConcurrency', DEFAULT_PAGE_CONCURRENCY),
      allowInsecureHttp: config.get<boolean>('allowInsecureHttp', false),
      requestTimeoutMs: config.get<number>('requestTimeout', 30) * 1000,
      ...networkSettings(),
      onRequest: (e: { method: string; path: string; status?: number; error?: string; ms: number; attempt: number }) =>
        log.info(`${e.method} ${e.path} → ${e.status ?? e.error} ${e.ms} ms${e.attempt > 1 ? ` (attempt ${e.attempt})` : ''}`),
    };
  };
  const session = new SessionManager(registry, settings, () => emulator.ensureStarted());
  const documents = new ResourceDocuments();
  const views = new Map<ViewId, ResourceTreeProvider>();
  for (const id of VIEW_IDS) views.set(id, new ResourceTreeProvider(VIEW_SPECS[id], session, notifier));

  const refresh = new RefreshManager(views, session);
  const walkthrough = new WalkthroughProgress(context.globalState);
  const explored = () => session.state.kind === 'active' && views.get('stacklets')?.view.visible && walkthrough.mark('explored');

  const setState = () => void vscode.commands.executeCommand('setContext', 'stacklet.state', STATE_CONTEXT[session.state.kind]);
  setState();
  let lastState = session.state.kind;
  const sessionSubscription = session.onDidChange((state) => {
    setState();
    if (state.kind === 'expired' && lastState !== 'expired') {
      const signInAgain = vscode.l10n.t('Sign In Again');
      void notify.warning(vscode.l10n.t('Your Stacklet Cloud session for {0} has expired or the token was revoked.', state.account.email), signInAgain)
        .then((choice) => choice === signInAgain && vscode.commands.executeCommand('stacklet.signIn', { apiUrl: state.account.apiUrl }));
    }
    lastState = state.kind;
  });

  const tasks = new TaskTracker({
    session,
    storage: context.workspaceState,
    settings: () => {
      const config = vscode.workspace.getConfiguration('stacklet');
      return { pollIntervalMs: config.get<number>('pollInterval', 2) * 1000, timeoutMs: config.get<number>('taskTimeout', 900) * 1000 };
    },
    log: (message) => log.info(message),
  });
  const taskStatus = new TaskStatusBar(tasks);
  const taskNotifications = new TaskNotifications(tasks, log);

  let prompter: Prompter = new VscodePrompter();
  const history = new ActionHistory();
  const documentEditors = new DocumentEditors({ session, log, tasks, state: context.globalState, readOnly: documents, history, prompter: () => prompter });
  const deps: CommandDeps = {
    session, notifier, log, views, refresh, emulator, documents, tasks, documentEditors, history,
    get prompter() {
      return prompter;
    },
  };

  context.subscriptions.push(
    log,
    documents,
    documentEditors,
    ...views.values(),
    refresh,
    walkthrough,
    ...[...views.values()].map((view) => view.view.onDidChangeVisibility(explored)),
    session.onDidChange(explored),
    tasks.onDidChange(() => tasks.running().length > 0 && walkthrough.mark('ranAction')),
    vscode.workspace.onDidOpenTextDocument((document) => document.uri.scheme === DOCUMENT_SCHEMES.firewall && walkthrough.mark('editedDocument')),
    new StackletAuthProvider(registry, session),
    ...registerCommands(contributedCommands(context.extension), deps),
    tasks,
    taskStatus,
    taskNotifications,
    { dispose: () => sessionSubscription.dispose() },
    onDidChangeNetworkSettings(() => void session.reconnect()),
  );
  let stopping: Promise<void> | undefined;
  shutdown = () => (stopping ??= session.dispose().then(() => emulator.stop()));
  context.subscriptions.push({ dispose: () => void shutdown?.() });
  const activationMs = performance.now() - started;
  log.info(`Activated in ${activationMs.toFixed(1)} ms`);
  if (context.extensionMode !== vscode.ExtensionMode.Test) return undefined;
  return {
    activationMs,
    session,
    views,
    refresh,
    emulator,
    tasks,
    taskStatus,
    taskNotifications,
    documentEditors,
    setPrompter(next) {
      const previous = prompter;
      prompter = next;
      return () => (prompter = previous);
    },
  };
}

export function deactivate(): Promise<void> | undefined {
  return shutdown?.();
}
