/**
 * The signed-in account's cached listings. Views read through it, so expanding, collapsing and redrawing
 * never costs a request; a listing is fetched again only when it is invalidated (a refresh, an action, a
 * finished task). Concurrent reads of the same listing share one request. With the kinds, since each listing is
 * loaded and kept as its kind's registry entry says.
 */
import * as l10n from '@vscode/l10n';
import type { ListResult, StackletClient } from '../api/client';
import { ApiError } from '../api/errors';
import { Emitter } from '../model/emitter';
import { keepSame } from '../model/sameItems';
import { kindSpec, isKnownKind, sameId, staleAfterCreate, type KindItems, type CatalogKind, type Kind, type KindSpec, type KnownKind, type ListedKind, type ListingItems, type ListingKind, type ListingParams } from './registry';

export type { ListingKind, ListingParams };

/** A listing as the views show it; `source: 'known'` marks resources the service could not list. */
export interface Listing<T> extends ListResult<T> {
  readonly source: 'service' | 'known';
  readonly loadedAt: number;
}

/** Ids of resources the service cannot list, remembered per account (what the extension created or saw). */
export interface KnownResources {
  get(kind: KnownKind): readonly string[];
  add(kind: KnownKind, id: string): void;
  remove(kind: KnownKind, id: string): void;
}

type Loader<K extends ListingKind> = (client: StackletClient, params: ListingParams, signal: AbortSignal) => Promise<ListResult<ListingItems[K]>>;

/** The catalog pickers offer: not resources of the account, so not in the registry of kinds. */
const CATALOG: { [K in CatalogKind]: Loader<K> } = {
  size: (client, _params, signal) => client.listSizes({ signal }),
  region: (client, _params, signal) => client.listRegions({ signal }),
  distribution: (client, _params, signal) => client.listDistributions({ signal }),
  application: (client, _params, signal) => client.listApplications({ signal }),
  project: (client, _params, signal) => client.listProjects({ signal }),
};

/** How an item of a listing is told from the others: by its kind's key; the catalog's by their place alone. */
function keyOf(kind: ListingKind): ((item: unknown) => string | number) | undefined {
  return Object.hasOwn(CATALOG, kind) ? undefined : (kindSpec(kind as ListedKind) as KindSpec<ListedKind>).key as (item: unknown) => string | number;
}

function loaderOf<K extends ListingKind>(kind: K): Loader<K> {
  if (Object.hasOwn(CATALOG, kind)) return CATALOG[kind as CatalogKind] as unknown as Loader<K>;
  const spec = kindSpec(kind as ListedKind) as KindSpec<ListedKind>;
  return (client, params, signal) => spec.list!(client, params, { signal }) as Promise<ListResult<ListingItems[K]>>;
}

interface Entry {
  promise?: Promise<Listing<unknown>>;
  value?: Listing<unknown>;
  /** The items of the value an invalidation dropped, until a load replaces them (keepSame); unfiltered listings only. */
  previous?: readonly unknown[];
  controller?: AbortController;
  generation: number;
}

export interface StoreChange {
  readonly kind: ListingKind;
}

/** A resource being deleted: the views show it as "deleting…" until the service has answered. */
export interface Deleting {
  readonly kind: Kind;
  readonly id: string | number;
  /** The listing whose views show the resource (a node pool's is its clusters'). */
  readonly listing: ListingKind;
}

export class ResourceStore {
  private readonly entries = new Map<string, Entry>();
  private readonly deleting = new Set<string>();
  private readonly changed = new Emitter<StoreChange>();
  private readonly failed = new Emitter<ApiError>();
  private readonly loaded = new Emitter<ListingKind>();
  private disposed = false;
  private batching = 0;
  private readonly deferred = new Set<ListingKind>();

  /** Fires when a listing was invalidated or replaced. */
  readonly onDidChange = this.changed.event;
  /** Fires for every failed load (the owner decides what a 401 means). */
  readonly onDidFail = this.failed.event;
  /** Fires when a listing (its unfiltered variant or a filtered one) was loaded from the service. */
  readonly onDidLoad = this.loaded.event;

  constructor(
    private readonly client: StackletClient,
    private readonly known?: KnownResources,
  ) {}

