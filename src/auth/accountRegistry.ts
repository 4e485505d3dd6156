/**
 * Signed-in accounts. Tokens live only in the secret store (VS Code's SecretStorage); everything else about
 * an account (its URL, e-mail, which one is active, ids of resources the service cannot list) is plain
 * state. Written against two small interfaces that SecretStorage and Memento satisfy, so it runs in Node.
 */
import type { KnownResources } from '../kinds/resourceStore';
import { ACCOUNTS_KEY, ACTIVE_KEY } from './accountKeys';

export interface SecretStore {
  get(key: string): PromiseLike<string | undefined>;
  store(key: string, value: string): PromiseLike<void>;
  delete(key: string): PromiseLike<void>;
}

export interface StateStore {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): PromiseLike<void>;
}

export interface Account {
  /** Stable: derived from the API origin and the profile's uuid, never from the token. */
  readonly id: string;
  readonly apiUrl: string;
  readonly email: string;
  readonly profileUuid: string;
  /** The embedded local emulator: demo data, nothing real. */
  readonly isEmulator: boolean;
  /** The service wants the trailing-slash form of its paths (learned from a redirect; see api/trailingSlash.ts). */
  readonly trailingSlash?: boolean;
}

const TOKEN_PREFIX = 'stacklet.token.';
const KNOWN_PREFIX = 'stacklet.known.';

/** The emulator's port changes with every start, so its account has one fixed id. */
export const EMULATOR_ACCOUNT_ID = 'local-emulator';

export class AccountRegistry {
  constructor(
    private readonly secrets: SecretStore,
    private readonly state: StateStore,
  ) {}

  list(): readonly Account[] {
    return this.state.get<Account[]>(ACCOUNTS_KEY) ?? [];
  }

  find(id: string): Account | undefined {
    return this.list().find((account) => account.id === id);
  }

  active(): Account | undefined {
    const id = this.state.get<string>(ACTIVE_KEY);
    return (id !== undefined ? this.find(id) : undefined) ?? this.list()[0];
  }

  token(id: string): Promise<string | undefined> {
    return Promise.resolve(this.secrets.get(TOKEN_PREFIX + id));
  }

  /** Stores the token first: an account is listed only once its token is safely kept. */
  async add(account: Account, token: string): Promise<void> {
    await this.secrets.store(TOKEN_PREFIX + account.id, token);
    const others = this.list().filter((existing) => existing.id !== account.id);
    await this.state.update(ACCOUNTS_KEY, [...others, account]);
    await this.state.update(ACTIVE_KEY, account.id);
  }

  /** Remembers that the account's service wants the trailing-slash form of its paths. */
  async rememberTrailingSlash(id: string): Promise<void> {
    const accounts = this.list();
    if (!accounts.some((account) => account.id === id && !account.trailingSlash)) return;
    await this.state.update(ACCOUNTS_KEY, accounts.map((account) => (account.id === id ? { ...account, trailingSlash: true } : account)));
  }

  async setActive(id: string): Promise<void> {
    if (!this.find(id)) throw new Error(`No signed-in account ${id}`);
    await this.state.update(ACTIVE_KEY, id);
  }

  async remove(id: string): Promise<void> {
    await this.secrets.delete(TOKEN_PREFIX + id);
    await this.state.update(ACCOUNTS_KEY, this.list().filter((account) => account.id !== id));
    await this.state.update(KNOWN_PREFIX + id, undefined);
    if (this.state.get<string>(ACTIVE_KEY) === id) await this.state.update(ACTIVE_KEY, this.list()[0]?.id);
  }

  /** Ids of firewalls, VPCs and clusters this account created or saw, for services that cannot list them. */
  known(id: string): KnownResources {
    const key = KNOWN_PREFIX + id;
    const read = () => this.state.get<Record<string, string[]>>(key) ?? {};
    return {
      get: (kind) => read()[kind] ?? [],
      add: (kind, resourceId) => {
        const all = read();
        if (!(all[kind] ?? []).includes(resourceId)) void this.state.update(key, { ...all, [kind]: [...(all[kind] ?? []), resourceId] });
      },
      remove: (kind, resourceId) => {
        const all = read();
        void this.state.update(key, { ...all, [kind]: (all[kind] ?? []).filter((known) => known !== resourceId) });
      },
    };
  }
}
