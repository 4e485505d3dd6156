/**
 * The active session: which account is in use, its client and its cached listings. Signing in verifies the
 * token against the account profile before anything is stored; a 401 at any time marks the session expired
 * and drops that account's cached data. No vscode import: the edges (auth provider, commands) wrap it.
 */
import { checkApiUrl, stripApiVersion } from '../api/apiUrl';
import type { ClientOptions, StackletClient } from '../api/client';
import { ApiError } from '../api/errors';
import type { ProxySettings } from '../api/proxy';
import type { Profile } from '../api/schemas';
import type { RequestLogEntry } from '../api/transport';
import type { TrustSettings } from '../api/trust';
import { Emitter } from '../model/emitter';
import { ResourceStore } from '../kinds/resourceStore';
import { accountId } from './accountId';
import { EMULATOR_ACCOUNT_ID, type Account, type AccountRegistry } from './accountRegistry';
import { isLocalAccount } from './accountPlace';
import { isListening } from './localAccounts';

export interface ClientSettings {
  readonly pageConcurrency: number;
  readonly allowInsecureHttp: boolean;
  readonly requestTimeoutMs: number;
  readonly onRequest?: (entry: RequestLogEntry) => void;
  /** VS Code's http.proxy* settings and the proxy variables. */
  readonly proxy?: ProxySettings;
  /** http.systemCertificates. */
  readonly trust?: TrustSettings;
}

/** What a signed-in session hands out: who, the client that sends (writes included), and the cached listings. */
export interface ActiveSession {
  readonly account: Account;
  readonly client: StackletClient;
  readonly store: ResourceStore;
}

export type SessionState =
  | { readonly kind: 'signed-out' }
  | { readonly kind: 'active'; readonly account: Account }
  | { readonly kind: 'expired'; readonly account: Account };

/** The client's module: a chunk of its own in the build (esbuild.mjs), loaded once, on first use. */
const loadClient = () => import('../api/client.js');

/**
 * Starts loading the client's chunk and undici's (which its first request needs) together, and compiles
 * undici's HTTP parser once loaded, which its first connection would do. Nothing else; a failure shows where
 * they are used.
 */
function loadChunks(): void {
  void loadClient().catch(() => undefined);
  void import('../api/undiciParts.js').then((undici) => undici.compileHttpParser()).catch(() => undefined);
}

/** Starts (or finds running) the embedded emulator; answers its URL and the token of this start. */
export type EmulatorLauncher = () => Promise<{ url: string; token: string }>;

