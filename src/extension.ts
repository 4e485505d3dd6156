import * as vscode from 'vscode';
import { hasAccounts } from './auth/accountKeys';
import { LazyAuthProvider } from './ui/lazyAuthProvider';
import type { SessionState } from './auth/session';
import { contributedCommands, registerCommands } from './commands/register';
import { DOCUMENT_SCHEMES, SCHEMA_SCHEME } from './kinds/schemes';
import { contributedTools, registerLanguageModelTools, type Tools } from './lmTools/register';
import { STORAGE_KEY as TASKS_KEY } from './tasks/taskStorage';
import { LazyFileSystem } from './ui/lazyFileSystem';
import { LazyTreeData } from './views/lazyTreeData';
import type { ResourceNode } from './views/resourceNode';
import { VIEW_IDS } from './kinds/viewIds';
import type { StackletExtensionApi, Workbench } from './workbench';

export type { StackletExtensionApi } from './workbench';

/** How long the session's preparation waits after activation: enough for VS Code's writes to the window. */
const PREPARE_AFTER_MS = 10;

const STATE_CONTEXT: Record<SessionState['kind'], string> = { 'signed-out': 'signedOut', active: 'active', expired: 'expired' };

/**
 * What activate() returns in ExtensionMode.Test only: the integration tier loads the workbench through it and
 * gets its live objects. Outside tests it returns nothing, so no other extension can reach the session (and
 * its token) or script our confirmations.
 */
export interface StackletTestHooks {
  /** How long activate() took, in milliseconds (the benchmark and the integration tier report it). */
  readonly activationMs: number;
  load(): Promise<StackletExtensionApi>;
  /** The language model tools themselves, to call prepareInvocation and invoke without VS Code's dialog. */
  tools(): Promise<Tools>;
}

/** The workbench, once something asked for it. */
let loaded: Promise<Workbench> | undefined;

/**
 * Registers the views, the command ids, the documents' file systems and the Accounts entry, and returns: all
 * the rest (src/workbench.ts) is loaded when one of them is first used. No request is made here. Each line
 * here is compiled and run on every start, in every window, before the window can draw the views: what only
 * the workbench needs (the account registry, the walkthrough's progress) is made there.
 */
export function activate(context: vscode.ExtensionContext): StackletTestHooks | undefined {
  const started = performance.now();
  const signedIn = () => hasAccounts(context.globalState);
  const active = signedIn();
  const setState = (kind: SessionState['kind']) => void vscode.commands.executeCommand('setContext', 'stacklet.state', STATE_CONTEXT[kind]);
  // Until the session is loaded, none has expired: that is only ever learned from a request.
  setState(active ? 'active' : 'signed-out');

  const views = new Map(VIEW_IDS.map((id) => {
    const data = new LazyTreeData<ResourceNode>(() => workbench());
    const view = vscode.window.createTreeView(`stacklet.${id}`, { treeDataProvider: data, showCollapseAll: id !== 'account', canSelectMany: true });
    return [id, { view, data }] as const;
  }));
  // The documents' file systems, and the account document's schema with the catalog's values.
  const fileSystems = new Map([...Object.values(DOCUMENT_SCHEMES), SCHEMA_SCHEME].map((scheme) => [scheme, new LazyFileSystem(() => workbench())] as const));
  // VS Code asks a provider for its sessions as soon as the window takes in its registration, while the host is
  // still activating: loading the workbench for that answer then held the host's thread for it (ours's activation
  // 1.5× the shaped extension's, its CPU time 10.5 ms against 7.1). So the answer waits for the load the signed-in
  // timer below starts, as would any other use of the Accounts entry that soon.
  const auth = new LazyAuthProvider(signedIn, () => workbenchSoon());
  // The tools' code and the workbench are loaded when a tool is first prepared or invoked.
  let tools: Promise<Tools> | undefined;
  const languageModelTools = (): Promise<Tools> =>
    (tools ??= import('./lmTools/tools.js').then(async (m) => m.languageModelTools((await workbench()).deps)));
  let activationMs = 0;
  const workbench = (): Promise<Workbench> =>
    (loaded ??= import('./workbench.js').then((m) =>
      m.startWorkbench({
        context, views, fileSystems, auth, setState,
        get activationMs() {
          return activationMs;
        },
      })));
  /** The workbench, loaded once VS Code has had PREPARE_AFTER_MS to write what activation registered. */
  const workbenchSoon = (): Promise<Workbench> => new Promise((resolve) => setTimeout(resolve, PREPARE_AFTER_MS)).then(workbench);

  context.subscriptions.push(
    ...[...views.values()].flatMap(({ view, data }) => [view, data]),
    ...[...fileSystems].flatMap(([scheme, fs]) => [vscode.workspace.registerFileSystemProvider(scheme, fs, { isCaseSensitive: true }), fs]),
    vscode.authentication.registerAuthenticationProvider('stacklet', 'Stacklet Cloud', auth, { supportsMultipleAccounts: true }),
    auth,
    ...registerCommands(contributedCommands(context.extension), async () => (await workbench()).deps),
    ...registerLanguageModelTools(contributedTools(context.extension), languageModelTools),
  );
  // Tasks an earlier window left running are followed again now, not when a view opens.
  const stored = context.workspaceState.get<unknown>(TASKS_KEY);
  if (Array.isArray(stored) && stored.length > 0) void workbench();
  // Signed in, the first rows need the workbench, the client's and undici's chunks and the token. They load
  // while the window is still drawing the views (no request is made), rather than one after another once the
  // Stacklets view asks: the window takes 100 ms and more before it asks, and answers the token's read only then.
  // Not at once, though: VS Code writes what activation registered to the window on a timer, then through zlib,
  // and loading the chunks holds this thread for some 60 ms, so started at once it held the window's work back
  // until it was done: the window took in `stacklet.state` 60–90 ms after activation, against 5–20 ms after a
  // wait of PREPARE_AFTER_MS.
  if (active) void workbenchSoon().then((w) => w.deps.session.prepare(), () => undefined);
  activationMs = performance.now() - started;
  if (context.extensionMode !== vscode.ExtensionMode.Test) return undefined;
  return { activationMs, load: async () => (await workbench()).api, tools: languageModelTools };
}

export async function deactivate(): Promise<void> {
  const workbench = await loaded?.catch(() => undefined);
  await workbench?.shutdown();
}
