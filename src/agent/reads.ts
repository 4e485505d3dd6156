/**
 * What an agent may read of the account, built on what the views read: the store's listings, Go to Resource's
 * index, the cost model and the action history. Each operation takes the agent's input as it came (checked in
 * ./input.ts) and answers data for the envelope (./envelope.ts), never text: the service's words stay values.
 * Shared by the MCP server (src/mcp/server.ts) and the language model tools. No vscode import.
 */
import * as l10n from '@vscode/l10n';
import type * as s from '../api/schemas';
import { breakdown, monthlyChangeWords, resizeChange, stackletPrice, total } from '../model/cost';
import { namedBy, namingKinds, related } from '../kinds/relations';
import { ResourceIndex } from '../kinds/resourceSearch';
import type { ResourceStore } from '../kinds/resourceStore';
import { KNOWN_KUBERNETES_VERSIONS } from '../kinds/cluster/kind';
import { deletionChangeOf, isTaskKind, kindSpec, monthlyOf, refTo, sameId, SEARCH_KINDS, type Kind, type KindItems, type KindSpec, type ListedKind, type ResourceRef, type SearchKind } from '../kinds/registry';
import type { AnswerData } from '../actions/answerData';
import type { ReadContext } from '../actions/readContext';
import { ActionInputError } from '../actions/refusals';
import { choiceField, fieldsOf, kindField, textField } from './input';

/** The most resources `find` matches (the envelope pages through them). */
const FIND_LIMIT = 5000;

interface Loaded {
  readonly listings: { kind: SearchKind; items: readonly unknown[] }[];
  /** Kinds the service could not list now, with why. */
  readonly unavailable: { kind: SearchKind; error: string }[];
}

async function load(ctx: ReadContext, kinds: readonly SearchKind[]): Promise<Loaded> {
  const settled = await Promise.allSettled(kinds.map((kind) => ctx.store.get(kind)));
  const loaded: Loaded = { listings: [], unavailable: [] };
  settled.forEach((result, i) => {
    const kind = kinds[i]!;
    if (result.status === 'fulfilled') loaded.listings.push({ kind, items: result.value.items });
    else loaded.unavailable.push({ kind, error: result.reason instanceof Error ? result.reason.message : String(result.reason) });
  });
  return loaded;
}

/** The state the service gives an item (`status`, or a cluster's `status.state`). */
function stateOf(data: unknown): string | undefined {
  const status = (data as { status?: unknown }).status;
  if (typeof status === 'string') return status || undefined;
  const state = (status as { state?: unknown } | null | undefined)?.state;
  return typeof state === 'string' ? state : undefined;
}

/** The item's running task, as the service describes it. */
function taskOf(data: unknown): s.Task | undefined {
  const task = (data as { task?: s.Task | null }).task;
  return task ?? undefined;
}

/** What every answer says of a resource first: its identity, monthly estimate and running task. */
function identity(ref: ResourceRef) {
  return { head: { kind: ref.kind, id: ref.id, name: ref.name }, monthly: monthlyOf(ref), task: taskOf(ref.data) };
}

function summary(ref: ResourceRef, facts: { addresses?: readonly string[]; tags?: readonly string[]; regions?: readonly string[] }): Record<string, unknown> {
  const { head, monthly, task } = identity(ref);
  return {
    ...head,
    ...(stateOf(ref.data) !== undefined ? { state: stateOf(ref.data) } : {}),
    ...(facts.regions?.length ? { region: facts.regions[0] } : {}),
    ...(facts.addresses?.length ? { addresses: facts.addresses } : {}),
    ...(facts.tags?.length ? { tags: facts.tags } : {}),
    ...(monthly !== undefined ? { monthlyUsd: monthly } : {}),
    ...(task ? { task: task.name } : {}),
  };
}

/** By store, by the kinds indexed: the index and the listings it was built from. */
const indexes = new WeakMap<ResourceStore, Map<string, { items: readonly (readonly unknown[])[]; index: ResourceIndex }>>();

