/**
 * What every action does around its one request: refuse while a task runs on the resource, send with
 * progress in the status bar, show the service's refusal (409, 422 …) as the service worded it, put the
 * answer into the cached listing in place, and hand the answer's task to the tracker.
 */
import * as vscode from 'vscode';
import type { Task } from '../api/schemas';
import type { ListingTypes, ResourceStore } from '../model/resourceStore';
import type { TaskResourceKind } from '../tasks/types';
import type { CommandDeps } from './deps';

/**
 * True (after saying so) when a task is known to run on the resource, from the tracker or from the item
 * itself: a busy resource takes no conflicting action, and nothing is sent.
 */
export function refuseWhenBusy(deps: CommandDeps, kind: TaskResourceKind, id: string | number, name: string, task?: Task | null): boolean {
  if (!task && !deps.tasks.isBusy(kind, id)) return false;
  const what = task ? task.description.progress || task.name : vscode.l10n.t('a task is running');
  void vscode.window.showWarningMessage(vscode.l10n.t('{0} is busy ({1}). Try again when it completes.', name, what));
  deps.log.info(`Refused an action on busy ${kind} ${String(id)} (${what})`);
  return true;
}

/**
 * Sends one request; the answer, or undefined after the failure was shown (the message names the action
 * and carries the service's own words). Never throws.
 */
export async function send<T>(deps: CommandDeps, progress: string, failure: string, request: () => Promise<T>): Promise<T | undefined> {
  try {
    return await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: progress }, request);
  } catch (error) {
    deps.notifier.error(error, failure);
    return undefined;
  }
}

/** Starts following a task the service answered with (a no-op without one). */
export function follow(deps: CommandDeps, kind: TaskResourceKind, resourceId: string | number, resourceName: string, task: Task | null | undefined): void {
  if (task) deps.tasks.track({ kind, resourceId, resourceName, task });
}

type Answered<K extends TaskResourceKind> = ListingTypes[K] & { readonly name: string; readonly task?: Task | null };

/** The answer replaces the resource in every cached variant of its listing (no refetch), and its task is followed. */
export function settle<K extends TaskResourceKind>(
  deps: CommandDeps,
  store: ResourceStore,
  kind: K,
  key: (item: ListingTypes[K]) => string | number,
  answer: Answered<K>,
): void {
  const id = key(answer);
  store.update(kind, (item) => String(key(item)) === String(id), answer);
  follow(deps, kind, id, answer.name, answer.task);
}

/** A short confirmation in the status bar and the log. */
export function done(deps: CommandDeps, message: string): void {
  deps.log.info(message);
  vscode.window.setStatusBarMessage(`$(check) ${message}`, 5000);
}
