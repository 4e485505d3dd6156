/**
 * Go to Resource's index: every cached resource of the kinds the registry marks `search`, matched by name, id,
 * any IP address (public or private, v4 or v6), tag and region. Built once from the listings (and again after a
 * refresh), then filtered on every keystroke: each entry's words are one lowercase string, a query's words must
 * all occur in it, and at most `limit` results are kept: those whose name, id or an address is the query first,
 * then names that start with it, then the rest. With the kinds, whose search facts it indexes. No vscode import.
 */
import { kindSpec, type KindItems, type KindSpec, type ResourceRef, type SearchFacts, type SearchKind, refTo } from './registry';

/** Results shown at most: a picker of 25,000 rows helps nobody; typing more narrows them. */
export const SEARCH_LIMIT = 100;

/** What matched besides the name: shown under a result so the user sees why it is there. */
export interface SearchMatch {
  readonly field: 'id' | 'address' | 'tag' | 'region';
  readonly value: string;
}

export interface SearchResult {
  readonly ref: ResourceRef;
  readonly facts: SearchFacts;
  /** Undefined when the name matched (or nothing was typed). */
  readonly match?: SearchMatch;
}

interface Entry {
  readonly ref: ResourceRef;
  readonly facts: SearchFacts;
  readonly name: string;
  /** Name, id, addresses, tags and regions, lowercase, separated by a character no query contains. */
  readonly words: string;
  /** What a query names exactly: name, id and each address, lowercase. */
  readonly identities: readonly string[];
}

/** Each entry by what names it exactly, and all of them by name: built for a picker that asks on every keystroke. */
interface Lookups {
  readonly exact: Map<string, Entry[]>;
  readonly byName: readonly Entry[];
}

const SEPARATOR = '\u0000';
/** Between two entries in the index's one text (neither separator can be typed into a query). */
const BETWEEN = '\u0001';

export class ResourceIndex {
  private entries: Entry[] = [];
  private lookups: Lookups | undefined;
  /** Every entry's words in one text, in listing order, and where each entry starts in it. */
  private text = '';
  private starts = new Int32Array(0);

  /**
   * `perKeystroke`: Go to Resource asks on every keystroke, so the index keeps each entry by what names it
   * exactly (a map) and all by name (sorted), and answers each query without a look at every entry. An agent's
   * find asks once or twice of each index, where building those costs more than the looks they save (most of a
   * first find's time in a fresh process): without it, the exact and the named are found in one look.
   */
  constructor(private readonly options: { readonly perKeystroke?: boolean } = {}) {}

  get size(): number {
    return this.entries.length;
  }

  /** Replaces the index with the items of these listings. */
  replace(listings: readonly { readonly kind: SearchKind; readonly items: readonly unknown[] }[]): void {
    const entries: Entry[] = [];
    for (const { kind, items } of listings) {
      const spec = kindSpec(kind) as unknown as KindSpec<SearchKind>;
      for (const item of items) {
        const ref = refTo(kind, item as KindItems[SearchKind]) as ResourceRef;
        const facts = spec.search?.(item as never) ?? {};
        const id = String(ref.id);
        const words = [ref.name, id, ...(facts.addresses ?? []), ...(facts.tags ?? []), ...(facts.regions ?? [])].join(SEPARATOR).toLowerCase();
        const name = ref.name.toLowerCase();
        entries.push({ ref, facts, name, words, identities: [name, id.toLowerCase(), ...(facts.addresses ?? []).map((address) => address.toLowerCase())] });
      }
    }
    this.entries = entries;
    this.lookups = this.options.perKeystroke ? lookupsOf(entries) : undefined;
    this.starts = new Int32Array(entries.length);
    let offset = 0;
    entries.forEach((entry, i) => {
      this.starts[i] = offset;
      offset += entry.words.length + BETWEEN.length;
    });
    this.text = entries.map((entry) => entry.words).join(BETWEEN);
  }

