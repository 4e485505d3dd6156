/**
 * Follows long-running operations until they end: one tracker for the window, fed by every command whose
 * response carried a `task`. No vscode import: the edges (status bar, notifications) subscribe to its events.
 *
 * - One timer (./pollTimer.ts), armed only while the active account has running tasks; its interval backs
 *   off while they run long and while checks fail.
 * - Every running task is seen to end within one check of its end (./taskChecks.ts): a lone task of a kind
 *   is read by id; several share the first page of the kind's listing (per_page=200), and those whose
 *   resource is not on it are read by id in the same check. A service that cannot list the kind (404/405/501)
 *   has its tasks read by id; one that cannot read by id has the whole listing read.
 * - A task ends when its resource carries no task or another task id, or is gone (404): its item is replaced
 *   in the account's store in place (removed when gone), listings it changed elsewhere are invalidated (a
 *   stacklet snapshot → snapshots), and onDidEnd fires. One past stacklet.taskTimeout is dropped and reported.
 * - A 401 marks the session expired, which stops the timer; the tasks stay and resume on the next sign-in.
 * - Running tasks are written to the workspace state on every change and read back in the constructor
 *   without any request; the first check waits for the timer. Only the active account's tasks are polled;
 *   the others are kept until that account is active again (or dropped when it is signed out of).
 */
import { isApiError } from '../api/errors';
import type { ActiveSession, SessionState } from '../auth/session';
import { Emitter, type Event } from '../model/emitter';
import { Disposable, type IDisposable } from '../model/lifecycle';
import { isKnownKind, isTaskKind, kindSpec, sameId, staleAfterTask, TASK_KINDS, type Kind, type KindSpec, type ListingKind } from '../kinds/registry';
import type { ResourceStore } from '../kinds/resourceStore';
import { checkKind, newKnowledge, type KindKnowledge, type TaskedResource } from './taskChecks';
import { systemClock, type Clock } from '../model/clock';
import { PollTimer, type PollPlan } from './pollTimer';
import { readTasks, writeTasks, type TaskMemento } from './taskStorage';
import { taskKey, type TaskGroup, type TaskKind, type TaskRegistry, type TaskStart, type TrackedTask } from './types';
import { describeError } from '../api/errorText';

/** What the tracker needs of the session (SessionManager fits). */
export interface TaskSession {
  readonly state: SessionState;
  readonly accounts: readonly { readonly id: string }[];
  current(): Promise<ActiveSession>;
  markExpired(): Promise<void>;
  readonly onDidChange: Event<SessionState>;
}

export interface TrackerSettings {
  /** stacklet.pollInterval, in milliseconds: the interval the backoff starts from. */
  readonly pollIntervalMs: number;
  /** stacklet.taskTimeout, in milliseconds: how long a task may run before it is reported and dropped. */
  readonly timeoutMs: number;
}

/** After telling the user that checks fail, stay quiet this long even if they recover and fail again. */
export const FAILURE_QUIET_MS = 5 * 60_000;

/** How many ended tasks are remembered so that a listing loaded before their end does not start them again. */
const ENDED_KEYS_KEPT = 1000;

export const DEFAULT_SETTINGS: TrackerSettings = { pollIntervalMs: 2000, timeoutMs: 900_000 };

export interface TaskTrackerOptions {
  readonly session: TaskSession;
  /** Where running tasks survive a window reload (the workspace's Memento). */
  readonly storage?: TaskMemento;
  /** Read at every scheduling decision, so a changed setting applies from the next check. */
  readonly settings?: () => TrackerSettings;
  readonly clock?: Clock;
  readonly log?: (message: string) => void;
}

export interface TaskEnd {
  readonly task: TrackedTask;
  /** The resource as the service holds it now; undefined when it is gone (404, e.g. after a delete). */
  readonly resource: TaskedResource | undefined;
}

export interface TaskFailure {
  readonly error: unknown;
  readonly retryInMs: number;
}

interface Entry {
  readonly task: TrackedTask;
}

