/**
 * One pipeline for every action on a resource: target → refuse if busy → ask → send → update the cache →
 * follow the task → tell the user. A command declares what it acts on, what it asks and what it sends, and
 * its words; this file does the rest, the same way for every command.
 */
import * as vscode from 'vscode';
import * as notify from '../ui/notify';
import type { ActiveSession } from '../auth/session';
import type { Task } from '../api/schemas';
import { isTaskKind, kindSpec, sameId, type KindItems, type KindSpec, type ListedKind, type PoolItem, type TaskKind } from '../model/resourceKinds';
import type { CommandDeps, CommandHandler } from './deps';
import { resolveNodePool, resolveTarget, type PickSpec, type PoolTarget, type Target } from './target';

/** The resource an action runs on, with the session it was found in. */
export interface ActionTarget<T> extends ActiveSession {
  readonly item: T;
}

/** A resource a task may be running on: such a resource takes no conflicting action. */
export interface BusyCheck {
  readonly kind: TaskKind;
  readonly id: string | number;
  readonly name: string;
  readonly task?: Task | null | undefined;
}

interface Pipeline<T, A, R> {
  readonly target: (deps: CommandDeps, node: unknown) => Promise<ActionTarget<T> | undefined>;
  readonly busy?: (target: ActionTarget<T>) => BusyCheck | undefined;
  readonly refuse?: (item: T) => string | undefined;
  readonly ask?: (target: ActionTarget<T>, deps: CommandDeps) => Promise<A | undefined>;
  readonly send: (target: ActionTarget<T>, answers: A, deps: CommandDeps) => Promise<R>;
  readonly settle: (deps: CommandDeps, target: ActionTarget<T>, answer: R, answers: A) => void | Promise<void>;
  readonly progress: (item: T, answers: A) => string;
  readonly failure: (item: T, answers: A) => string;
  readonly done: (item: T, answers: A, answer: R) => string;
}

/** The words of an action: each takes the item (and the answers) it is about. */
export interface ActionWords<T, A, R> {
  readonly progress: (item: T, answers: A) => string;
  readonly failure: (item: T, answers: A) => string;
  readonly done: (item: T, answers: A, answer: R) => string;
}

async function run<T, A, R>(deps: CommandDeps, node: unknown, pipeline: Pipeline<T, A, R>): Promise<void> {
  const target = await pipeline.target(deps, node);
  if (!target) return;
  const busy = pipeline.busy?.(target);
  if (busy && refuseWhenBusy(deps, busy)) return;
  const refusal = pipeline.refuse?.(target.item);
  if (refusal !== undefined) {
    void notify.info(refusal);
    return;
  }
  const answers = pipeline.ask ? await pipeline.ask(target, deps) : ({} as A);
  if (answers === undefined) return;
  const answer = await send(deps, pipeline.progress(target.item, answers), pipeline.failure(target.item, answers), () => pipeline.send(target, answers, deps));
  if (answer === undefined) return;
  await pipeline.settle(deps, target, answer, answers);
  done(deps, pipeline.done(target.item, answers, answer));
}

/** An action on one resource of a listed kind. */
export interface ItemAction<K extends ListedKind, A, R> extends ActionWords<KindItems[K], A, R> {
  readonly kind: K;
  /** From the palette: which items are offered, and what is said when none can be. */
  readonly pick: () => PickSpec<KindItems[K]>;
  /** Why this item cannot take the action now (said; nothing is sent), or undefined. */
  readonly refuse?: (item: KindItems[K]) => string | undefined;
  readonly ask?: (target: Target<K>, deps: CommandDeps) => Promise<A | undefined>;
  /** The request; `deps` for a question the service's answer raises (a password the service insists on). */
  readonly send: (target: Target<K>, answers: A, deps: CommandDeps) => Promise<R>;
  /** After the answer; by default it replaces the item in the cache and its task is followed. */
  readonly settle?: (deps: CommandDeps, target: Target<K>, answer: R, answers: A) => void | Promise<void>;
}

