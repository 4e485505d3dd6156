/**
 * The MCP server registered with an editor whose agent does not read VS Code's language model tools but takes an
 * extension's MCP servers: Cursor documents `vscode.cursor.mcp.registerServer` (cursor.com/docs/context/mcp-extension-api).
 * There the extension registers dist/mcp.js for the signed-in account, with the person's agent settings as its
 * options, registers it again when either changes, and removes it at sign-out. The token goes to the process the
 * editor starts through its environment only: never an argument (which `ps` shows), a file or a setting.
 * No vscode import: the workbench hands in the editor's API and what to serve.
 */
import type { AgentLimits } from '../agent/guards';

/** The part of Cursor's extension API this uses, as documented: synchronous, a stdio server by name. */
export interface EditorMcpApi {
  registerServer(config: EditorServerConfig): void;
  unregisterServer(name: string): void;
}

export interface EditorServerConfig {
  readonly name: string;
  readonly server: { readonly command: string; readonly args: string[]; readonly env: Record<string, string> };
}

/** The name the editor lists the server under. */
export const EDITOR_SERVER_NAME = 'stacklet-cloud';

/** Who the server acts for: the signed-in account's API and token. */
export interface ServedAccount {
  readonly apiUrl: string;
  readonly token: string;
  /** The embedded emulator (demo data), whose loopback address says so anyway; marked for the answers' `source`. */
  readonly isEmulator: boolean;
}

/** How the editor starts the server: the extension host's own runtime, as Node, on the bundled script. */
export interface ServerRuntime {
  /** `process.execPath`: the editor's Electron, which runs as Node with ELECTRON_RUN_AS_NODE (or Node itself). */
  readonly nodePath: string;
  /** The absolute path of dist/mcp.js in the installed extension. */
  readonly script: string;
  /** The editor's display language (`vscode.env.language`), which the server's words and confirmations then speak. */
  readonly language?: string;
}

/** The editor's API where it has one, checked at run time: undefined in VS Code, which serves its agent the language model tools. */
export function editorMcpApi(editor: unknown): EditorMcpApi | undefined {
  const mcp = (editor as { cursor?: { mcp?: Partial<EditorMcpApi> } } | undefined)?.cursor?.mcp;
  return typeof mcp?.registerServer === 'function' && typeof mcp.unregisterServer === 'function' ? (mcp as EditorMcpApi) : undefined;
}

/**
 * What the editor is given to start: the person's limits as the server's options, and `--restricted` while the
 * window is in Restricted Mode (`trusted` false), the account in its environment.
 */
export function editorServerConfig(account: ServedAccount, limits: AgentLimits, runtime: ServerRuntime, trusted: boolean): EditorServerConfig {
  return {
    name: EDITOR_SERVER_NAME,
    server: {
      command: runtime.nodePath,
      args: [
        runtime.script, '--access', limits.access, `--protected-tags=${limits.protectedTags.join(',')}`, '--monthly-limit', String(limits.monthlyLimit),
        ...(trusted ? [] : ['--restricted']),
      ],
      env: {
        ELECTRON_RUN_AS_NODE: '1',
        STACKLET_API_URL: account.apiUrl,
        STACKLET_TOKEN: account.token,
        ...(account.isEmulator ? { STACKLET_EMULATOR: '1' } : {}),
        ...(runtime.language ? { STACKLET_LOCALE: runtime.language } : {}),
      },
    },
  };
}

/**
 * Keeps the editor's registration in step with what to serve: `update()` after any change (sign-in, switch,
 * sign-out, expiry, a setting) registers the server again when what it would start differs, and removes it when
 * there is nothing to serve (signed out, or agents' access off). Updates run one at a time, in order.
 */
export class EditorServerRegistration {
  private registered: string | undefined;
  private disposed = false;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly api: EditorMcpApi,
    /** What to serve now, or undefined for nothing. */
    private readonly current: () => Promise<EditorServerConfig | undefined>,
    private readonly onError: (error: unknown) => void,
  ) {}

  update(): Promise<void> {
    this.queue = this.queue.then(async () => {
      try {
        const config = await this.current();
        // Removed meanwhile (the extension deactivated): nothing is registered again.
        if (!this.disposed) this.apply(config);
      } catch (error) {
        this.onError(error);
      }
    });
    return this.queue;
  }

  dispose(): void {
    this.disposed = true;
    this.apply(undefined);
  }

  private apply(config: EditorServerConfig | undefined): void {
    const next = config && JSON.stringify(config);
    if (next === this.registered) return;
    if (this.registered !== undefined) this.api.unregisterServer(EDITOR_SERVER_NAME);
    this.registered = undefined;
    if (config) {
      this.api.registerServer(config);
      this.registered = next;
    }
  }
}
