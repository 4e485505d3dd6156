/** When the tracker checks running tasks again: the backoff rule. No vscode import. */

/** Checks made at the base interval after a task starts, before the interval grows. */
export const STEADY_TICKS = 3;
/** Growth of the interval per check once tasks run long. */
export const GROWTH = 1.5;
/** The interval never grows past this while checks succeed (unless the base interval is longer). */
export const MAX_INTERVAL_MS = 30_000;
/** Nor past this while checks fail. */
export const MAX_ERROR_INTERVAL_MS = 120_000;

export interface BackoffState {
  /** The configured interval (stacklet.pollInterval). */
  readonly baseMs: number;
  /** Checks made since the newest task was tracked. */
  readonly ticksSinceTrack: number;
  /** Failed checks in a row. */
  readonly errorStreak: number;
}

/**
 * The delay before the next check: the base interval for the first few checks after a task starts, then
 * growing by half each check up to 30 s; after failures, doubling per failure up to 2 min.
 */
export function pollDelay({ baseMs, ticksSinceTrack, errorStreak }: BackoffState): number {
  const base = Math.max(1, baseMs);
  const cap = Math.max(base, MAX_INTERVAL_MS);
  const steady = Math.min(cap, base * GROWTH ** Math.max(0, ticksSinceTrack - STEADY_TICKS + 1));
  if (errorStreak <= 0) return Math.round(steady);
  const failing = Math.min(Math.max(cap, MAX_ERROR_INTERVAL_MS), base * 2 ** errorStreak);
  return Math.round(Math.max(steady, failing));
}