export class TaskTracker extends Disposable implements TaskRegistry {
  private readonly entries = new Map<string, Entry>();
  private readonly kinds = new Map<TaskKind, KindKnowledge>();
  private readonly changed = this._register(new Emitter<void>());
  private readonly endedEmitter = this._register(new Emitter<TaskEnd>());
  private readonly timedOutEmitter = this._register(new Emitter<TrackedTask>());
  private readonly failedEmitter = this._register(new Emitter<TaskFailure>());
  private readonly session: TaskSession;
  /** Where running tasks are kept across reloads. */
  readonly storage: TaskMemento | undefined;
  private readonly settings: () => TrackerSettings;
  private readonly clock: Clock;
  private readonly log: (message: string) => void;
  private readonly poll: PollTimer;
  private controller: AbortController | undefined;
  private polledAccount: string | undefined;
  private failureReported = false;
  private lastReportAt = Number.NEGATIVE_INFINITY;
  /** allEnded() promises, each with the group it waits for (undefined: every task). */
  private readonly waiters = new Map<() => void, TaskGroup | undefined>();
  /** The store whose loaded listings are read for tasks nobody here follows, and that subscription. */
  private watched: { store: ResourceStore; subscription: IDisposable } | undefined;
  /** Tasks that ended here, oldest first: a listing loaded before their end must not start them again. */
  private readonly endedKeys = new Set<string>();
  /** Reading the stored tasks (see restore()). */
  private readonly restoring: Promise<void>;

  /** The running set (of the active account) changed, or another account became active. */
  readonly onDidChange: Event<void> = this.changed.event;
  /** A task ended; its item was already updated in the store. */
  readonly onDidEnd: Event<TaskEnd> = this.endedEmitter.event;
  /** A task ran past the timeout and is no longer followed. */
  readonly onDidTimeout: Event<TrackedTask> = this.timedOutEmitter.event;
  /** Checks started failing (once per run of failures, at most every 5 min; a 401 expires the session instead). */
  readonly onDidFail: Event<TaskFailure> = this.failedEmitter.event;

  /** Reads the stored tasks and arms the first check; makes no request. */
  constructor(options: TaskTrackerOptions) {
    super();
    this.session = options.session;
    this.storage = options.storage;
    this.settings = options.settings ?? (() => DEFAULT_SETTINGS);
    this.clock = options.clock ?? systemClock;
    this.log = options.log ?? (() => undefined);
    this.poll = new PollTimer({ clock: this.clock, plan: () => this.plan(), check: () => this.tick(), log: this.log });
    this.polledAccount = this.activeAccountId();
    this._register(this.session.onDidChange(() => this.onSessionChanged()));
    // Registered last, so disposed first: no check runs or is armed once disposal begins.
    this._register({
      dispose: () => {
        this.poll.dispose();
        this.controller?.abort();
        this.watched?.subscription.dispose();
        this.releaseWaiters();
      },
    });
    this.watchListings();
    this.restoring = this.restore().catch((error: unknown) => this.log(`Stored tasks not restored: ${String(error)}`));
  }

  /**
   * Follows the tasks an earlier window stored, once their parser is loaded (activation does not wait for
   * it); a task followed meanwhile stays as it is, and the store is written again so it keeps both.
   */
  private async restore(): Promise<void> {
    const stored = await readTasks(this.storage);
    if (this.disposed) return;
    const restored = stored.filter((task) => !this.entries.has(task.key));
    if (restored.length === 0) return;
    for (const task of restored) this.entries.set(task.key, { task });
    this.log(`Restored ${restored.length} running task(s) from the workspace state.`);
    this.persist();
    this.fireChanged();
    this.poll.schedule();
  }

  track(start: TaskStart): void {
    if (this.follow(start)) this.runningChanged();
  }