  /** The cached listing, or one load shared by every caller until it settles. */
  get<K extends ListingKind>(kind: K, params: ListingParams = {}): Promise<Listing<ListingItems[K]>> {
    const key = cacheKey(kind, params);
    let entry = this.entries.get(key);
    if (entry?.value) return Promise.resolve(entry.value as Listing<ListingItems[K]>);
    if (entry?.promise) return entry.promise as Promise<Listing<ListingItems[K]>>;
    entry ??= { generation: 0 };
    this.entries.set(key, entry);
    const generation = ++entry.generation;
    const controller = new AbortController();
    entry.controller = controller;
    const current = entry;
    const promise: Promise<Listing<ListingItems[K]>> = this.load(kind, params, controller.signal).then(
      (loaded) => {
        // What did not change keeps its object, and with it what the views made from it.
        const listing = current.previous ? { ...loaded, items: keepSame(current.previous as ListingItems[K][], loaded.items, keyOf(kind)) as ListingItems[K][] } : loaded;
        if (current.generation === generation && !this.disposed) {
          current.value = listing;
          current.previous = undefined;
          current.promise = undefined;
          this.loaded.fire(kind);
        }
        return listing;
      },
      (error: unknown): Promise<Listing<ListingItems[K]>> => {
        // Superseded by an invalidation while in flight: answer with the fresh load instead.
        if (current.generation !== generation && !this.disposed) return this.get(kind, params);
        current.promise = undefined;
        // A closed session's requests end however its client was closed (aborted, or the pool destroyed under
        // them): that is not the service failing, and the next session loads afresh.
        if (this.disposed) throw new ApiError(l10n.t('Cancelled'), { kind: 'aborted', method: 'GET', path: kind });
        const apiError = error instanceof ApiError ? error : new ApiError(String(error), { kind: 'network', method: 'GET', path: kind });
        if (apiError.kind !== 'aborted') this.failed.fire(apiError);
        throw apiError;
      },
    );
    entry.promise = promise;
    return promise;
  }

  /** What is cached now, without loading. */
  peek<K extends ListingKind>(kind: K, params: ListingParams = {}): Listing<ListingItems[K]> | undefined {
    return this.entries.get(cacheKey(kind, params))?.value as Listing<ListingItems[K]> | undefined;
  }

  /** Drops every cached listing of `kind` (all parameter variants) and tells the views. */
  invalidate(...kinds: ListingKind[]): void {
    for (const kind of kinds) {
      for (const [key, entry] of this.entries) {
        if (key === kind || key.startsWith(`${kind}?`)) {
          entry.controller?.abort();
          entry.generation++;
          // Kept for a kind's whole listing alone: one per kind, where every filter's variant would keep one each
          // (a tag filter makes one per tag) long after its view stopped asking for it.
          if (entry.value && key === kind) entry.previous = entry.value.items;
          entry.value = undefined;
          entry.promise = undefined;
        }
      }
      this.fireChange(kind);
    }
  }

  /**
   * Runs `work` with the change events it causes held back, then fires one per listing it changed: the answers
   * of an action on a hundred stacklets redraw the views once, not a hundred times.
   */
  batch<T>(work: () => T): T {
    this.batching++;
    try {
      return work();
    } finally {
      if (--this.batching === 0) {
        const kinds = [...this.deferred];
        this.deferred.clear();
        for (const kind of kinds) this.changed.fire({ kind });
      }
    }
  }

  private fireChange(kind: ListingKind): void {
    if (this.batching > 0) this.deferred.add(kind);
    else this.changed.fire({ kind });
  }

