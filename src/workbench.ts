/**
 * Everything the extension does beyond what activation registers (src/extension.ts: the views, the command
 * ids, the documents' file systems, the Accounts entry): the session, the views' providers, auto-refresh,
 * the task tracker and the documents. A chunk of its own in the build (esbuild.mjs), loaded the first time a
 * view asks for rows, a command runs, a document is read, an account is signed out from the Accounts menu,
 * or when tasks were stored by an earlier window.
 */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import * as notify from './ui/notify';
import { DEFAULT_PAGE_CONCURRENCY } from './api/paging';
import { AccountRegistry } from './auth/accountRegistry';
import { StackletAuthProvider } from './auth/authProvider';
import type { LazyAuthProvider } from './ui/lazyAuthProvider';
import { EmbeddedEmulator } from './emulator/embedded';
import { emulatorWorldStorage } from './emulatorWorldStorage';
import { SessionManager, type SessionState } from './auth/session';
import { accountWords } from './auth/localAccounts';
import { networkSettings, onDidChangeNetworkSettings } from './networkSettings';
import type { CommandDeps } from './commands/deps';
import type { Prompter } from './ui/prompter';
import { VscodePrompter } from './ui/vscodePrompter';
import { DocumentEditors } from './editors/documentEditors';
import { AccountDocuments } from './editors/accountDocuments';
import { AccountSchemaFileSystem } from './editors/accountSchemaFileSystem';
import { DOCUMENT_SCHEMES, SCHEMA_SCHEME } from './kinds/schemes';
import { PlanView } from './views/planView';
import { viewsDrawn } from './views/viewsDrawn';
import { tellIgnoredAgentSettings } from './ui/ignoredAgentSettings';
import { PropertiesDocuments } from './editors/propertiesDocuments';
import type { LazyFileSystem } from './ui/lazyFileSystem';
import { plainLog, type Log } from './ui/log';
import { agentLimits } from './ui/agentLimits';
import { editorMcpApi, editorServerConfig, EditorServerRegistration } from './mcp/editorServer';
import { ActionHistory } from './model/actionHistory';
import { liveListeners } from './model/emitter';
import { pendingTimers, systemClock } from './model/clock';
import { TaskStatusBar } from './tasks/statusBar';
import { TaskNotifications } from './tasks/taskNotifications';
import { TaskTracker } from './tasks/taskTracker';
import type { LazyTreeData } from './views/lazyTreeData';
import { Notifier } from './ui/notifier';
import { ResourceDocuments } from './ui/resourceDocuments';
import { RefreshManager } from './views/refreshManager';
import type { ResourceNode } from './views/resourceNode';
import { WalkthroughProgress } from './ui/walkthroughProgress';
import { ResourceTreeProvider } from './views/resourceTreeProvider';
import { VIEW_IDS, type ViewId } from './kinds/viewIds';
import { VIEW_SPECS } from './views/viewSpecs';

/** What activation made, for the workbench to build on. */
export interface Shell {
  readonly context: vscode.ExtensionContext;
  readonly views: ReadonlyMap<ViewId, { readonly view: vscode.TreeView<ResourceNode>; readonly data: LazyTreeData<ResourceNode> }>;
  readonly fileSystems: ReadonlyMap<string, LazyFileSystem>;
  readonly auth: LazyAuthProvider;
  /** Sets the `stacklet.state` context key the welcome views and menus read. */
  setState(kind: SessionState['kind']): void;
  /** How long activate() took, in milliseconds. */
  readonly activationMs: number;
}

/**
 * The live objects, for the integration tier running in the same extension host (activate() hands it a way
 * to load them in ExtensionMode.Test only, so no other extension can reach the session, its token, or script
 * our confirmations).
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
  /** The account as a document (issue 48), and its Plan view. */
  readonly accountDocuments: AccountDocuments;
  readonly planView: PlanView;
  /** Replaces how commands ask questions (tests script the answers); returns a function that restores it. */
  setPrompter(prompter: Prompter): () => void;
  /** How long activate() took, in milliseconds (the benchmark and the integration tier report it). */
  readonly activationMs: number;
  /** Listeners of the extension's own emitters, live now (the working-day benchmark counts them). */
  listeners(): number;
  /** The extension's timers pending now, those of its clock (the working-day benchmark counts them). */
  timers(): number;
}

