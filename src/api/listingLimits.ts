/**
 * What one listing may cost, whatever the service claims. A listing whose `meta` promises a billion pages of
 * items with megabyte names must end in our own error, not in an extension host out of memory; these bounds
 * hold across all pages and retries of one listing. docs/security.md lists the defaults.
 */
import * as l10n from '@vscode/l10n';
import { ApiError } from './errors';

export interface ListingLimits {
  /** Bytes of answers (bodies as they arrive, every page and retry together). */
  readonly maxBytes: number;
  /** Items, counted as pages arrive (before duplicates are dropped). */
  readonly maxItems: number;
  /** Pages read at most, whatever page count the service reports; the rest is left with a warning. */
  readonly maxPages: number;
}

/**
 * 64 MB is six times the 10,000 stacklets of the performance target (about 10.8 MB); 50,000 items and 2,000
 * pages are five times that many stacklets, even from a service that answers only 25 per page.
 */
export const DEFAULT_LISTING_LIMITS: ListingLimits = { maxBytes: 64 * 1024 * 1024, maxItems: 50_000, maxPages: 2_000 };

const MB = 1024 * 1024;

/** The running count of one listing against its limits. */
export class ListingBudget {
  private bytes = 0;
  private items = 0;

  constructor(
    readonly limits: ListingLimits,
    private readonly where: { readonly method: string; readonly path: string },
  ) {}

  /** Counts bytes as they arrive; answers the error that stops the listing once they pass the limit. */
  takeBytes(count: number): ApiError | undefined {
    this.bytes += count;
    if (this.bytes <= this.limits.maxBytes) return undefined;
    const { maxBytes } = this.limits;
    const size = maxBytes >= MB ? `${Math.round(maxBytes / MB)} MB` : `${Math.round(maxBytes / 1024)} KB`;
    return this.refuse(l10n.t('Stopped reading {0} {1}: the answers passed {2}, the most one listing may read.', this.where.method, this.where.path, size));
  }

  /** Counts the items of a page; throws once the listing passes the limit. */
  takeItems(count: number): void {
    this.items += count;
    if (this.items <= this.limits.maxItems) return;
    const most = this.limits.maxItems.toLocaleString('en-US');
    throw this.refuse(l10n.t('Stopped reading {0} {1}: it passed {2} items, the most one listing may hold.', this.where.method, this.where.path, most));
  }

  private refuse(message: string): ApiError {
    return new ApiError(message, { kind: 'limit', method: this.where.method, path: this.where.path });
  }
}
