/**
 * `page` / `per_page` (names inferred from the meta fields; see service-notes §1) and the `meta` object every
 * list carries. A page is a slice of the stored array: the work is proportional to the page, not the account.
 */
import { ApiError } from './errors';
import type { Reply } from './http';
import type { Quirks } from './options';

export const DEFAULT_PER_PAGE = 25;
export const MAX_PER_PAGE = 200;

export interface Paging {
  page: number;
  perPage: number;
}

export interface PageMeta {
  pagination: {
    current_page: number;
    next_page: number | null;
    pages: number;
    per_page: number;
    previous_page: number | null;
    total: number;
  };
  query: null;
  sort: null;
}

function positiveInt(raw: string | null, field: string): number | undefined {
  if (raw === null) return undefined;
  if (!/^[0-9]{1,9}$/.test(raw.trim()) || Number(raw) < 1) {
    throw ApiError.field(field, 'must be a whole number of at least 1');
  }
  return Number(raw);
}

/** Reads the paging parameters; `per_page` above the maximum is capped rather than refused. */
export function parsePaging(query: URLSearchParams, quirks: Quirks = {}): Paging {
  const page = quirks.ignorePage ? 1 : (positiveInt(query.get('page'), 'page') ?? 1);
  const perPage = quirks.ignorePerPage
    ? DEFAULT_PER_PAGE
    : Math.min(positiveInt(query.get('per_page'), 'per_page') ?? DEFAULT_PER_PAGE, MAX_PER_PAGE);
  return { page, perPage };
}

export function pageMeta(total: number, { page, perPage }: Paging): PageMeta {
  const pages = Math.max(1, Math.ceil(total / perPage));
  return {
    pagination: {
      current_page: page,
      next_page: page < pages ? page + 1 : null,
      pages,
      per_page: perPage,
      // Past the end, point back at the last real page rather than at another empty one.
      previous_page: page > 1 ? Math.min(page - 1, pages) : null,
      total,
    },
    query: null,
    sort: null,
  };
}

export function paginate<T>(items: readonly T[], paging: Paging): { items: T[]; meta: PageMeta } {
  const start = (paging.page - 1) * paging.perPage;
  return { items: items.slice(start, start + paging.perPage), meta: pageMeta(items.length, paging) };
}

/** One pass over `items` that counts the matches and keeps only those on the requested page. */
export function paginateFiltered<T>(items: readonly T[], keep: (item: T) => boolean, paging: Paging): { items: T[]; meta: PageMeta } {
  const start = (paging.page - 1) * paging.perPage;
  const end = start + paging.perPage;
  const page: T[] = [];
  let total = 0;
  for (const item of items) {
    if (!keep(item)) continue;
    if (total >= start && total < end) page.push(item);
    total++;
  }
  return { items: page, meta: pageMeta(total, paging) };
}

/** What the `unreadableItem` quirk puts first: no identifier, and a name of the wrong type. */
const UNREADABLE_ITEM = { name: ['unreadable'] };

/** The 200 reply of a list endpoint: `{<key>: [...page], meta}`, optionally of the items `keep` accepts. */
export function listReply<T>(key: string, items: readonly T[], query: URLSearchParams, quirks: Quirks, keep?: (item: T) => boolean): Reply {
  const paging = parsePaging(query, quirks);
  const { items: page, meta } = keep ? paginateFiltered(items, keep, paging) : paginate(items, paging);
  const shown = quirks.unreadableItem && paging.page === 1 ? [UNREADABLE_ITEM, ...page] : page;
  return { status: 200, body: { [key]: shown, meta }, cacheItems: true };
}