/**
 * Go to Resource's index of `listings`, built once while the store answers the same listings (a listing read
 * again or changed is a new array): on 10,000 stacklets building it is most of a find's time.
 */
function indexOf(store: ResourceStore, listings: Loaded['listings']): ResourceIndex {
  const byKinds = indexes.get(store) ?? new Map<string, { items: readonly (readonly unknown[])[]; index: ResourceIndex }>();
  indexes.set(store, byKinds);
  const key = listings.map(({ kind }) => kind).join();
  const kept = byKinds.get(key);
  if (kept && kept.items.every((items, i) => items === listings[i]!.items)) return kept.index;
  const index = new ResourceIndex();
  index.replace(listings);
  byKinds.set(key, { items: listings.map(({ items }) => items), index });
  return index;
}

/**
 * Every searched kind's listing as the store holds it now, when the whole account's index is kept for exactly
 * those: a find narrowed by kind then filters that index rather than building one of its kind.
 */
function keptWhole(store: ResourceStore): Loaded['listings'] | undefined {
  const listings = SEARCH_KINDS.map((kind) => ({ kind, items: store.peek(kind)?.items }));
  const kept = indexes.get(store)?.get(SEARCH_KINDS.join());
  if (!kept || listings.some(({ items }, i) => items !== kept.items[i])) return undefined;
  return listings as Loaded['listings'];
}

const same = (a: string | undefined, b: string) => a !== undefined && a.toLowerCase() === b.toLowerCase();

/** Resources matching a query (name, ID, any IP, tag or region, as Go to Resource), narrowed by kind, region, tag, state. */
export async function findResources(ctx: ReadContext, raw: unknown): Promise<AnswerData> {
  const input = fieldsOf(raw);
  const query = textField(input, 'query') ?? '';
  const kind = kindField(input, 'kind');
  const region = textField(input, 'region');
  const tag = textField(input, 'tag');
  const state = textField(input, 'state');
  const whole = kind ? keptWhole(ctx.store) : undefined;
  const { listings, unavailable } = whole ? { listings: whole, unavailable: [] } : await load(ctx, kind ? [kind] : SEARCH_KINDS);
  const index = indexOf(ctx.store, listings);
  const found = whole ? index.find(query, Number.MAX_SAFE_INTEGER).filter(({ ref }) => ref.kind === kind).slice(0, FIND_LIMIT) : index.find(query, FIND_LIMIT);
  const items = found
    .filter(({ ref, facts }) =>
      (region === undefined || (facts.regions ?? []).some((r) => same(r, region)))
      && (tag === undefined || (facts.tags ?? []).some((t) => same(t, tag)))
      && (state === undefined || same(stateOf(ref.data), state)))
    .map(({ ref, facts, match }) => ({ ...summary(ref, facts), ...(match ? { matched: match } : {}) }));
  return { items, ...(unavailable.length > 0 ? { unavailable } : {}) };
}

/** The resource of `kind` with that id (the refusal names `idField`). */
export async function resolve(ctx: ReadContext, kind: ListedKind, id: string, idField = 'id'): Promise<ResourceRef> {
  const listing = await ctx.store.get(kind);
  const spec = kindSpec(kind) as unknown as KindSpec<ListedKind>;
  const item = (listing.items as readonly KindItems[ListedKind][]).find((data) => sameId(spec.key(data as never), id));
  if (item === undefined) throw new ActionInputError(idField, l10n.t('no {0} has this ID', kind));
  return refTo(kind, item as never) as ResourceRef;
}