export interface Workbench {
  readonly deps: CommandDeps;
  readonly api: StackletExtensionApi;
  /** Stops what the workbench started (the session's connections, the embedded emulator). */
  shutdown(): Promise<void>;
}

/** How long after the workbench starts the folder's ignored agent settings are looked for (see below). */
const TELL_IGNORED_AFTER_MS = 5000;

/** Builds the objects and registers them with the extension's subscriptions. No request is made here. */
export function startWorkbench(shell: Shell): Workbench {
  const { context } = shell;
  // Made here rather than at activation, which writes nothing: a log channel costs the extension host a few
  // milliseconds and a file.
  const log = plainLog(vscode.window.createOutputChannel('Stacklet Cloud', { log: true }));
  context.subscriptions.push(log);
  log.info(`Activated in ${shell.activationMs.toFixed(1)} ms`);
  // The core's words (validators, API errors, document diagnostics) use @vscode/l10n, which has no vscode
  // import: give it the bundle VS Code loaded for the display language (none for English).
  if (vscode.l10n.bundle) l10n.config({ contents: vscode.l10n.bundle });
  const notifier = new Notifier(log);
  const emulator = new EmbeddedEmulator({ storage: emulatorWorldStorage(context), log: (message) => log.info(message) });
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
  const registry = new AccountRegistry(context.secrets, context.globalState);
  const session = new SessionManager(registry, settings, () => emulator.ensureStarted());
  const walkthrough = new WalkthroughProgress(context.globalState, context.extension.id);
  const auth = new StackletAuthProvider(registry, (id) => session.signOut(id));
  shell.auth.attach(auth);
  const setState = (kind: SessionState['kind']) => {
    shell.setState(kind);
    if (kind === 'active') walkthrough.mark('signedIn');
  };
  const documents = new ResourceDocuments();
  const views = new Map<ViewId, ResourceTreeProvider>();
  for (const id of VIEW_IDS) {
    const shown = shell.views.get(id)!;
    const provider = new ResourceTreeProvider(VIEW_SPECS[id], session, notifier, shown.view);
    shown.data.attach(provider);
    views.set(id, provider);
  }

  const refresh = new RefreshManager(views, session);
  const explored = () => session.state.kind === 'active' && views.get('stacklets')?.view.visible && walkthrough.mark('explored');
  explored();

  setState(session.state.kind);
  let lastState = session.state.kind;
  const sessionSubscription = session.onDidChange((state) => {
    setState(state.kind);
    void auth.announce();
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
  const taskNotifications = new TaskNotifications(tasks, log, () => viewsDrawn(views.values()));

  // A confirmation names the account it acts in once more than one is signed in.
  let prompter: Prompter = new VscodePrompter(() => {
    const state = session.state;
    if (state.kind === 'signed-out' || session.accounts.length < 2) return undefined;
    return accountWords(state.account);
  });
  const history = new ActionHistory();
  const documentEditors = new DocumentEditors({
    session, log, tasks, state: context.globalState, readOnly: documents, history, prompter: () => prompter, fileSystems: shell.fileSystems,
  });
  const accountSchema = new AccountSchemaFileSystem(context.extensionUri, session);
  shell.fileSystems.get(SCHEMA_SCHEME)?.attach(accountSchema);
  const accountDocuments = new AccountDocuments({ session, log, tasks, history, readOnly: documents, prompter: () => prompter, schema: accountSchema });
  const planView = new PlanView(accountDocuments.onDidChangePlan);
  const properties = new PropertiesDocuments(session, documents);
  const deps: CommandDeps = {
    session, notifier, log, views, refresh, emulator, documents, properties, tasks, documentEditors, accountDocuments, history,
    get prompter() {
      return prompter;
    },
  };

  context.subscriptions.push(
    walkthrough,
    auth,
    vscode.workspace.onDidOpenTextDocument((document) => document.uri.scheme === DOCUMENT_SCHEMES.firewall && walkthrough.mark('editedDocument')),
    documents,
    properties,
    documentEditors,
    accountDocuments,
    accountSchema,
    planView,
    ...views.values(),
    refresh,
    ...[...views.values()].map((view) => view.view.onDidChangeVisibility(explored)),
    session.onDidChange(explored),
    tasks.onDidChange(() => tasks.running().length > 0 && walkthrough.mark('ranAction')),
    tasks,
    taskStatus,
    taskNotifications,
    { dispose: () => sessionSubscription.dispose() },
    onDidChangeNetworkSettings(() => void session.reconnect()),
  );
  registerServerWithEditor(context, session, log);
  let stopping: Promise<void> | undefined;
  const shutdown = () => (stopping ??= session.dispose().then(() => emulator.stop()));
  context.subscriptions.push({ dispose: () => void shutdown() });
  log.info('Loaded the session and the views.');
  // After the first rows, which a small machine shows 0.3 s after a click and 1–3 s after a reload: reading the
  // folder's settings files, and jsonc-parser's chunk to read them with, is no part of them (at once, they took
  // 1.1–4.2 ms of the extension host's thread in CPU profiles of the first row), and the notice can wait.
  const tellLater = systemClock.setTimer(() => void tellIgnoredAgentSettings(context.workspaceState, log), TELL_IGNORED_AFTER_MS);
  context.subscriptions.push({ dispose: () => systemClock.clearTimer(tellLater) });
  return {
    deps,
    shutdown,
    api: {
      activationMs: shell.activationMs,
      listeners: liveListeners,
      timers: pendingTimers,
      session,
      views,
      refresh,
      emulator,
      tasks,
      taskStatus,
      taskNotifications,
      documentEditors,
      accountDocuments,
      planView,
      setPrompter(next) {
        const previous = prompter;
        prompter = next;
        return () => (prompter = previous);
      },
    },
  };
}

/** The settings the registered server's options come from. */
const AGENT_SETTINGS = ['stacklet.agent.access', 'stacklet.agent.protectedTags', 'stacklet.agent.monthlyLimit'];

/**
 * In an editor whose agent takes extensions' MCP servers rather than VS Code's language model tools (Cursor), the
 * signed-in account's server is registered there, with the person's agent settings (user settings only) and the
 * window's Restricted Mode as its options, again after a sign-in, switch, setting change or the folder's trust,
 * and removed at sign-out, expiry or deactivation. In
 * VS Code there is no such API: its agent has the language model tools, and nothing is listed twice.
 */
function registerServerWithEditor(context: vscode.ExtensionContext, session: SessionManager, log: Log): void {
  // Cursor's own namespace, which VS Code's types do not name (esbuild.mjs reads it with the API's values).
  const api = editorMcpApi({ cursor: (vscode as unknown as { cursor?: unknown }).cursor });
  if (!api) return;
  // Only the error's kind is logged: the editor's own message might repeat the configuration, token included.
  const failed = (error: unknown) => log.error(`Could not register the MCP server with the editor (${error instanceof Error ? error.name : typeof error}).`);
  const runtime = { nodePath: process.execPath, script: vscode.Uri.joinPath(context.extensionUri, 'dist', 'mcp.js').fsPath, language: vscode.env.language };
  const registration = new EditorServerRegistration(api, async () => {
    const state = session.state;
    const limits = agentLimits();
    if (state.kind !== 'active' || limits.access === 'off') return undefined;
    const { apiUrl, token } = await session.connectionTarget();
    return apiUrl && token ? editorServerConfig({ apiUrl, token, isEmulator: state.account.isEmulator }, limits, runtime, vscode.workspace.isTrusted) : undefined;
  }, failed);
  context.subscriptions.push(
    registration,
    session.onDidChange(() => void registration.update()),
    vscode.workspace.onDidChangeConfiguration((event) => AGENT_SETTINGS.some((name) => event.affectsConfiguration(name)) && void registration.update()),
    // Started with --restricted in Restricted Mode; once the folder is trusted, started again without it.
    vscode.workspace.onDidGrantWorkspaceTrust(() => void registration.update()),
  );
  void registration.update();
}
