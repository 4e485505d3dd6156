/**
 * One pipeline for every action on a resource: target → refuse if busy → ask → send → update the cache →
 * follow the task → tell the user. A command declares what it acts on, what it asks and what it sends, and
 * its words; this file does the rest, the same way for every command.
 *
 * The same command runs on a selection of several items (VS Code passes `(node, nodes)` to a context-menu
 * command of a view with `canSelectMany`) when the registry lists its action among the kind's `bulk` actions
 * and the command declares `bulk` (see BulkAction): one question for all, one confirmation listing every name
 * with what the change does to the monthly estimate, the requests in parallel at BULK_CONCURRENCY with one
 * cancellable progress notification (what has not started is not sent), then one summary naming each failure
 * and its reason, with Show Log and Select Failed.
 */
import * as vscode from 'vscode';
import * as notify from '../ui/notify';
import type { ActiveSession } from '../auth/session';
import type { Task } from '../api/schemas';
import { runBounded, type BulkOutcome } from '../model/bulk';
import { addChanges, formatMonthlyChange, monthlyChangeWords } from '../model/cost';
import { isBulkAction, isTaskKind, kindSpec, sameId, type ActionId, type KindItems, type KindSpec, type ListedKind, type PoolItem, type ResourceRef, type TaskKind } from '../kinds/registry';
import { describeError } from '../api/errorText';
import { presentation } from '../views/kindPresentation';
import { kindName } from '../kinds/rowWords';
import { busyWords } from '../actions/steps';
import { confirmModal } from './confirm';
import type { CommandDeps, CommandHandler } from './deps';
import { refOfNode, resolveNodePool, resolveTarget, type PickSpec, type PoolTarget, type Target } from './target';
import { groupedRegistry, newTaskGroup } from '../tasks/taskGroups';
import { progressText } from '../model/taskText';
import type { TaskGroup } from '../tasks/types';

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
  done(deps, pipeline.done(target.item, answers, answer), taskIn(answer));
}

/** The task an answer carries, if it is a resource that runs one. */
function taskIn(answer: unknown): Task | null | undefined {
  return typeof answer === 'object' && answer !== null ? (answer as { task?: Task | null }).task : undefined;
}