export class SessionManager {
  private active: ActiveSession | undefined;
  private opening: Promise<ActiveSession> | undefined;
  private expired: Account | undefined;
  private readonly changed = new Emitter<SessionState>();
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly registry: AccountRegistry,
    private readonly settings: () => ClientSettings,
    private readonly launchEmulator: EmulatorLauncher,
  ) {}

  get state(): SessionState {
    const account = this.registry.active();
    if (!account) return { kind: 'signed-out' };
    if (this.expired?.id === account.id) return { kind: 'expired', account };
    return { kind: 'active', account };
  }

  get accounts(): readonly Account[] {
    return this.registry.list();
  }

  /** The active account's session, opened on first use (no request is made to open it). */
  current(): Promise<ActiveSession> {
    const state = this.state;
    if (state.kind !== 'active') {
      return Promise.reject(new ApiError(state.kind === 'expired' ? 'The session has expired; sign in again.' : 'Not signed in.', {
        kind: 'http', status: 401, method: 'GET', path: '',
      }));
    }
    if (this.active?.account.id === state.account.id) return Promise.resolve(this.active);
    this.opening ??= this.open(state.account).finally(() => (this.opening = undefined));
    return this.opening;
  }

  /**
   * Opens the active account's session ahead of its first use (activation calls it, so that the client's and
   * undici's chunks load and the token is read while the window is still drawing the views). No request is
   * made. An emulator account's session is left to its first use, since opening it starts the embedded
   * emulator: only the chunks load. A failure (a missing token) is left to show where the session is used.
   */
  async prepare(): Promise<void> {
    const state = this.state;
    if (state.kind !== 'active') return;
    if (state.account.isEmulator) loadChunks();
    else await this.current().catch(() => undefined);
  }

  /**
   * The active account when `token` at `apiUrl` is its own already, so that signing in again would change nothing.
   * The embedded emulator's address and token are new at every start, so they never are; nor is an expired
   * session's, which a sign-in renews.
   */
  async signedInWith(apiUrl: string, token: string): Promise<Account | undefined> {
    const state = this.state;
    if (state.kind !== 'active' || state.account.isEmulator) return undefined;
    let url: string;
    try {
      url = checkApiUrl(stripApiVersion(apiUrl).url, true).toString().replace(/\/+$/, '');
    } catch {
      return undefined;
    }
    return url === state.account.apiUrl && (await this.registry.token(state.account.id)) === token ? state.account : undefined;
  }

  /**
   * Verifies the token with GET /v1/account/profile, then stores it. Nothing is stored when it fails. A
   * trailing `/v1` of the URL is taken off (stripApiVersion says so, for the caller to show).
   */
  async signIn(apiUrl: string, token: string, options: { isEmulator?: boolean } = {}): Promise<Account> {
    const url = checkApiUrl(stripApiVersion(apiUrl).url, this.settings().allowInsecureHttp).toString().replace(/\/+$/, '');
    let trailingSlash = false;
    const client = await this.createClient(url, token, { onTrailingSlash: () => (trailingSlash = true) });
    let profile: Profile;
    try {
      profile = await client.getProfile();
    } finally {
      await client.dispose();
    }
    const account: Account = {
      id: options.isEmulator ? EMULATOR_ACCOUNT_ID : accountId(url, profile.uuid),
      apiUrl: url,
      // An answer without an e-mail still signs in: the account is then labelled by its uuid.
      email: profile.email || profile.uuid,
      profileUuid: profile.uuid,
      isEmulator: options.isEmulator ?? false,
      ...(trailingSlash ? { trailingSlash } : {}),
    };
    await this.registry.add(account, token);
    if (this.expired?.id === account.id) this.expired = undefined;
    await this.close();
    this.changed.fire(this.state);
    return account;
  }

  /**
   * Signs out, quietly, of accounts of a service on this machine that no longer listens there (an emulator
   * that was stopped and started elsewhere): their session could never come back. Answers the ones dropped.
   */
  async dropDeadLocalAccounts(): Promise<Account[]> {
    const dead: Account[] = [];
    for (const account of this.accounts.filter(isLocalAccount)) {
      if (!(await isListening(account.apiUrl))) dead.push(account);
    }
    for (const account of dead) await this.signOut(account.id);
    return dead;
  }

  async signOut(id: string): Promise<void> {
    if (this.active?.account.id === id) await this.close();
    await this.registry.remove(id);
    if (this.expired?.id === id) this.expired = undefined;
    this.changed.fire(this.state);
  }

  async switchTo(id: string): Promise<void> {
    await this.registry.setActive(id);
    await this.close();
    this.changed.fire(this.state);
  }

  /**
   * What Test Connection checks: the active (or expired) account's API URL and token, or none when signed
   * out, with the client settings in force.
   */
  async connectionTarget(): Promise<{ apiUrl?: string; token?: string; settings: ClientSettings }> {
    const settings = this.settings();
    const account = this.registry.active();
    if (!account) return { settings };
    // The embedded emulator's address and token are this start's, not the stored ones.
    if (account.isEmulator) {
      const { url, token } = await this.launchEmulator();
      return { apiUrl: url, token, settings };
    }
    const token = await this.registry.token(account.id);
    return { apiUrl: account.apiUrl, settings, ...(token ? { token } : {}) };
  }

  /**
   * Drops the active account's client (and its cached listings) so that the next use connects with the
   * settings as they are now: after a change of proxy or certificate settings. Views reload.
   */
  async reconnect(): Promise<void> {
    if (!this.active) return;
    await this.close();
    this.changed.fire(this.state);
  }

  /**
   * A 401 for the active account: drop its cached data and mark it expired until it signs in again. Given
   * `account` (the one that met the 401), nothing happens unless it is still the active one: a failure of an
   * account being signed out must not expire the account that becomes active meanwhile.
   */
  async markExpired(account: Account | undefined = this.registry.active()): Promise<void> {
    if (!account || this.registry.active()?.id !== account.id || this.expired?.id === account.id) return;
    this.expired = account;
    this.changed.fire(this.state);
    await this.close();
  }

  async dispose(): Promise<void> {
    await this.close();
    this.changed.dispose();
  }

  private async open(account: Account): Promise<ActiveSession> {
    // The client's chunk and undici's (which its first request needs) load while the token is read, not one
    // after the other: the first rows wait for all three. Loading is all they do; a failure shows where used.
    loadChunks();
    const token = await this.registry.token(account.id);
    if (!token) {
      await this.markExpired(account);
      throw new ApiError('The stored API token is missing; sign in again.', { kind: 'http', status: 401, method: 'GET', path: '' });
    }
    let apiUrl = account.apiUrl;
    let key = token;
    if (account.isEmulator) {
      // Its port and token are new at every start (after a reload, say): use this start's, not the stored ones.
      ({ url: apiUrl, token: key } = await this.launchEmulator());
    }
    const client = await this.createClient(apiUrl, key, {
      trailingSlash: account.trailingSlash ?? false,
      onTrailingSlash: () => void this.registry.rememberTrailingSlash(account.id),
    });
    const store = new ResourceStore(client, this.registry.known(account.id));
    store.onDidFail((error) => {
      if (error.isUnauthorized) void this.markExpired(account);
      // The local emulator this account was for is gone (connection refused): drop the account, not expire it.
      else if (error.kind === 'network' && isLocalAccount(account)) void this.dropDeadLocalAccounts();
    });
    this.active = { account, client, store };
    return this.active;
  }

  private async close(): Promise<void> {
    const active = this.active;
    this.active = undefined;
    if (active) {
      active.store.dispose();
      await active.client.dispose();
    }
  }

  private async createClient(apiUrl: string, token: string, slash: Pick<ClientOptions, 'trailingSlash' | 'onTrailingSlash'>): Promise<StackletClient> {
    // Loaded (a chunk of its own in the build) when a session first needs a client, not at activation: its
    // schemas are built as it loads.
    const { StackletClient } = await loadClient();
    const settings = this.settings();
    return new StackletClient({
      ...slash,
      baseUrl: apiUrl,
      token,
      allowInsecureHttp: settings.allowInsecureHttp,
      pageConcurrency: settings.pageConcurrency,
      requestTimeoutMs: settings.requestTimeoutMs,
      ...(settings.onRequest ? { onRequest: settings.onRequest } : {}),
      ...(settings.proxy ? { proxy: settings.proxy } : {}),
      ...(settings.trust ? { trust: settings.trust } : {}),
    });
  }
}