/** One resource: its fields as the service gave them, what it is related to, its running task and estimate. */
export async function describeResource(ctx: ReadContext, raw: unknown): Promise<AnswerData> {
  const input = fieldsOf(raw);
  const kind = kindField(input, 'kind', true);
  const ref = await resolve(ctx, kind, textField(input, 'id', true));
  // What it names, and what may name it (a stacklet's load balancers), as each kind says (src/kinds/relations.ts).
  const named = namedBy(ref.kind, ref.data);
  const inverse = namingKinds(ref.kind, SEARCH_KINDS);
  const searchable = (k: Kind): k is SearchKind => (SEARCH_KINDS as readonly Kind[]).includes(k);
  const { listings } = await load(ctx, [...new Set([...named.map(({ kind: k }) => k).filter(searchable), ...inverse.filter(searchable)])]);
  const relations: Record<string, unknown>[] = [];
  for (const { kind: other, items } of listings) {
    const spec = kindSpec(other) as unknown as KindSpec<SearchKind>;
    const ids = named.find(({ kind: k }) => k === other)?.ids ?? [];
    for (const item of items) {
      const key = spec.key(item as never);
      if (ids.some((id) => sameId(id, key)) || (inverse.includes(other) && related(ref.kind, ref.data as never, other, item as never))) {
        relations.push({ kind: other, id: key, name: spec.name(item as never) });
      }
    }
  }
  const { head, monthly, task } = identity(ref);
  return {
    ...head,
    ...(monthly !== undefined ? { monthlyUsd: monthly } : {}),
    runningTask: task ? { id: task.id, name: task.name, progress: task.description.progress } : null,
    relations,
    fields: ref.data,
  };
}

export const COST_BY = ['stacklet', 'region', 'tag'] as const;
export const CHANGES = ['resize', 'create', 'delete'] as const;

/**
 * Monthly estimates: the account's by stacklet, region or tag, or what a proposed change would do to it
 * (`change`: resize a stacklet to `size`, create one of `size` and `image`, delete a resource).
 */
export async function costEstimates(ctx: ReadContext, raw: unknown): Promise<AnswerData> {
  const input = fieldsOf(raw);
  if (textField(input, 'change') !== undefined) return costOfChange(ctx, input);
  const by = choiceField(input, 'by', COST_BY, 'stacklet');
  const stacklets = (await ctx.store.get('stacklet')).items;
  const all = total(stacklets);
  const estimate = { totalUsd: all.dollars, stacklets: all.count, notEstimated: all.unpriced, note: l10n.t('An estimate from the sizes and images the service prices, not a bill.') };
  if (by === 'stacklet') {
    const items = stacklets.map((stacklet) => ({ id: stacklet.id, name: kindSpec('stacklet').name(stacklet), monthlyUsd: stackletPrice(stacklet)?.total ?? null }));
    return { ...estimate, by, items };
  }
  const keys = by === 'region' ? (stacklet: s.Stacklet) => [stacklet.region.slug] : (stacklet: s.Stacklet) => stacklet.tags;
  const items = breakdown(stacklets, keys).map((bucket) => ({ [by]: bucket.key, monthlyUsd: bucket.dollars, stacklets: bucket.count, notEstimated: bucket.unpriced }));
  return { ...estimate, by, items };
}

export async function sizeOf(ctx: ReadContext, slug: string): Promise<s.Size> {
  const size = (await ctx.store.get('size')).items.find((item) => item.slug === slug);
  if (!size) throw new ActionInputError('size', l10n.t('is not a size the service offers'));
  return size;
}

async function costOfChange(ctx: ReadContext, input: Readonly<Record<string, unknown>>): Promise<AnswerData> {
  const change = choiceField(input, 'change', CHANGES, 'delete');
  let dollars: number | undefined;
  let affected: Record<string, unknown> | undefined;
  if (change === 'delete') {
    const ref = await resolve(ctx, kindField(input, 'kind', true), textField(input, 'id', true));
    affected = { kind: ref.kind, id: ref.id, name: ref.name };
    dollars = deletionChangeOf(ref);
  } else if (change === 'resize') {
    const ref = await resolve(ctx, 'stacklet', textField(input, 'id', true));
    affected = { kind: ref.kind, id: ref.id, name: ref.name };
    dollars = resizeChange(ref.data as s.Stacklet, await sizeOf(ctx, textField(input, 'size', true)));
  } else {
    const size = await sizeOf(ctx, textField(input, 'size', true));
    const slug = textField(input, 'image', true);
    const image = (await ctx.store.get('distribution')).items.flatMap((distribution) => distribution.images).find((item) => item.slug === slug)
      ?? (await ctx.store.get('application')).items.find((item) => item.slug === slug);
    if (!image) throw new ActionInputError('image', l10n.t('is not an image the service offers'));
    dollars = stackletPrice({ size, distribution: { image } })?.total;
  }
  return { change, ...(affected ? { resource: affected } : {}), monthlyChangeUsd: dollars ?? null, words: monthlyChangeWords(dollars) };
}

