/**
 * Collects every page of a listing. Page 1 tells the page count; the rest are fetched concurrently with a
 * bound, kept in order and deduplicated by id. A service that ignores the page parameter is detected and
 * reported instead of looped on.
 */
import * as l10n from '@vscode/l10n';
import { plural } from './plural';
import { DEFAULT_LISTING_LIMITS } from './listingLimits';
import type { ListProblem } from './envelope';
import type { Pagination } from './schemas';

export interface FetchedPage<T> {
  readonly items: readonly T[];
  readonly pagination: Pagination | undefined;
  readonly problems?: readonly ListProblem[];
}

export interface ListResult<T> {
  readonly items: T[];
  /** What the service reports as the total, or the count collected when it reports none. */
  readonly total: number;
  readonly pages: number;
  /** Set when the listing could not be completed but what was read is still useful. */
  readonly warning?: string;
  /** Only the first page was asked for, and the service has more. */
  readonly incomplete?: boolean;
  /** Items (and paging information) that could not be read; the rest of the listing is in `items`. */
  readonly problems?: readonly ListProblem[];
}

export interface CollectOptions<T> {
  readonly concurrency: number;
  readonly keyOf: (item: T) => string | number;
  readonly signal?: AbortSignal;
  /** Guards against a service that reports an absurd page count. */
  readonly maxPages?: number;
}

/**
 * Pages after the first that are in flight at once. A listing of N pages then takes about
 * 1 + ⌈(N − 1) / 12⌉ round trips; the service's 429s are honoured by the transport's Retry-After handling.
 */
export const DEFAULT_PAGE_CONCURRENCY = 12;

const ignoredPage = () => l10n.t('The service ignored the page parameter, so only the first page is shown.');

export async function collectPages<T>(
  fetchPage: (page: number, signal: AbortSignal | undefined) => Promise<FetchedPage<T>>,
  options: CollectOptions<T>,
): Promise<ListResult<T>> {
  // A page count the service claims is only believed up to this; a listing also stops at its byte and item limits.
  const maxPages = options.maxPages ?? DEFAULT_LISTING_LIMITS.maxPages;
  const first = await fetchPage(1, options.signal);
  const pagination = first.pagination;
  const pages = [first];
  let warning: string | undefined;

  if (pagination && pagination.pages > 1) {
    const count = Math.min(pagination.pages, maxPages);
    if (count < pagination.pages) warning = plural(count, l10n.t('The service reports {0} pages; only 1 was read.', pagination.pages), l10n.t('The service reports {0} pages; only {1} were read.', pagination.pages, count));
    const rest = await fetchConcurrently(fetchPage, count, options);
    if (rest === 'ignored') warning = ignoredPage();
    else pages.push(...rest);
  } else if (pagination?.next_page) {
    // No page count but a next page: follow it one by one, refusing to go backwards or repeat.
    let next: number | null | undefined = pagination.next_page;
    let current = pagination.current_page;
    while (next && pages.length < maxPages) {
      if (next <= current) {
        warning = ignoredPage();
        break;
      }
      const page = await fetchPage(next, options.signal);
      if (page.pagination && page.pagination.current_page !== next) {
        warning = ignoredPage();
        break;
      }
      pages.push(page);
      current = next;
      next = page.pagination?.next_page;
    }
  }

  const seen = new Set<string | number>();
  const items: T[] = [];
  for (const page of pages) {
    for (const item of page.items) {
      const key = options.keyOf(item);
      if (!seen.has(key)) {
        seen.add(key);
        items.push(item);
      }
    }
  }
  const lastPagination = pages[pages.length - 1]?.pagination ?? pagination;
  const problems = pages.flatMap((page) => page.problems ?? []);
  return {
    items,
    total: warning === undefined ? (lastPagination?.total ?? items.length) : items.length,
    pages: pages.length,
    ...(warning !== undefined ? { warning } : {}),
    ...(problems.length > 0 ? { problems } : {}),
  };
}

async function fetchConcurrently<T>(
  fetchPage: (page: number, signal: AbortSignal | undefined) => Promise<FetchedPage<T>>,
  count: number,
  options: CollectOptions<T>,
): Promise<FetchedPage<T>[] | 'ignored'> {
  const controller = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, controller.signal]) : controller.signal;
  const results: FetchedPage<T>[] = new Array(count - 1);
  let next = 2;
  let ignored = false;
  let failed = false;
  let firstError: unknown;
  const worker = async () => {
    while (next <= count && !ignored && !failed) {
      const page = next++;
      let result: FetchedPage<T>;
      try {
        result = await fetchPage(page, signal);
      } catch (error) {
        if (ignored) return; // aborted because another page showed the parameter is ignored
        // One failed page fails the listing: stop the other workers' requests now.
        if (!failed) firstError = error;
        failed = true;
        controller.abort();
        throw error;
      }
      if (result.pagination && result.pagination.current_page !== page) {
        ignored = true;
        controller.abort();
        return;
      }
      results[page - 2] = result;
    }
  };
  const workers = Array.from({ length: Math.max(1, Math.min(options.concurrency, count - 1)) }, worker);
  await Promise.allSettled(workers);
  if (failed) throw firstError;
  if (ignored) return 'ignored';
  return results;
}
