/**
 * The signed-in account's cached listings. Views read through it, so expanding, collapsing and redrawing
 * never costs a request; a listing is fetched again only when it is invalidated (a refresh, an action, a
 * finished task). Concurrent reads of the same listing share one request.
 */
import type { ListResult, StackletClient } from '../api/client';
import { ApiError } from '../api/errors';
import type * as s from '../api/schemas';
import { Emitter } from './emitter';

export interface ListingTypes {
  stacklets: s.Stacklet;
  volumes: s.Volume;
  userdata: s.Userdata;
  containers: s.ContainerFamily;
  firewalls: s.Firewall;
  loadBalancers: s.LoadBalancer;
  vpcs: s.Vpc;
  kubernetes: s.KubernetesCluster;
  snapshots: s.Snapshot;
  sizes: s.Size;
  regions: s.Region;
  distributions: s.Distribution;
  applications: s.Application;
  sshKeys: s.SshKey;
  tags: s.Tag;
  /** The account profile, held as a one-item listing so it shares the cache and its invalidation. */
  profile: s.Profile;
}

export type ListingKind = keyof ListingTypes;

export interface ListingParams {
  readonly tagName?: string;
  readonly region?: string;
}

/** A listing as the views show it; `source: 'known'` marks resources the service could not list. */
export interface Listing<T> extends ListResult<T> {
  readonly source: 'service' | 'known';
  readonly loadedAt: number;
}

/** Ids of resources the service cannot list, remembered per account (what the extension created or saw). */
export interface KnownResources {
  get(kind: 'firewalls' | 'vpcs' | 'kubernetes'): readonly string[];
  add(kind: 'firewalls' | 'vpcs' | 'kubernetes', id: string): void;
  remove(kind: 'firewalls' | 'vpcs' | 'kubernetes', id: string): void;
}

type Loader<K extends ListingKind> = (
  client: StackletClient,
  params: ListingParams,
  signal: AbortSignal,
) => Promise<ListResult<ListingTypes[K]>>;

const LOADERS: { [K in ListingKind]: Loader<K> } = {
  stacklets: (c, p, signal) => c.listStacklets({ ...p, signal }),
  volumes: (c, p, signal) => c.listVolumes({ ...(p.region ? { region: p.region } : {}), signal }),
  userdata: (c, _p, signal) => c.listUserdata({ signal }),
  containers: (c, _p, signal) => c.listContainers({ signal }),
  firewalls: (c, _p, signal) => c.listFirewalls({ signal }),
  loadBalancers: (c, _p, signal) => c.listLoadBalancers({ signal }),
  vpcs: (c, _p, signal) => c.listVpcs({ signal }),
  kubernetes: (c, _p, signal) => c.listKubernetesClusters({ signal }),
  snapshots: (c, _p, signal) => c.listSnapshots({ signal }),
  sizes: (c, _p, signal) => c.listSizes({ signal }),
  regions: (c, _p, signal) => c.listRegions({ signal }),
  distributions: (c, _p, signal) => c.listDistributions({ signal }),
  applications: (c, _p, signal) => c.listApplications({ signal }),
  sshKeys: (c, _p, signal) => c.listSshKeys({ signal }),
  tags: (c, _p, signal) => c.listTags({ signal }),
  profile: async (c, _p, signal) => ({ items: [await c.getProfile({ signal })], total: 1, pages: 1 }),
};

/** Fetches one known resource by id, for kinds the service may not list. */
const FETCH_KNOWN = {
  firewalls: (c: StackletClient, id: string, signal: AbortSignal) => c.getFirewall(id, { signal }),
  vpcs: (c: StackletClient, id: string, signal: AbortSignal) => c.getVpc(id, { signal }),
  kubernetes: (c: StackletClient, id: string, signal: AbortSignal) => c.getKubernetesCluster(id, { signal }),
} as const;

type KnownKind = keyof typeof FETCH_KNOWN;

function isKnownKind(kind: ListingKind): kind is KnownKind {
  return kind in FETCH_KNOWN;
}

interface Entry {
  promise?: Promise<Listing<unknown>>;
  value?: Listing<unknown>;
  controller?: AbortController;
  generation: number;
}

export interface StoreChange {
  readonly kind: ListingKind;
}

export class ResourceStore {
  private readonly entries = new Map<string, Entry>();
  private readonly changed = new Emitter<StoreChange>();
  private readonly failed = new Emitter<ApiError>();
  private disposed = false;

  /** Fires when a listing was invalidated or replaced. */
  readonly onDidChange = this.changed.event;
  /** Fires for every failed load (the owner decides what a 401 means). */
  readonly onDidFail = this.failed.event;

  constructor(
    private readonly client: StackletClient,
    private readonly known?: KnownResources,
  ) {}