/** An action on one resource of a listed kind. */
export interface ItemAction<K extends ListedKind, A, R> extends ActionWords<KindItems[K], A, R> {
  readonly kind: K;
  /** Which of the registry's actions this is; one the registry lists among the kind's `bulk` needs `bulk` here. */
  readonly action?: ActionId;
  /** How it runs on a selection of several items (see BulkAction). */
  readonly bulk?: BulkAction<K, A>;
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

/**
 * The command of an action on one resource of `kind`, or on several: `(deps, node?, nodes?)` as VS Code calls a
 * context-menu command (the item right-clicked, and the selection).
 */
export function itemAction<K extends ListedKind, A = Record<string, never>, R = KindItems[K]>(action: ItemAction<K, A, R>): CommandHandler {
  const spec = kindSpec(action.kind) as unknown as KindSpec<ListedKind>;
  const bulk = bulkOf(action);
  const one = (deps: CommandDeps, node?: unknown) => run<KindItems[K], A, R>(deps, node, {
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
  return (deps: CommandDeps, node?: unknown, nodes?: unknown) => {
    const selection = severalSelected(node, nodes);
    return bulk && selection ? runOnSelection(deps, action, bulk, selection) : one(deps, node);
  };
}

/** The action's bulk words, when the registry lets its kind take it on several items (checked when declared). */
function bulkOf<K extends ListedKind, A, R>(action: ItemAction<K, A, R>): BulkAction<K, A> | undefined {
  const listed = action.action !== undefined && isBulkAction(action.kind, action.action);
  if (listed !== (action.bulk !== undefined)) {
    throw new Error(`${action.kind} action ${action.action ?? '(unnamed)'}: the registry's bulk list and the command's bulk words disagree`);
  }
  return action.bulk;
}

/** The selection when it holds more than one item (the right-clicked one included). */
function severalSelected(node: unknown, nodes: unknown): readonly unknown[] | undefined {
  if (!Array.isArray(nodes) || nodes.length < 2) return undefined;
  return nodes.includes(node) || node === undefined ? nodes : [node, ...nodes];
}

/** An action on a node pool; its cluster is what a task runs on. */
export interface PoolAction<A, R> extends ActionWords<PoolItem, A, R> {
  readonly pick: () => PickSpec<PoolItem>;
  readonly ask?: (target: PoolTarget, deps: CommandDeps) => Promise<A | undefined>;
  readonly send: (target: PoolTarget, answers: A, deps: CommandDeps) => Promise<R>;
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
      send: (target, answers, d) => action.send({ ...target, cluster: pool!.cluster, pool: target.item }, answers, d),
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
  const what = busyWith(deps, busy);
  if (what === undefined) return false;
  // The words every door refuses a busy resource in (the agent's tools answer them too).
  void notify.warning(vscode.l10n.t('{0} is busy ({1}). {2}', busy.name, what, busyWords()));
  deps.log.info(`Refused an action on busy ${busy.kind} ${String(busy.id)} (${what})`);
  return true;
}

/** What the task running on the resource is doing, or undefined when none is known to run. */
function busyWith(deps: CommandDeps, busy: BusyCheck): string | undefined {
  if (!busy.task && !deps.tasks.isBusy(busy.kind, busy.id)) return undefined;
  return busy.task ? progressText(busy.task) : vscode.l10n.t('a task is running');
}

/**
 * Sends one request with its progress in the status bar; the answer, or undefined after the failure was
 * shown (the message names the action and carries the service's own words). Never throws. What it sent is
 * the action's entry in the log and the history (Copy as curl).
 */
export async function send<T>(deps: CommandDeps, progress: string, failure: string, request: () => Promise<T>): Promise<T | undefined> {
  return sendShowingFailure(deps, progress, failure, () => recordedSend(deps, progress, request)).catch(() => undefined);
}

/**
 * Runs `request` with its progress in the status bar; a failure is shown as `send` shows it, then thrown on
 * for a caller that also answers it elsewhere (a language model tool answers the model). `request` records
 * itself (see recordedSend).
 */
export async function sendShowingFailure<T>(deps: CommandDeps, progress: string, failure: string, request: () => Promise<T>): Promise<T> {
  try {
    return await notify.withProgress('window', progress, request);
  } catch (error) {
    deps.notifier.error(error, failure);
    throw error;
  }
}

/** Sends through the one recorded path: an entry of the action history (Copy as curl) and a line of the log. */
export function recordedSend<T>(deps: Pick<CommandDeps, 'history' | 'log'>, title: string, request: () => Promise<T>): Promise<T> {
  return deps.history.record(title, request, (line) => deps.log.info(line));
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

/**
 * A short word in the status bar and the log. Its check mark says the work has ended, so a request that started
 * a task (`task` given, or `running`) has none: the tasks' own item beside it says the task runs.
 */
export function done(deps: CommandDeps, message: string, task?: Task | null, running = false): vscode.Disposable {
  deps.log.info(message);
  return notify.statusMessage(task || running ? undefined : 'check', message, 5000);
}

// ── several items at once ──────────────────────────────────────────────────

/** The items of a selection that can take the action, with their session. */
export interface Targets<K extends ListedKind> extends ActiveSession {
  readonly items: readonly KindItems[K][];
}

/** The one confirmation of an action on several items. */
export interface BulkConfirmation {
  /** "Power off 3 stacklets?" */
  readonly question: string;
  /** Its button: "Power Off". */
  readonly button: string;
  /** What the action does, said before the names (as the one-item confirmation says it). */
  readonly detail?: string;
  /** A text to type after the dialog (for what destroys data): the input refuses anything else. */
  readonly typed?: string;
}

/**
 * What an action needs to run on several items besides what it needs for one. To opt a command in:
 * 1. `action: '<its ActionId>'` in its itemAction, and that id in the kind's `bulk` list in the registry
 *    (src/kinds/registry.ts); the two must agree, or declaring the command throws;
 * 2. `bulk: { … }` below: the confirmation's words, the change to the monthly estimate, the progress title, and
 *    the one question for all when the action asks one;
 * 3. its context-menu entry without `!listMultiSelection` (test/unit/packageManifest.test.ts checks it).
 * A delete, for example:
 * `bulk: { confirm: (n) => ({ question: plural(n, t('Delete 1 volume?'), t('Delete {0} volumes?', n)), button: t('Delete'), … }),`
 * `monthlyChange: (item) => deletionChangeOf(refTo('volume', item)), progress: (n) => plural(n, t('Deleting 1 volume'), t('Deleting {0} volumes', n)) }`:
 * a count's words come in two strings, one for 1 and one for any other count (src/api/plural.ts).
 * Its own `send` and `settle` run for each item (settling in one batch, so the views redraw once).
 */
export interface BulkAction<K extends ListedKind, A> {
  /** The one question for all of them (one size, one tag); without it the answers are `{}`. */
  readonly ask?: (targets: Targets<K>, deps: CommandDeps) => Promise<A | undefined>;
  /** After the answer, why an item is left out (already that size, already tagged), or undefined. */
  readonly refuse?: (item: KindItems[K], answers: A) => string | undefined;
  readonly confirm: (count: number, answers: A) => BulkConfirmation;
  /** The change one item makes to the monthly estimate, in US dollars: 0 for none, undefined when not estimated. */
  readonly monthlyChange: (item: KindItems[K], answers: A) => number | undefined;
  /** Said below the estimate, e.g. what it leaves out. */
  readonly costNote?: () => string;
  /**
   * What happens to one item, said beside its name instead of its change alone ("powered off, still billed
   * $12.00/mo"): for actions that change no price but do change something.
   */
  readonly outcome?: (item: KindItems[K], answers: A) => string;
  /** The progress notification's title, and the summary's subject: "Powering off 3 stacklets". */
  readonly progress: (count: number, answers: A) => string;
  /** For an action whose items run tasks, the summary once they ended: "web-1, db-1 and blog were powered off." */
  readonly ended?: (names: string, count: number, answers: A) => string;
}

interface Left {
  readonly name: string;
  readonly reason: string;
}

/** A selection of more than one item: the whole flow, from the items to the summary. */
async function runOnSelection<K extends ListedKind, A, R>(deps: CommandDeps, action: ItemAction<K, A, R>, bulk: BulkAction<K, A>, nodes: readonly unknown[]): Promise<void> {
  const session = await deps.session.current();
  const view = [...deps.views.values()].find((provider) => provider.view.selection.some((selected) => nodes.includes(selected)))
    ?? deps.views.get(presentation(action.kind).view);
  const { items, left } = eligible(deps, session, action, nodes);
  if (items.length === 0) {
    void notify.info(vscode.l10n.t('None of the {0} selected items can take this action now: {1}', nodes.length, leftText(left)));
    return;
  }
  const answers = bulk.ask ? await bulk.ask({ ...session, items }, deps) : ({} as A);
  if (answers === undefined) return;
  const targets: KindItems[K][] = [];
  for (const item of items) {
    const reason = bulk.refuse?.(item, answers);
    if (reason === undefined) targets.push(item);
    else left.push({ name: nameOf(action.kind, item), reason });
  }
  if (targets.length === 0) {
    void notify.info(vscode.l10n.t('None of the {0} selected items can take this action now: {1}', nodes.length, leftText(left)));
    return;
  }
  if (!(await confirmMany(deps, action.kind, bulk, targets, left, answers))) return;

  const title = bulk.progress(targets.length, answers);
  const outcomes = await sendMany(deps, session, action, targets, answers, title);
  // The tasks the answers start are one group: one notification when the last of them ends, not one each.
  const ended = bulk.ended;
  const group = newTaskGroup(title, ended && ((names, count) => ended(names, count, answers)));
  const grouped: CommandDeps = Object.create(deps, { tasks: { value: groupedRegistry(deps.tasks, group) } }) as CommandDeps;
  session.store.batch(() => {
    for (const outcome of outcomes) {
      if (outcome.status !== 'done') continue;
      const target = { ...session, item: outcome.item };
      if (action.settle) action.settle(grouped, target, outcome.value, answers);
      else settle(grouped, session, action.kind, outcome.value as unknown as KindItems[K]);
    }
  });
  summarize(deps, action.kind, title, outcomes, view, group);
}

/** The selected items of the action's kind as fresh as the cache has them, and why the others are left out. */
function eligible<K extends ListedKind, A, R>(deps: CommandDeps, session: ActiveSession, action: ItemAction<K, A, R>, nodes: readonly unknown[]): { items: KindItems[K][]; left: Left[] } {
  const spec = kindSpec(action.kind) as unknown as KindSpec<ListedKind>;
  const cached = session.store.peek(action.kind)?.items ?? [];
  const accept = action.pick().accept;
  const items: KindItems[K][] = [];
  const left: Left[] = [];
  const seen = new Set<string>();
  for (const ref of nodes.map(refOfNode).filter((r): r is ResourceRef => r !== undefined)) {
    if (ref.kind !== action.kind) {
      left.push({ name: ref.name, reason: kindName(ref.kind) });
      continue;
    }
    // A stacklet shown under two tags can be selected twice: it is acted on once.
    if (seen.has(String(ref.id))) continue;
    seen.add(String(ref.id));
    const item = (cached.find((candidate) => sameId(spec.key(candidate as never), ref.id)) ?? ref.data) as KindItems[K];
    const task = (item as { task?: Task | null }).task;
    const busy = isTaskKind(action.kind) ? busyWith(deps, { kind: action.kind, id: ref.id, name: ref.name, task }) : undefined;
    const reason = busy !== undefined
      ? vscode.l10n.t('busy: {0}', busy)
      : action.refuse?.(item) ?? (accept && !accept(item) ? presentation(action.kind).pick(item as never).detail ?? vscode.l10n.t('cannot take this action now') : undefined);
    if (reason === undefined) items.push(item);
    else left.push({ name: ref.name, reason });
  }
  // In the order the view lists them (its listing's), not the order they were clicked in.
  const place = (item: KindItems[K]) => {
    const at = cached.findIndex((candidate) => sameId(spec.key(candidate as never), spec.key(item as never)));
    return at < 0 ? cached.length : at;
  };
  items.sort((x, y) => place(x) - place(y));
  return { items, left };
}

function nameOf<K extends ListedKind>(kind: K, item: KindItems[K]): string {
  return (kindSpec(kind) as unknown as KindSpec<ListedKind>).name(item as never);
}

function leftText(left: readonly Left[]): string {
  return left.map(({ name, reason }) => vscode.l10n.t('{0} ({1})', name, reason)).join(', ');
}

/** Names listed one per line up to this many; more are listed together, grouped by their change. */
const LINES_MAX = 15;

/**
 * The one confirmation: every name with what it changes in the monthly estimate, the estimated total, and
 * the items left out with why. True when the user confirmed (and typed what `typed` asks, if anything).
 */
async function confirmMany<K extends ListedKind, A>(deps: CommandDeps, kind: K, bulk: BulkAction<K, A>, targets: readonly KindItems[K][], left: readonly Left[], answers: A): Promise<boolean> {
  const changes = targets.map((item) => bulk.monthlyChange(item, answers));
  const words = monthlyChangeWords;
  const confirmation = bulk.confirm(targets.length, answers);
  const lines: string[] = confirmation.detail ? [confirmation.detail, ''] : [];
  const outcome = bulk.outcome;
  if (outcome && targets.length <= LINES_MAX) {
    targets.forEach((item) => lines.push(vscode.l10n.t('{0}: {1}', nameOf(kind, item), outcome(item, answers))));
  } else if (outcome) {
    const groups = new Map<string, string[]>();
    for (const item of targets) groups.set(outcome(item, answers), [...(groups.get(outcome(item, answers)) ?? []), nameOf(kind, item)]);
    for (const [what, names] of groups) lines.push(vscode.l10n.t('{0}: {1}', what, names.join(', ')));
  } else if (new Set(changes).size === 1 || targets.length > LINES_MAX) {
    // Every name still, grouped by what each changes: "+$12.00/mo each: web-1, web-2".
    const each = (change: number | undefined) => (change === undefined || change === 0 ? words(change) : vscode.l10n.t('{0} each', words(change)));
    const groups = new Map<string, string[]>();
    targets.forEach((item, i) => groups.set(each(changes[i]), [...(groups.get(each(changes[i])) ?? []), nameOf(kind, item)]));
    for (const [change, names] of groups) lines.push(vscode.l10n.t('{0}: {1}', change, names.join(', ')));
  } else {
    targets.forEach((item, i) => lines.push(vscode.l10n.t('{0}: {1}', nameOf(kind, item), words(changes[i]))));
  }
  const total = addChanges(changes);
  lines.push('');
  if (total.unestimated === targets.length) lines.push(vscode.l10n.t('Estimated monthly cost: the change is not estimated.'));
  else if (total.dollars === 0 && total.unestimated === 0) lines.push(vscode.l10n.t('Estimated monthly cost: unchanged; each is billed as before.'));
  else {
    lines.push(total.unestimated > 0
      ? vscode.l10n.t('Estimated change to the monthly cost: {0} in all, in US dollars ({1} not estimated).', formatMonthlyChange(total.dollars), total.unestimated)
      : vscode.l10n.t('Estimated change to the monthly cost: {0} in all, in US dollars.', formatMonthlyChange(total.dollars)));
  }
  if (bulk.costNote) lines.push(bulk.costNote());
  if (left.length > 0) lines.push('', vscode.l10n.t('Left out: {0}', leftText(left)));
  if (!(await confirmModal(deps, confirmation.question, lines.join('\n'), confirmation.button))) return false;
  if (confirmation.typed === undefined) return true;
  const typed = confirmation.typed;
  const answer = await deps.prompter.input({
    title: confirmation.question,
    prompt: vscode.l10n.t('Type "{0}" to confirm.', typed),
    placeHolder: typed,
    validate: (text) => (text === typed ? undefined : vscode.l10n.t('Type "{0}" exactly to confirm', typed)),
  });
  return answer === typed;
}

/**
 * The requests, BULK_CONCURRENCY at a time, under one progress notification with Cancel: once cancelled,
 * nothing more starts (what is in flight finishes). Each item's requests are its own entry in the history.
 */
function sendMany<K extends ListedKind, A, R>(deps: CommandDeps, session: ActiveSession, action: ItemAction<K, A, R>, targets: readonly KindItems[K][], answers: A, title: string): Thenable<BulkOutcome<KindItems[K], R>[]> {
  return notify.withProgress('notification', title, (progress, token) => {
    const controller = new AbortController();
    const cancelled = token.onCancellationRequested(() => controller.abort());
    const step = 100 / targets.length;
    return runBounded(targets, (item) => recordedSend(deps, action.progress(item, answers), () => action.send({ ...session, item }, answers, deps)), {
      signal: controller.signal,
      // "sent", as the status bar says once all are: the tasks they start run on after.
      onEnd: (outcome, ended) => progress.report(vscode.l10n.t('{0} of {1} sent: {2}', ended, targets.length, nameOf(action.kind, outcome.item)), step),
    }).finally(() => cancelled.dispose());
  }, true);
}

/** One summary: a status-bar line when all went through, else one notification naming each failure and its reason. */
function summarize<K extends ListedKind, R>(deps: CommandDeps, kind: K, title: string, outcomes: readonly BulkOutcome<KindItems[K], R>[], view: { select(refs: readonly { kind: string; id: string | number }[]): Promise<number> } | undefined, group: TaskGroup): void {
  const failed = outcomes.filter((o): o is Extract<typeof o, { status: 'failed' }> => o.status === 'failed');
  const notSent = outcomes.filter((o) => o.status === 'not-sent');
  const sent = outcomes.length - notSent.length;
  if (failed.length === 0 && notSent.length === 0) {
    const status = done(deps, vscode.l10n.t('{0}: {1} of {2} sent.', title, sent, outcomes.length), undefined, group.names.length > 0);
    // "3 of 3 sent" is old news once the tasks it started have ended (their summary says so): it goes then.
    if (group.names.length > 0) void deps.tasks.allEnded(group).then(() => status.dispose());
    return;
  }
  const parts: string[] = [];
  if (failed.length > 0) {
    parts.push(vscode.l10n.t('{0}: {1} of {2} failed.', title, failed.length, outcomes.length));
    parts.push(failed.map((o) => vscode.l10n.t('{0}: {1}', nameOf(kind, o.item), describeError(o.error))).join('; '));
  }
  if (notSent.length > 0) {
    parts.push(vscode.l10n.t('Cancelled: {0} of {1} not sent ({2}).', notSent.length, outcomes.length, notSent.map((o) => nameOf(kind, o.item)).join(', ')));
  }
  const message = parts.join(' ');
  deps.log.warn(message);
  const showLog = vscode.l10n.t('Show Log');
  const select = failed.length > 0 ? vscode.l10n.t('Select Failed') : vscode.l10n.t('Select Not Sent');
  const chosen = (failed.length > 0 ? failed : notSent).map((o) => o.item);
  const spec = kindSpec(kind) as unknown as KindSpec<ListedKind>;
  const shown = failed.length > 0 ? notify.error(message, showLog, select) : notify.warning(message, showLog, select);
  void shown.then(async (choice) => {
    if (choice === showLog) deps.log.show(true);
    if (choice === select) await view?.select(chosen.map((item) => ({ kind, id: spec.key(item as never) })));
  });
}