  /**
   * Replaces one item of every cached variant of a listing in place (after an action answered it), or removes
   * it (`next` undefined); true when a cached listing held it.
   */
  update<K extends ListingKind>(kind: K, match: (item: ListingItems[K]) => boolean, next: ListingItems[K] | undefined): boolean {
    let touched = false;
    for (const [key, entry] of this.entries) {
      if ((key === kind || key.startsWith(`${kind}?`)) && entry.value) {
        const items = entry.value.items as ListingItems[K][];
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
    if (touched) this.fireChange(kind);
    return touched;
  }

  /** Marks a resource as being deleted: its views show "deleting…" and offer it no action. */
  markDeleting({ kind, id, listing }: Deleting): void {
    this.deleting.add(deletingKey(kind, id));
    this.fireChange(listing);
  }

  /** The deletion failed: the resource shows as it was. */
  unmarkDeleting({ kind, id, listing }: Deleting): void {
    if (this.deleting.delete(deletingKey(kind, id))) this.fireChange(listing);
  }

  isDeleting(kind: Kind, id: string | number): boolean {
    return this.deleting.size > 0 && this.deleting.has(deletingKey(kind, id));
  }

  /**
   * The service confirmed a deletion: the item leaves every cached variant of its listing (no refetch), and
   * its mark goes with it.
   */
  removeDeleted<K extends ListedKind>(kind: K, id: string | number): void {
    const spec = kindSpec(kind as ListedKind) as KindSpec<ListedKind>;
    const marked = this.deleting.delete(deletingKey(kind, id));
    if (isKnownKind(kind)) this.known?.remove(kind, String(id));
    if (!this.update(kind, (item) => sameId(spec.key(item as never), id), undefined) && marked) this.fireChange(kind);
  }

  /**
   * The service created an item: a kind it may be unable to list remembers the id, and the item's listing and
   * those its kind's rules name (`invalidates.afterCreate`, which read `item` when there is one) are read again
   * when next shown.
   */
  created<K extends ListedKind>(kind: K, id: string | number, item?: KindItems[K]): void {
    if (isKnownKind(kind)) this.rememberCreated(kind, String(id));
    this.invalidate(...staleAfterCreate(kind, item));
  }

  rememberCreated(kind: KnownKind, id: string): void {
    this.known?.add(kind, id);
  }

  forgetDeleted(kind: KnownKind, id: string): void {
    this.known?.remove(kind, id);
  }

  /** Whether the session this store served is closed. */
  get isDisposed(): boolean {
    return this.disposed;
  }

  dispose(): void {
    this.disposed = true;
    for (const entry of this.entries.values()) entry.controller?.abort();
    this.entries.clear();
    this.deleting.clear();
    this.changed.dispose();
    this.failed.dispose();
    this.loaded.dispose();
  }

  private async load<K extends ListingKind>(kind: K, params: ListingParams, signal: AbortSignal): Promise<Listing<ListingItems[K]>> {
    try {
      const result = await loaderOf(kind)(this.client, params, signal);
      return { ...result, source: 'service', loadedAt: Date.now() };
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'unsupported' && isKnownKind(kind)) {
        return (await this.loadKnown(kind, signal)) as unknown as Listing<ListingItems[K]>;
      }
      throw error;
    }
  }

  /**
   * For a service that cannot list firewalls, VPCs or clusters: the ones this account's stacklets name and
   * the ones the extension created, each fetched by id. A 404 drops a stale id.
   */
  private async loadKnown(kind: KnownKind, signal: AbortSignal): Promise<Listing<unknown>> {
    const spec = kindSpec(kind) as KindSpec<KnownKind>;
    const ids = new Set(this.known?.get(kind) ?? []);
    // What a stacklet names, as its kind says it (src/kinds/stacklet/kind.ts `names`).
    const namedBy = (kindSpec('stacklet') as unknown as KindSpec<'stacklet'>).names?.[kind];
    if (namedBy) {
      for (const stacklet of (await this.get('stacklet')).items) {
        for (const id of namedBy(stacklet)) ids.add(String(id));
      }
    }
    const items: unknown[] = [];
    for (const id of ids) {
      try {
        items.push(await spec.get!(this.client, id, { signal }));
      } catch (error) {
        if (error instanceof ApiError && error.isNotFound) this.known?.remove(kind, id);
        else throw error;
      }
    }
    return { items, total: items.length, pages: 0, source: 'known', loadedAt: Date.now() };
  }
}

const deletingKey = (kind: Kind, id: string | number): string => `${kind}/${String(id)}`;

function cacheKey(kind: ListingKind, params: ListingParams): string {
  const parts = Object.entries(params)
    .filter(([, value]) => value !== undefined && value !== '')
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => `${key}=${String(value)}`);
  return parts.length > 0 ? `${kind}?${parts.join('&')}` : kind;
}