/** The command of an action on one resource of `kind`. */
export function itemAction<K extends ListedKind, A = Record<string, never>, R = KindItems[K]>(action: ItemAction<K, A, R>): CommandHandler {
  const spec = kindSpec(action.kind) as unknown as KindSpec<ListedKind>;
  return (deps: CommandDeps, node?: unknown) => run<KindItems[K], A, R>(deps, node, {
    target: (d, n) => resolveTarget(d, n, action.kind, action.pick()),
    busy: (target) => {
      const item = target.item as { task?: Task | null };
      return isTaskKind(action.kind) ? { kind: action.kind, id: spec.key(target.item as never), name: spec.name(target.item as never), task: item.task } : undefined;
    },
    ...(action.refuse ? { refuse: action.refuse } : {}),
    ...(action.ask ? { ask: action.ask } : {}),
    send: action.send,
    settle: action.settle ?? ((d, target, answer) => settle(d, target, action.kind, answer as KindItems[K])),
    progress: action.progress,
    failure: action.failure,
    done: action.done,
  });
}

/** An action on a node pool; its cluster is what a task runs on. */
export interface PoolAction<A, R> extends ActionWords<PoolItem, A, R> {
  readonly pick: () => PickSpec<PoolItem>;
  readonly ask?: (target: PoolTarget, deps: CommandDeps) => Promise<A | undefined>;
  readonly send: (target: PoolTarget, answers: A) => Promise<R>;
  readonly settle: (deps: CommandDeps, target: PoolTarget, answer: R, answers: A) => void | Promise<void>;
}

export function poolAction<A, R>(action: PoolAction<A, R>): CommandHandler {
  return (deps: CommandDeps, node?: unknown) => {
    let pool: PoolTarget | undefined;
    return run<PoolItem, A, R>(deps, node, {
      target: async (d, n) => {
        pool = await resolveNodePool(d, n, action.pick());
        return pool && { ...pool, item: pool.pool };
      },
      busy: () => pool && { kind: 'cluster', id: pool.cluster.uuid, name: pool.cluster.name, task: pool.cluster.task },
      ask: (target, d) => (action.ask ? action.ask({ ...target, cluster: pool!.cluster, pool: target.item }, d) : Promise.resolve({} as A)),
      send: (target, answers) => action.send({ ...target, cluster: pool!.cluster, pool: target.item }, answers),
      settle: (d, target, answer, answers) => action.settle(d, { ...target, cluster: pool!.cluster, pool: target.item }, answer, answers),
      progress: action.progress,
      failure: action.failure,
      done: action.done,
    });
  };
}

/**
 * True (after saying so) when a task is known to run on the resource, from the tracker or from the item
 * itself: a busy resource takes no conflicting action, and nothing is sent.
 */
export function refuseWhenBusy(deps: CommandDeps, busy: BusyCheck): boolean {
  if (!busy.task && !deps.tasks.isBusy(busy.kind, busy.id)) return false;
  const what = busy.task ? busy.task.description.progress || busy.task.name : vscode.l10n.t('a task is running');
  void notify.warning(vscode.l10n.t('{0} is busy ({1}). Try again when it completes.', busy.name, what));
  deps.log.info(`Refused an action on busy ${busy.kind} ${String(busy.id)} (${what})`);
  return true;
}

/**
 * Sends one request with its progress in the status bar; the answer, or undefined after the failure was
 * shown (the message names the action and carries the service's own words). Never throws.
 */
export async function send<T>(deps: CommandDeps, progress: string, failure: string, request: () => Promise<T>): Promise<T | undefined> {
  try {
    return await notify.withProgress('window', progress, request);
  } catch (error) {
    deps.notifier.error(error, failure);
    return undefined;
  }
}

/** Starts following a task the service answered with (a no-op without one). */
export function follow(deps: CommandDeps, kind: TaskKind, resourceId: string | number, resourceName: string, task: Task | null | undefined): void {
  if (task) deps.tasks.track({ kind, resourceId, resourceName, task });
}

/** The answer replaces the resource in every cached variant of its listing (no refetch), and its task is followed. */
export function settle<K extends ListedKind>(deps: CommandDeps, session: ActiveSession, kind: K, answer: KindItems[K]): void {
  const spec = kindSpec(kind) as unknown as KindSpec<ListedKind>;
  const id = spec.key(answer as never);
  session.store.update(kind, (item) => sameId(spec.key(item as never), id), answer as never);
  if (isTaskKind(kind)) follow(deps, kind, id, spec.name(answer as never), (answer as { task?: Task | null }).task);
}

/** A short confirmation in the status bar and the log. */
export function done(deps: CommandDeps, message: string): void {
  deps.log.info(message);
  notify.statusMessage('check', message, 5000);
}
