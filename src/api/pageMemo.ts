/** Pages remembered at most, over all listings: a listing reads 100 at most by default (listingLimits.ts). */
const MAX_PAGES = 1_000;
/**
 * Their answers' bytes at most: as much as one listing may read (DEFAULT_LISTING_LIMITS.maxBytes). What was read
 * is mostly what the store holds too, but a service that answers many large pages cannot make this keep more.
 */
const MAX_BYTES = 64 * 1024 * 1024;

export interface ReadPage {
  /** The SHA-256 of the page's answer (RawResponse.digest) and its size. */
  readonly digest: string;
  readonly bytes: number;
  /** What the client read from it. */
  readonly read: unknown;
}

/**
 * What the client read from each listing page last time, by the digest of its answer: a page whose answer comes
 * back byte for byte the same is the same page, so what was read from it is taken again rather than parsed and
 * checked again. Its items are then the very objects the views made their rows from (src/views/rowCache.ts),
 * and an auto-refresh of an account that did not change builds, compares and redraws nothing.
 */
export class PageMemo {
  private readonly pages = new Map<string, ReadPage>();
  private bytes = 0;

  /** The digest of the answer last read for `key` (the path and the query). */
  digestOf(key: string): string | undefined {
    return this.pages.get(key)?.digest;
  }

  /** What was read from that answer; undefined when another answer was remembered meanwhile. */
  readOf<T>(key: string, digest: string): T | undefined {
    const page = this.pages.get(key);
    if (page?.digest !== digest) return undefined;
    // Taken again: the newest, the last to be forgotten.
    this.pages.delete(key);
    this.pages.set(key, page);
    return page.read as T;
  }

  remember(key: string, page: ReadPage): void {
    this.forget(key);
    if (page.bytes > MAX_BYTES) return;
    this.pages.set(key, page);
    this.bytes += page.bytes;
    // The least recently read first, in the Map's insertion order.
    for (const oldest of this.pages.keys()) {
      if (this.pages.size <= MAX_PAGES && this.bytes <= MAX_BYTES) break;
      this.forget(oldest);
    }
  }

  clear(): void {
    this.pages.clear();
    this.bytes = 0;
  }

  private forget(key: string): void {
    const page = this.pages.get(key);
    if (!page) return;
    this.bytes -= page.bytes;
    this.pages.delete(key);
  }
}