export const CATALOGS = ['regions', 'sizes', 'images', 'kubernetesVersions'] as const;

/** What resources can be made of: regions, sizes (with prices), images (distributions and apps), Kubernetes versions. */
export async function catalog(ctx: ReadContext, raw: unknown): Promise<AnswerData> {
  const what = choiceField(fieldsOf(raw), 'what', CATALOGS, 'regions');
  switch (what) {
    case 'regions':
      return { what, items: (await ctx.store.get('region')).items.map((r) => ({ slug: r.slug, name: r.name, available: r.available, features: r.features })) };
    case 'sizes':
      return {
        what,
        items: (await ctx.store.get('size')).items.map((size) => ({
          slug: size.slug, vcpu: size.vcpu, memoryMb: size.memory ?? null, diskGb: size.disk, priceMonthlyUsd: size.price_monthly ?? null, available: size.available,
        })),
      };
    case 'images': {
      const distributions = (await ctx.store.get('distribution')).items.flatMap((distribution) =>
        distribution.images.map((image) => ({ slug: image.slug, distribution: distribution.name, name: image.name ?? null, available: image.available, extraPriceUsd: image.extra_price ?? null })));
      const applications = (await ctx.store.get('application')).items.map((app) => ({ slug: app.slug, application: app.name ?? null, available: app.available, extraPriceUsd: app.extra_price ?? null }));
      return { what, items: [...distributions, ...applications] };
    }
    case 'kubernetesVersions': {
      const clusters = await ctx.store.get('cluster').then((listing) => listing.items, () => []);
      const inUse = clusters.map((cluster) => cluster.version.version ?? cluster.version.slug).filter((v): v is string => typeof v === 'string');
      return { what, note: l10n.t('The service lists no versions: these are the newest known releases and those of the account\'s clusters.'), items: [...new Set([...inUse, ...KNOWN_KUBERNETES_VERSIONS])] };
    }
  }
}

/** The account's resources that carry a running task now. */
export async function runningTasks(ctx: ReadContext): Promise<AnswerData> {
  const { listings, unavailable } = await load(ctx, SEARCH_KINDS.filter(isTaskKind));
  const items = listings.flatMap(({ kind, items: list }) => list.flatMap((item) => {
    const ref = refTo(kind, item as never) as ResourceRef;
    const task = taskOf(item);
    return task ? [{ kind, id: ref.id, name: ref.name, task: { id: task.id, name: task.name, progress: task.description.progress } }] : [];
  }));
  return { items, ...(unavailable.length > 0 ? { unavailable } : {}) };
}

/** This window's actions, newest first, with the requests each sent (never a header, so never the token). */
export function recentActions(ctx: ReadContext): AnswerData {
  const items = (ctx.history?.list() ?? []).map((entry) => ({
    id: entry.id,
    at: new Date(entry.at).toISOString(),
    title: entry.title,
    ...(entry.failure !== undefined ? { failure: entry.failure } : {}),
    // The model's own changes (this window's agent mode) against a person's and an MCP client's.
    by: entry.agent ? { agent: entry.agent.tool, door: entry.agent.door } : 'person',
    requests: entry.requests.map((r) => ({ method: r.method, path: r.path, status: r.status ?? null, ...(r.body !== undefined ? { body: r.body } : {}) })),
  }));
  return { items };
}
