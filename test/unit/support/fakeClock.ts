// A clock for the task tracker, the refresh manager and the emulator that moves only when told: every tick and
// every task end happens at an exact time. Used by the tracker's tests and by the polling benchmark.
import type { Clock } from '../../../src/model/clock';

interface Timer {
  readonly id: number;
  readonly due: number;
  readonly callback: () => void;
}

export class FakeClock implements Clock {
  private timers: Timer[] = [];
  private nextId = 1;
  /** Every delay a timer was armed with, in order. */
  readonly armed: number[] = [];

  constructor(public time = Date.parse('2026-06-01T10:00:00.000Z')) {}

  now(): number {
    return this.time;
  }

  setTimer(callback: () => void, ms: number): unknown {
    const timer = { id: this.nextId++, due: this.time + ms, callback };
    this.timers.push(timer);
    this.armed.push(ms);
    return timer.id;
  }

  clearTimer(handle: unknown): void {
    this.timers = this.timers.filter((timer) => timer.id !== handle);
  }

  get pending(): number {
    return this.timers.length;
  }

  /**
   * Moves time forward by `ms`, firing each timer that falls due at its own time; after each, waits for
   * `settle` (the tracker's check, which makes real requests) before looking at the next.
   */
  async advance(ms: number, settle: () => Promise<void>): Promise<number> {
    const end = this.time + ms;
    let fired = 0;
    for (;;) {
      const next = this.timers.filter((timer) => timer.due <= end).sort((a, b) => a.due - b.due)[0];
      if (!next) break;
      this.timers = this.timers.filter((timer) => timer !== next);
      this.time = Math.max(this.time, next.due);
      next.callback();
      fired++;
      await settle();
    }
    this.time = end;
    return fired;
  }

  /** Fires the next timer, whenever it is due; returns false when none is armed. */
  async step(settle: () => Promise<void>): Promise<boolean> {
    const next = [...this.timers].sort((a, b) => a.due - b.due)[0];
    if (!next) return false;
    await this.advance(Math.max(0, next.due - this.time), settle);
    return true;
  }
}
