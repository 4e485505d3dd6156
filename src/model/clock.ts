/** Time and one-shot timers, injectable so tests advance time themselves. No vscode import. */
export interface Clock {
  now(): number;
  setTimer(callback: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer(callback, ms) {
    const handle = setTimeout(callback, ms);
    // A pending timer never keeps a process (a test run, the extension host at shutdown) alive on its own.
    handle.unref?.();
    return handle;
  },
  clearTimer: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

