/**
 * In-memory state: the World holds the accounts (keyed by token), the id counters shared by all accounts and
 * the task queue; each Account holds its own resources, so one account can never reach another's.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { BackupRec, FirewallRec, KubernetesRec, LoadBalancerRec, ProfileRec, ProjectRec, ProjectRef, SnapshotRec, SshKeyRec, StackletRec, TagRec, UserdataRec, VolumeRec, VpcRec } from './records';
import { TaskQueue } from './tasks';

/** Records by id plus their creation order, so a list page is a slice and never a sort. */
export class Table<K, V> {
  private readonly byId = new Map<K, V>();
  private readonly order: V[] = [];

  constructor(private readonly keyOf: (value: V) => K) {}

  get size(): number {
    return this.order.length;
  }

  get(id: K): V | undefined {
    return this.byId.get(id);
  }

  add(value: V): V {
    this.byId.set(this.keyOf(value), value);
    this.order.push(value);
    return value;
  }

  /** Replaces every record (restoring a saved world), in the order given. */
  load(values: readonly V[]): void {
    this.byId.clear();
    this.order.length = 0;
    for (const value of values) this.add(value);
  }

  delete(id: K): V | undefined {
    const value = this.byId.get(id);
    if (value === undefined) return undefined;
    this.byId.delete(id);
    this.order.splice(this.order.indexOf(value), 1);
    return value;
  }

  /** The records in creation order. Shared, not copied: callers must not modify the array. */
  all(): readonly V[] {
    return this.order;
  }

  find(predicate: (value: V) => boolean): V | undefined {
    return this.order.find(predicate);
  }
}

export const DEFAULT_STACKLET_LIMIT = 50;

/** How many volumes an account may have (the profile's `limits.volumes`). */
export const VOLUME_LIMIT = 100;

/** What an account starts with: the demo data, or nothing. */
export type SeedKind = 'demo' | 'empty';

export class Account {
  readonly profile: ProfileRec;
  /** The default project: where a create without `project_uuid` puts the resource. */
  readonly project: ProjectRef = { id: randomUUID(), name: 'Default' };
  readonly projects = new Table<string, ProjectRec>((p) => p.uuid);
  stackletLimit = DEFAULT_STACKLET_LIMIT;
  /** What it was seeded with, and so what a reset of it brings back. */
  seed: SeedKind = 'empty';
  readonly stacklets = new Table<number, StackletRec>((s) => s.id);
  readonly snapshots = new Table<number, SnapshotRec>((s) => s.id);
  readonly backups = new Table<number, BackupRec>((b) => b.id);
  readonly volumes = new Table<string, VolumeRec>((v) => v.id);
  readonly firewalls = new Table<string, FirewallRec>((f) => f.uuid);
  readonly loadBalancers = new Table<string, LoadBalancerRec>((l) => l.uuid);
  readonly clusters = new Table<string, KubernetesRec>((k) => k.uuid);
  readonly vpcs = new Table<string, VpcRec>((v) => v.uuid);
  readonly userdata = new Table<string, UserdataRec>((u) => u.uuid);
  readonly sshKeys = new Table<number, SshKeyRec>((k) => k.id);
  /** Tags made with POST /v1/tags (those stacklets carry exist through them too: routes/tags.ts). */
  readonly tags = new Table<string, TagRec>((t) => t.name);
  /** Next host number handed out inside each VPC's range. */
  readonly vpcHosts = new Map<string, number>();

  constructor(email: string, createdAt: string, name: { first: string; last: string } = { first: '', last: '' }) {
    this.profile = {
      uuid: randomUUID(),
      first_name: name.first,
      last_name: name.last,
      email,
      company: '',
      phone: '',
      address: '',
      created_at: createdAt,
      features: ['kubernetes', 'load_balancers', 'vpc', 'volumes', 'floating_ips'],
      gravatar_url: `https://www.gravatar.com/avatar/${createHash('md5').update(email.trim().toLowerCase()).digest('hex')}`,
      is_member: false,
      is_verified: true,
      is_email_confirmed: true,
    };
    this.projects.add({
      uuid: this.project.id,
      name: this.project.name,
      description: '',
      environment: 'Development',
      color: '#0061FF',
      is_default: true,
      budget: '0.00',
      owner_uuid: this.profile.uuid,
      created_at: createdAt,
      updated_at: createdAt,
    });
  }

  get email(): string {
    return this.profile.email;
  }
}