  /** Adds the task (its resource's previous one ends); false without a session, or when it is followed already. */
  private follow(start: TaskStart): boolean {
    const accountId = this.activeAccountId();
    if (!accountId || this.disposed) {
      this.log(`Not following task ${start.task.id} (${start.task.name}) of ${start.resourceName}: no active session.`);
      return false;
    }
    const key = taskKey(accountId, start.kind, start.resourceId, start.task.id);
    if (this.entries.has(key)) return false;
    // A resource runs one task at a time: a new task means the one followed before has ended.
    for (const [other, entry] of this.entries) {
      const t = entry.task;
      if (t.accountId === accountId && t.kind === start.kind && sameId(t.resourceId, start.resourceId)) this.entries.delete(other);
    }
    const task: TrackedTask = {
      key,
      accountId,
      kind: start.kind,
      resourceId: start.resourceId,
      resourceName: start.resourceName,
      task: start.task,
      startedAt: this.clock.now(),
      ...(start.group ? { group: start.group } : {}),
    };
    this.entries.set(key, { task });
    this.log(`Following task ${start.task.id} (${start.task.name}) of ${start.kind} ${start.resourceName}.`);
    return true;
  }

  /** After tasks were added: stored once, told once, and checked soon. */
  private runningChanged(): void {
    this.poll.tracked();
    this.persist();
    this.fireChanged();
    this.poll.schedule();
  }

  /** Tasks of the active account, oldest first (tasks of other accounts are kept but not followed). */
  running(): readonly TrackedTask[] {
    const accountId = this.activeAccountId();
    return accountId ? this.activeEntries(accountId).map((entry) => entry.task) : [];
  }

  /** Every stored task, whatever its account. */
  all(): readonly TrackedTask[] {
    return [...this.entries.values()].map((entry) => entry.task).sort((a, b) => a.startedAt - b.startedAt);
  }

  isBusy(kind: TaskKind, resourceId: string | number): boolean {
    return this.running().some((task) => task.kind === kind && sameId(task.resourceId, resourceId));
  }

  /** True while a check is armed. */
  get scheduled(): boolean {
    return this.poll.armed;
  }

  /** Milliseconds until the armed check, or undefined when none is armed. */
  get nextCheckIn(): number | undefined {
    return this.poll.dueIn;
  }

  /** Settles when no check is in flight (tests advance a fake clock, then wait for this). */
  async idle(): Promise<void> {
    await this.restoring;
    await this.poll.idle();
  }

  /** Checks the running tasks now instead of at the armed time (the backoff is unchanged). */
  async checkNow(): Promise<void> {
    await this.restoring;
    await this.poll.checkNow();
  }

  /**
   * Settles once no task of the active account runs (of `group` only, when given; at once when none does), or
   * when the tracker is disposed. A resource stays busy for the tracker until a check has seen its task end.
   */
  allEnded(group?: TaskGroup): Promise<void> {
    if (this.disposed || !this.runs(group)) return Promise.resolve();
    return new Promise((resolve) => this.waiters.set(resolve, group));
  }

  private runs(group: TaskGroup | undefined): boolean {
    return this.running().some((task) => group === undefined || task.group?.id === group.id);
  }

  /** What the poll timer waits for: the active account's running tasks, the first to time out first. */
  private plan(): PollPlan | undefined {
    const accountId = this.activeAccountId();
    const entries = accountId ? this.activeEntries(accountId) : [];
    if (entries.length === 0) return undefined;
    const { pollIntervalMs, timeoutMs } = this.settings();
    return { baseMs: pollIntervalMs, deadline: Math.min(...entries.map((entry) => entry.task.startedAt + timeoutMs)) };
  }

  // ── one check ─────────────────────────────────────────────────────────────

