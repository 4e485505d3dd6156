/**
 * Go to Resource's index: every cached resource of the kinds the registry marks `search`, matched by name, id,
 * any IP address (public or private, v4 or v6), tag and region. Built once from the listings (and again after a
 * refresh), then filtered on every keystroke: each entry's words are one lowercase string, a query's words must
 * all occur in it, and at most `limit` results are kept, those whose name or identity equals the query first,
 * then names that start with it. No vscode import.
 */
import { kindSpec, type KindItems, type KindSpec, type ResourceRef, type SearchFacts, type SearchKind, refTo } from './resourceKinds';

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
  readonly id: string;
  /** Name, id, addresses, tags and regions, lowercase, separated by a character no query contains. */
  readonly words: string;
}

const SEPARATOR = '\u0000';

export class ResourceIndex {
  private entries: Entry[] = [];

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
        entries.push({ ref, facts, name: ref.name.toLowerCase(), id: id.toLowerCase(), words });
      }
    }
    this.entries = entries;
  }

  /** The results for `query`, best first, at most `limit`. */
  find(query: string, limit = SEARCH_LIMIT): SearchResult[] {
    const whole = query.trim().toLowerCase();
    const terms = whole.split(/\s+/).filter((term) => term !== '');
    if (terms.length === 0) return this.entries.slice(0, limit).map(({ ref, facts }) => ({ ref, facts }));
    // Three ranks, each kept to `limit`: the whole query is the name, id or an address; the name starts with it;
    // every word occurs somewhere.
    const exact: Entry[] = [];
    const prefix: Entry[] = [];
    const other: Entry[] = [];
    for (const entry of this.entries) {
      if (!terms.every((term) => entry.words.includes(term))) continue;
      if (entry.name === whole || entry.id === whole || (entry.facts.addresses ?? []).some((address) => address.toLowerCase() === whole)) {
        exact.push(entry);
        if (exact.length >= limit) break;
      } else if (entry.name.startsWith(whole)) {
        if (prefix.length < limit) prefix.push(entry);
      } else if (other.length < limit) {
        other.push(entry);
      }
    }
    return [...exact, ...prefix, ...other].slice(0, limit).map((entry) => ({ ref: entry.ref, facts: entry.facts, ...matchOf(entry, terms) }));
  }
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