/** Formats a clock reading as the service does: ISO 8601 UTC with microseconds and a trailing Z. */
export function isoMicro(ms: number, micro = 0): string {
  return `${new Date(ms).toISOString().slice(0, 23)}${String(micro % 1000).padStart(3, '0')}Z`;
}

export class World {
  readonly accounts = new Map<string, Account>();
  readonly tasks = new TaskQueue();
  /** Moves on whenever state may have changed; cached JSON of an older revision is stale. */
  revision = 0;
  private nextStackletId = 1001;
  private nextImageId = 5001;
  private nextSshKeyId = 301;
  private nextHost = 10;
  private microSeq = 0;

  constructor(readonly clock: () => number) {}

  account(token: string): Account | undefined {
    return this.accounts.get(token);
  }

  /** Stacklet ids are unique across accounts, as on the real service. */
  stackletId(): number {
    return this.nextStackletId++;
  }

  /** Snapshots and backups share one id space: `restore` and `image` take either. */
  imageId(): number {
    return this.nextImageId++;
  }

  sshKeyId(): number {
    return this.nextSshKeyId++;
  }

  /** A host number for public and private addresses, unique across accounts. */
  host(): number {
    return this.nextHost++;
  }

  now(): number {
    return this.clock();
  }

  timestamp(ms = this.clock()): string {
    this.microSeq = (this.microSeq + 137) % 1000;
    return isoMicro(ms, this.microSeq);
  }

  /**
   * A deep copy of everything a request can change, as plain JSON: each account (by e-mail, never by token)
   * with all its records, the id counters and the task queue. `revision` is left out: it is a cache key that
   * moves on every write attempt, refused ones included. Reading it changes nothing.
   */
  snapshot(): WorldSnapshot {
    const accounts: Record<string, unknown> = {};
    for (const account of this.accounts.values()) accounts[account.email] = accountState(account);
    return JSON.parse(JSON.stringify({ accounts, counters: this.counters(), tasks: this.tasks.describe() })) as WorldSnapshot;
  }

  /** The id counters, as data (a snapshot, a saved world). */
  counters(): WorldCounters {
    return { stacklet: this.nextStackletId, image: this.nextImageId, sshKey: this.nextSshKeyId, host: this.nextHost, timestamp: this.microSeq };
  }

  /** Sets the id counters from a saved world, so that no id handed out before is handed out again. */
  restoreCounters(counters: WorldCounters): void {
    this.nextStackletId = counters.stacklet;
    this.nextImageId = counters.image;
    this.nextSshKeyId = counters.sshKey;
    this.nextHost = counters.host;
    this.microSeq = counters.timestamp;
  }
}

export interface WorldCounters {
  readonly stacklet: number;
  readonly image: number;
  readonly sshKey: number;
  readonly host: number;
  readonly timestamp: number;
}

/** The record tables of an account, by the name its state uses, each with its key field and the key's type. */
export const ACCOUNT_TABLES = {
  projects: ['uuid', 'string'],
  stacklets: ['id', 'number'],
  snapshots: ['id', 'number'],
  backups: ['id', 'number'],
  volumes: ['id', 'string'],
  firewalls: ['uuid', 'string'],
  loadBalancers: ['uuid', 'string'],
  clusters: ['uuid', 'string'],
  vpcs: ['uuid', 'string'],
  userdata: ['uuid', 'string'],
  sshKeys: ['id', 'number'],
  tags: ['name', 'string'],
} as const satisfies Record<string, readonly [string, 'string' | 'number']>;

export type AccountTable = keyof typeof ACCOUNT_TABLES;

/** An account's whole content, shared with the live records (callers copy it): what a snapshot and a saved world hold. */
export function accountState(account: Account): AccountState {
  const tables = Object.fromEntries((Object.keys(ACCOUNT_TABLES) as AccountTable[]).map((name) => [name, account[name].all()]));
  return {
    profile: account.profile,
    project: account.project,
    stackletLimit: account.stackletLimit,
    ...(tables as Record<AccountTable, readonly object[]>),
    vpcHosts: Object.fromEntries(account.vpcHosts),
  };
}

export type AccountState = {
  readonly profile: ProfileRec;
  readonly project: ProjectRef;
  readonly stackletLimit: number;
  readonly vpcHosts: Readonly<Record<string, number>>;
} & Readonly<Record<AccountTable, readonly object[]>>;

export interface WorldSnapshot {
  readonly accounts: Readonly<Record<string, unknown>>;
  readonly counters: Readonly<Record<string, number>>;
  readonly tasks: { readonly nextId: number; readonly endsAt: readonly number[] };
}