  private async tick(): Promise<void> {
    const accountId = this.activeAccountId();
    if (!accountId) return;
    this.poll.ticked();
    this.expireOverdue(accountId);
    const entries = this.activeEntries(accountId);
    if (entries.length === 0) return;

    const controller = new AbortController();
    this.controller = controller;
    let session: ActiveSession;
    try {
      session = await this.session.current();
    } catch (error) {
      if (!this.isStale(accountId, controller)) this.onFailure(error);
      return;
    }
    if (this.isStale(accountId, controller)) return;

    const byKind = new Map<TaskKind, Entry[]>();
    for (const entry of entries) {
      const list = byKind.get(entry.task.kind) ?? [];
      list.push(entry);
      byKind.set(entry.task.kind, list);
    }
    const outcomes = await Promise.all(
      [...byKind].map(([kind, list]) => checkKind(session.client, kind, list.map((entry) => entry.task), this.knowledge(kind), controller.signal, this.log)),
    );
    if (this.isStale(accountId, controller)) return;

    let failure: unknown;
    let ended = 0;
    for (const outcome of outcomes) {
      if (outcome.error !== undefined && failure === undefined) failure = outcome.error;
      for (const { task, resource } of outcome.ended) {
        // Ended since this check started (a newer task of the same resource replaced it)?
        const entry = this.entries.get(task.key);
        if (entry?.task !== task) continue;
        this.finish(session.store, entry, resource);
        ended++;
      }
    }
    if (ended > 0) {
      this.persist();
      this.fireChanged();
    }
    if (failure !== undefined) this.onFailure(failure);
    else {
      this.poll.succeeded();
      this.failureReported = false;
    }
  }

  /** Drops the task and updates its item in place (removes it when gone); other listings it changed reload. */
  private finish(store: ResourceStore, entry: Entry, resource: TaskedResource | undefined): void {
    const { task } = entry;
    this.entries.delete(task.key);
    this.endedKeys.add(task.key);
    if (this.endedKeys.size > ENDED_KEYS_KEPT) this.endedKeys.delete(this.endedKeys.values().next().value!);
    const spec = kindSpec(task.kind) as KindSpec<Kind>;
    store.update(task.kind, (item) => sameId(spec.key(item as never), task.resourceId), resource as never);
    // An item the service may not list, known by its id, whose task ended with it gone: forget the id too.
    if (!resource && isKnownKind(task.kind)) store.forgetDeleted(task.kind, String(task.resourceId));
    const stale = staleAfterTask(task.kind, task.task.name);
    if (stale.length > 0) store.invalidate(...stale);
    this.log(`Task ${task.task.id} (${task.task.name}) of ${task.kind} ${task.resourceName} ended${resource ? '' : ' (the resource is gone)'}.`);
    this.endedEmitter.fire({ task, resource });
  }

  private expireOverdue(accountId: string): void {
    const now = this.clock.now();
    const { timeoutMs } = this.settings();
    const overdue = this.activeEntries(accountId).filter((entry) => now - entry.task.startedAt >= timeoutMs);
    if (overdue.length === 0) return;
    for (const entry of overdue) this.entries.delete(entry.task.key);
    this.persist();
    this.fireChanged();
    for (const { task } of overdue) {
      this.log(`Task ${task.task.id} (${task.task.name}) of ${task.kind} ${task.resourceName} did not end within ${Math.round(timeoutMs / 1000)} s; no longer followed.`);
      this.timedOutEmitter.fire(task);
    }
  }

  private onFailure(error: unknown): void {
    if (isApiError(error) && error.kind === 'aborted') return;
    if (isApiError(error) && error.isUnauthorized) {
      // The session expired: stop (the session's change clears the timer); the tasks stay for the next sign-in.
      this.log('Checking running tasks answered 401: stopped until the account signs in again.');
      void this.session.markExpired();
      return;
    }
    const retryInMs = this.poll.failed(this.settings().pollIntervalMs);
    this.log(`Checking running tasks failed (${describeError(error)}); retrying in ${Math.round(retryInMs / 1000)} s.`);
    // Once per run of failures, and not again within a few minutes (a flaky network fails, recovers, fails).
    const now = this.clock.now();
    if (!this.failureReported && now - this.lastReportAt >= FAILURE_QUIET_MS) {
      this.lastReportAt = now;
      this.failedEmitter.fire({ error, retryInMs });
    }
    this.failureReported = true;
  }

