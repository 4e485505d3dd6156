/**
 * The contract between what starts long-running operations (commands) and what follows them (the task
 * tracker). No vscode import: the tracker's logic is tested in plain Node.
 */
import type { Task } from '../api/schemas';

import type { TaskKind } from '../kinds/registry';

export type { TaskKind };

/** A followed task's key: unique, and stable across reloads. */
export function taskKey(accountId: string, kind: TaskKind, resourceId: string | number, taskId: number): string {
  return `${accountId}:${kind}:${resourceId}:${taskId}`;
}

export interface TrackedTask {
  /** `${accountId}:${kind}:${resourceId}:${task.id}`: unique, stable across reloads. */
  readonly key: string;
  readonly accountId: string;
  readonly kind: TaskKind;
  readonly resourceId: string | number;
  /** For messages: "web-1". */
  readonly resourceName: string;
  readonly task: Task;
  /** Epoch milliseconds when the tracker first saw the task. */
  readonly startedAt: number;
  /** The bulk action that started it with others (kept in this window only: after a reload each is told alone). */
  readonly group?: TaskGroup;
}

/** The tasks one bulk action started: the user hears of them once, when the last of them ends. */
export interface TaskGroup {
  /** Unique in the window. */
  readonly id: number;
  /** The bulk action's progress title: "Powering off 3 stacklets". */
  readonly title: string;
  /** Its items' names, filled as their tasks are tracked: in the order the action listed them unless `order` says it. */
  readonly names: string[];
  /**
   * The order the action listed its items in (the view's), where their tasks are tracked as the answers come,
   * in any order (a selection sent several at a time): the summary names them in this order.
   */
  readonly order?: readonly string[];
  /**
   * The action's own words for its ended tasks, given the names as one list ("web-1, db-1 and blog") and their
   * count: "web-1, db-1 and blog were powered off." Without them, each name is said with the service's words.
   */
  readonly ended?: (names: string, count: number) => string;
}

/** What a command hands the tracker after the service answered with a resource carrying a `task`. */
export interface TaskStart {
  readonly kind: TaskKind;
  readonly resourceId: string | number;
  readonly resourceName: string;
  readonly task: Task;
  readonly group?: TaskGroup;
}

export interface TaskRegistry {
  /** Starts following the task (no-op when already followed). */
  track(start: TaskStart): void;
  /** Tasks running now, oldest first. */
  running(): readonly TrackedTask[];
  /** True when a task of this resource is running (a busy item offers no conflicting action). */
  isBusy(kind: TaskKind, resourceId: string | number): boolean;
  /**
   * Checks the running tasks now rather than at the next scheduled time: a resource stays busy for the
   * tracker until a check has seen its task end (up to one poll interval after the service finished).
   */
  checkNow(): Promise<void>;
  /** Settles once no task of the active account runs (at once when none does); of `group` only, when given. */
  allEnded(group?: TaskGroup): Promise<void>;
}