  /** The cached listing, or one load shared by every caller until it settles. */
  get<K extends ListingKind>(kind: K, params: ListingParams = {}): Promise<Listing<ListingTypes[K]>> {
    const key = cacheKey(kind, params);
    let entry = this.entries.get(key);
    if (entry?.value) return Promise.resolve(entry.value as Listing<ListingTypes[K]>);
    if (entry?.promise) return entry.promise as Promise<Listing<ListingTypes[K]>>;
    entry ??= { generation: 0 };
    this.entries.set(key, entry);
    const generation = ++entry.generation;
    const controller = new AbortController();
    entry.controller = controller;
    const current = entry;
    const promise: Promise<Listing<ListingTypes[K]>> = this.load(kind, params, controller.signal).then(
      (listing) => {
        if (current.generation === generation && !this.disposed) {
          current.value = listing;
          current.promise = undefined;
        }
        return listing;
      },
      (error: unknown): Promise<Listing<ListingTypes[K]>> => {
        // Superseded by an invalidation while in flight: answer with the fresh load instead.
        if (current.generation !== generation && !this.disposed) return this.get(kind, params);
        current.promise = undefined;
        const apiError = error instanceof ApiError ? error : new ApiError(String(error), { kind: 'network', method: 'GET', path: kind });
        if (apiError.kind !== 'aborted') this.failed.fire(apiError);
        throw apiError;
      },
    );
    entry.promise = promise;
    return promise;
  }

  /** What is cached now, without loading. */
  peek<K extends ListingKind>(kind: K, params: ListingParams = {}): Listing<ListingTypes[K]> | undefined {
    return this.entries.get(cacheKey(kind, params))?.value as Listing<ListingTypes[K]> | undefined;
  }

  /** Drops every cached listing of `kind` (all parameter variants) and tells the views. */
  invalidate(...kinds: ListingKind[]): void {
    for (const kind of kinds) {
      for (const [key, entry] of this.entries) {
        if (key === kind || key.startsWith(`${kind}?`)) {
          entry.controller?.abort();
          entry.generation++;
          entry.value = undefined;
          entry.promise = undefined;
        }
      }
      this.changed.fire({ kind });
    }
  }

  /** Replaces one item of every cached variant of a listing in place (after an action answered it). */
  update<K extends ListingKind>(kind: K, match: (item: ListingTypes[K]) => boolean, next: ListingTypes[K] | undefined): void {
    let touched = false;
    for (const [key, entry] of this.entries) {
      if ((key === kind || key.startsWith(`${kind}?`)) && entry.value) {
        const items = entry.value.items as ListingTypes[K][];
        const index = items.findIndex(match);
        if (index >= 0) {
          const copy = [...items];
          if (next === undefined) copy.splice(index, 1);
          else copy[index] = next;
          entry.value = { ...entry.value, items: copy };
          touched = true;
        }
      }
    }
    if (touched) this.changed.fire({ kind });
  }

  rememberCreated(kind: KnownKind, id: string): void {
    this.known?.add(kind, id);
  }

  forgetDeleted(kind: KnownKind, id: string): void {
    this.known?.remove(kind, id);
  }

  dispose(): void {
    this.disposed = true;
    for (const entry of this.entries.values()) entry.controller?.abort();
    this.entries.clear();
    this.changed.dispose();
    this.failed.dispose();
  }

  private async load<K extends ListingKind>(kind: K, params: ListingParams, signal: AbortSignal): Promise<Listing<ListingTypes[K]>> {
    try {
      const result = await (LOADERS[kind] as Loader<K>)(this.client, params, signal);
      return { ...result, source: 'service', loadedAt: Date.now() };
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'unsupported' && isKnownKind(kind)) {
        return (await this.loadKnown(kind, signal)) as unknown as Listing<ListingTypes[K]>;
      }
      throw error;
    }
  }

  /**
   * For a service that cannot list firewalls, VPCs or clusters: the ones this account's stacklets refer to
   * and the ones the extension created, each fetched by id. A 404 drops a stale id.
   */
  private async loadKnown(kind: KnownKind, signal: AbortSignal): Promise<Listing<unknown>> {
    const ids = new Set(this.known?.get(kind) ?? []);
    if (kind !== 'kubernetes') {
      const stacklets = await this.get('stacklets');
      for (const stacklet of stacklets.items) {
        const ref = kind === 'firewalls' ? stacklet.firewall_uuid : stacklet.vpc_uuid;
        if (ref) ids.add(ref);
      }
    }
    const items: unknown[] = [];
    for (const id of ids) {
      try {
        items.push(await FETCH_KNOWN[kind](this.client, id, signal));
      } catch (error) {
        if (error instanceof ApiError && error.isNotFound) this.known?.remove(kind, id);
        else throw error;
      }
    }
    return { items, total: items.length, pages: 0, source: 'known', loadedAt: Date.now() };
  }
}

function cacheKey(kind: ListingKind, params: ListingParams): string {
  const parts = Object.entries(params)
    .filter(([, value]) => value !== undefined && value !== '')
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => `${key}=${String(value)}`);
  return parts.length > 0 ? `${kind}?${parts.join('&')}` : kind;
}
