/**
 * When the task tracker checks its running tasks, and starting each check. No vscode import.
 *
 * - One timer, armed only while the tracker has tasks to check (its plan): none while nothing runs, none while
 *   signed out or expired. Checks start at stacklet.pollInterval (2 s) for three ticks, then the interval
 *   grows by half per tick up to 30 s; a newly tracked task brings it back to the base. Failed checks double
 *   it per failure up to 2 min (the rule is ./schedule.ts). No check comes later than the first task's timeout.
 * - One check at a time: the timer is armed again only once the check settles.
 */
import type { Clock } from '../model/clock';
import type { IDisposable } from '../model/lifecycle';
import { pollDelay } from './schedule';

/** What the next check is for, read at every scheduling decision so a changed setting applies from the next check. */
export interface PollPlan {
  /** stacklet.pollInterval, in milliseconds: the interval the backoff starts from. */
  readonly baseMs: number;
  /** When the first running task times out: the check comes no later. */
  readonly deadline: number;
}

export interface PollTimerOptions {
  readonly clock: Clock;
  /** Undefined when there is nothing to check: the timer is then cleared. */
  readonly plan: () => PollPlan | undefined;
  /** One check, started when the timer fires. */
  readonly check: () => Promise<void>;
  readonly log: (message: string) => void;
}

export class PollTimer implements IDisposable {
  private timer: unknown;
  private timerDue = 0;
  private checking: Promise<void> | undefined;
  /** Checks made since the newest task was tracked. */
  private ticksSinceTrack = 0;
  /** Failed checks in a row. */
  private errorStreak = 0;
  private disposed = false;

  constructor(private readonly options: PollTimerOptions) {}

  /** True while a check is armed. */
  get armed(): boolean {
    return this.timer !== undefined;
  }

  /** Milliseconds until the armed check, or undefined when none is armed. */
  get dueIn(): number | undefined {
    return this.timer === undefined ? undefined : Math.max(0, this.timerDue - this.options.clock.now());
  }

  /** Arms the one timer when the plan has tasks and none is armed sooner; clears it otherwise. */
  schedule(): void {
    if (this.disposed || this.checking) return;
    const plan = this.options.plan();
    if (!plan) {
      this.cancel();
      return;
    }
    const now = this.options.clock.now();
    const backoff = pollDelay({ baseMs: plan.baseMs, ticksSinceTrack: this.ticksSinceTrack, errorStreak: this.errorStreak });
    const delay = Math.max(0, Math.min(backoff, plan.deadline - now));
    const due = now + delay;
    if (this.timer !== undefined && this.timerDue <= due) return;
    this.cancel();
    this.timerDue = due;
    this.timer = this.options.clock.setTimer(() => this.onTimer(), delay);
  }

  cancel(): void {
    if (this.timer !== undefined) this.options.clock.clearTimer(this.timer);
    this.timer = undefined;
  }

  /** Settles when no check is in flight. */
  async idle(): Promise<void> {
    while (this.checking) await this.checking;
  }

  /** Runs the armed check now instead of at its time (the backoff is unchanged); nothing when none is armed. */
  async checkNow(): Promise<void> {
    await this.idle();
    if (this.disposed || this.timer === undefined) return;
    this.cancel();
    this.onTimer();
    await this.idle();
  }

  // ── the backoff's state, told by the tracker ───────────────────────────────

  /** A task was tracked: checks start from the base interval again. */
  tracked(): void {
    this.ticksSinceTrack = 0;
  }

  /** A check began (one made while no account is active does not count). */
  ticked(): void {
    this.ticksSinceTrack++;
  }

  /** A check failed: answers the delay before the next one. */
  failed(baseMs: number): number {
    this.errorStreak++;
    return pollDelay({ baseMs, ticksSinceTrack: this.ticksSinceTrack, errorStreak: this.errorStreak });
  }

  succeeded(): void {
    this.errorStreak = 0;
  }

  /** Another session: nothing learnt about the previous one's checks applies. */
  reset(): void {
    this.errorStreak = 0;
    this.ticksSinceTrack = 0;
  }

  /** No check runs or is armed from now on. */
  dispose(): void {
    this.disposed = true;
    this.cancel();
  }

  private onTimer(): void {
    this.timer = undefined;
    if (this.disposed) return;
    this.checking = this.options
      .check()
      .catch((error: unknown) => this.options.log(`Checking running tasks failed unexpectedly: ${String(error)}`))
      .finally(() => {
        this.checking = undefined;
        this.schedule();
      });
  }
}
