/** Time and one-shot timers, injectable so tests advance time themselves. No vscode import. */
export interface Clock {
  now(): number;
  setTimer(callback: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
}

/** The system clock's timers armed and neither fired nor cleared yet. */
const pending = new Set<unknown>();

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer(callback, ms) {
    const handle = setTimeout(() => {
      pending.delete(handle);
      callback();
    }, ms);
    pending.add(handle);
    // A pending timer never keeps a process (a test run, the extension host at shutdown) alive on its own.
    handle.unref?.();
    return handle;
  },
  clearTimer: (handle) => {
    pending.delete(handle);
    clearTimeout(handle as NodeJS.Timeout);
  },
};

/**
 * How many of the system clock's timers are pending: every lasting timer of the extension's (the tracker's, the
 * refresh's, the embedded emulator's) is armed on it, so the working day counts them here rather than among Node's,
 * which hold the extension host's own (issue 47, item 3).
 */
export function pendingTimers(): number {
  return pending.size;
}
