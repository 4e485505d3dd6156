/**
 * Work on several items at once: at most `concurrency` in flight, each started in order as another ends, and
 * none started once the signal is aborted (what has not started is not sent; what is in flight finishes, since
 * a request that left cannot be taken back). Every item ends with its own outcome, in the order given. No vscode
 * import: the action runner (src/actions/runner.ts) and the benchmark use the same runner.
 */

/** Requests in flight at once for an action on several items (the client's pool keeps at least 8 connections). */
export const BULK_CONCURRENCY = 8;

export type BulkOutcome<T, R> =
  | { readonly item: T; readonly status: 'done'; readonly value: R }
  | { readonly item: T; readonly status: 'failed'; readonly error: unknown }
  | { readonly item: T; readonly status: 'not-sent' };

export interface BulkOptions<T, R> {
  readonly concurrency?: number;
  /** Aborted: no further item starts. */
  readonly signal?: AbortSignal;
  /** Told of each item as it starts, and as it ends (with how many have ended). */
  readonly onStart?: (item: T) => void;
  readonly onEnd?: (outcome: BulkOutcome<T, R>, ended: number) => void;
}

export async function runBounded<T, R>(items: readonly T[], work: (item: T) => Promise<R>, options: BulkOptions<T, R> = {}): Promise<BulkOutcome<T, R>[]> {
  const outcomes: BulkOutcome<T, R>[] = items.map((item) => ({ item, status: 'not-sent' }));
  const limit = Math.max(1, Math.floor(options.concurrency ?? BULK_CONCURRENCY));
  let next = 0;
  let ended = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length && !options.signal?.aborted) {
      const index = next++;
      const item = items[index]!;
      options.onStart?.(item);
      let outcome: BulkOutcome<T, R>;
      try {
        outcome = { item, status: 'done', value: await work(item) };
      } catch (error) {
        outcome = { item, status: 'failed', error };
      }
      outcomes[index] = outcome;
      options.onEnd?.(outcome, ++ended);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return outcomes;
}

/** The floor of a bounded run: ⌈items / concurrency⌉ rounds of one request each. */
export function boundedFloorMs(items: number, concurrency: number, latencyMs: number): number {
  return Math.ceil(items / Math.max(1, concurrency)) * latencyMs;
}