  // ── tasks seen in listings ───────────────────────────────────────────────

  /**
   * Follows the tasks the active account's listings show that nobody here follows: started in another
   * window or the web console, or before a reload whose stored state the browser did not keep.
   */
  private watchListings(): void {
    if (this.activeAccountId() === undefined) return;
    this.session.current().then(({ store }) => {
      if (this.disposed || this.watched?.store === store || store.isDisposed) return;
      this.watched?.subscription.dispose();
      this.watched = { store, subscription: store.onDidLoad((kind) => this.adoptFrom(store, kind)) };
      for (const kind of TASK_KINDS) this.adoptFrom(store, kind);
    }, () => undefined);
  }

  private adoptFrom(store: ResourceStore, kind: ListingKind): void {
    const accountId = this.activeAccountId();
    if (!accountId || this.disposed || !isTaskKind(kind as Kind)) return;
    const taskKind = kind as TaskKind;
    const spec = kindSpec(taskKind) as KindSpec<TaskKind>;
    let added = false;
    for (const item of store.peek(taskKind)?.items ?? []) {
      const task = (item as { task?: TrackedTask['task'] | null }).task;
      if (!task) continue;
      const resourceId = spec.key(item as never);
      const key = taskKey(accountId, taskKind, resourceId, task.id);
      // A resource followed already (perhaps from an answer newer than this listing) keeps its task.
      if (this.endedKeys.has(key) || [...this.entries.values()].some(({ task: t }) => t.accountId === accountId && t.kind === taskKind && sameId(t.resourceId, resourceId))) continue;
      added = this.follow({ kind: taskKind, resourceId, resourceName: spec.name(item as never), task }) || added;
    }
    // A listing that shows twenty such tasks is stored and redrawn once, not twenty times.
    if (added) this.runningChanged();
  }

  // ── session ───────────────────────────────────────────────────────────────

  private onSessionChanged(): void {
    if (this.disposed) return;
    // A check in flight used the previous store (closed now): its answers are dropped and asked again.
    this.controller?.abort();
    const accountId = this.activeAccountId();
    if (accountId !== this.polledAccount) {
      // Another account (or none): what was learnt about the previous one's listings no longer applies.
      this.kinds.clear();
      this.polledAccount = accountId;
    }
    this.poll.reset();
    this.failureReported = false;
    // Tasks of accounts signed out of can no longer be followed.
    const known = new Set(this.session.accounts.map((account) => account.id));
    let pruned = false;
    for (const [key, entry] of this.entries) {
      if (!known.has(entry.task.accountId)) {
        this.entries.delete(key);
        pruned = true;
      }
    }
    if (pruned) this.persist();
    this.poll.cancel();
    this.fireChanged();
    this.watchListings();
    this.poll.schedule();
  }

  private fireChanged(): void {
    this.changed.fire();
    for (const [resolve, group] of this.waiters) {
      if (this.runs(group)) continue;
      this.waiters.delete(resolve);
      resolve();
    }
  }

  private releaseWaiters(): void {
    for (const resolve of this.waiters.keys()) resolve();
    this.waiters.clear();
  }

  private activeAccountId(): string | undefined {
    const state = this.session.state;
    return state.kind === 'active' ? state.account.id : undefined;
  }

  private activeEntries(accountId: string): Entry[] {
    return [...this.entries.values()].filter((entry) => entry.task.accountId === accountId).sort((a, b) => a.task.startedAt - b.task.startedAt);
  }

  private isStale(accountId: string, controller: AbortController): boolean {
    return this.disposed || controller.signal.aborted || this.activeAccountId() !== accountId;
  }

  private knowledge(kind: TaskKind): KindKnowledge {
    let known = this.kinds.get(kind);
    if (!known) {
      known = newKnowledge();
      this.kinds.set(kind, known);
    }
    return known;
  }

  private persist(): void {
    Promise.resolve(writeTasks(this.storage, this.all())).catch((error: unknown) => this.log(`Saving running tasks failed: ${String(error)}`));
  }
}