  /**
   * The results for `query`, best first, at most `limit`: those whose name, id or an address is the query,
   * then names that start with it (by name), then the rest in listing order. Per keystroke, the first two ranks
   * are found without a look at every entry (a map, a binary search); the scan for the rest stops at the limit.
   */
  find(query: string, limit = SEARCH_LIMIT): SearchResult[] {
    // eslint-disable-next-line no-control-regex
    const whole = query.replace(/[\u0000-\u001f]/g, ' ').trim().toLowerCase().replace(/\s+/g, ' ');
    const terms = whole.split(' ').filter((term) => term !== '');
    if (terms.length === 0) return this.entries.slice(0, limit).map(({ ref, facts }) => ({ ref, facts }));
    const chosen = this.lookups ? ranked(this.lookups, whole, limit) : this.scanned(whole, limit);
    // The rest: where the longest word occurs in the one text (a native search), entry by entry, until the limit.
    const longest = terms.reduce((a, b) => (b.length > a.length ? b : a));
    const others = terms.filter((term) => term !== longest);
    for (let at = this.text.indexOf(longest); at !== -1 && chosen.size < limit;) {
      const i = this.entryAt(at);
      const entry = this.entries[i]!;
      if (others.every((term) => entry.words.includes(term))) chosen.add(entry);
      const next = this.starts[i + 1];
      at = next === undefined ? -1 : this.text.indexOf(longest, next);
    }
    return [...chosen].map((entry) => ({ ref: entry.ref, facts: entry.facts, ...matchOf(entry, terms) }));
  }

  /** The entry whose words hold `offset` of the one text. */
  private entryAt(offset: number): number {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >>> 1;
      if (this.starts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return low;
  }

  /** The first two ranks in one look at every entry: what the query names exactly, then names that start with it. */
  private scanned(whole: string, limit: number): Set<Entry> {
    const chosen = new Set<Entry>();
    const named: Entry[] = [];
    for (const entry of this.entries) {
      if (entry.identities.includes(whole)) {
        if (chosen.size < limit) chosen.add(entry);
      } else if (entry.name.startsWith(whole)) {
        named.push(entry);
      }
    }
    // A stable sort, as the lookups' byName: equal names stay in listing order.
    named.sort(byName);
    for (let i = 0; i < named.length && chosen.size < limit; i++) chosen.add(named[i]!);
    return chosen;
  }
}

const byName = (a: Entry, b: Entry) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

function lookupsOf(entries: readonly Entry[]): Lookups {
  const exact = new Map<string, Entry[]>();
  for (const entry of entries) {
    for (const key of new Set(entry.identities)) {
      const list = exact.get(key);
      if (list) list.push(entry);
      else exact.set(key, [entry]);
    }
  }
  return { exact, byName: [...entries].sort(byName) };
}

/** The first two ranks from the lookups: what the query names exactly, then names that start with it (by name). */
function ranked({ exact, byName: sorted }: Lookups, whole: string, limit: number): Set<Entry> {
  const chosen = new Set<Entry>((exact.get(whole) ?? []).slice(0, limit));
  for (let i = firstNamed(sorted, whole); i < sorted.length && chosen.size < limit && sorted[i]!.name.startsWith(whole); i++) {
    chosen.add(sorted[i]!);
  }
  return chosen;
}

/** The index in `sorted` (by name) of the first name not before `prefix`. */
function firstNamed(sorted: readonly Entry[], prefix: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]!.name < prefix) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Which fact a result matched, when its name does not hold every word of the query. */
function matchOf(entry: Entry, terms: readonly string[]): { match?: SearchMatch } {
  if (terms.every((term) => entry.name.includes(term))) return {};
  const candidates: SearchMatch[] = [
    { field: 'id', value: String(entry.ref.id) },
    ...(entry.facts.addresses ?? []).map((value): SearchMatch => ({ field: 'address', value })),
    ...(entry.facts.tags ?? []).map((value): SearchMatch => ({ field: 'tag', value })),
    ...(entry.facts.regions ?? []).map((value): SearchMatch => ({ field: 'region', value })),
  ];
  const found = candidates.find((candidate) => terms.some((term) => candidate.value.toLowerCase().includes(term)));
  return found ? { match: found } : {};
}
