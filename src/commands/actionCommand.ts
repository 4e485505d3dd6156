/**
 * A command as a door onto an action's one definition (src/actions/definition.ts), as thin as the MCP door: it
 * picks the target (the tree item, the selection, or one picked from the palette), collects the input with its
 * prompts, and confirms the plan its own way (a question with Keep first, the name typed for what destroys data,
 * or the prompts' last answer); the runner (src/actions/runner.ts) plans, refuses, sends through the gate,
 * records and follows the tasks, for one item or each item of a selection.
 *
 * A selection (VS Code passes `(node, nodes)` to a context-menu command of a view with `canSelectMany`) runs when
 * the registry lists the action among the kind's `bulk` actions and the command gives `many`: one question for
 * all, one confirmation listing every name with its change to the monthly estimate, one cancellable progress,
 * then one summary naming each failure and its reason, with Show Log and Select Failed.
 */
import * as vscode from 'vscode';
import { protectingTag } from '../agent/guards';
import type { AnswerData } from '../actions/answerData';
import type { Defined } from '../actions/writeTool';
import { definitionOf } from '../kinds/operations';
import { actionContext, type TaskFollower } from '../actions/context';
import { sentWords, targetOf, type ActionContext, type ActionPlan, type ToolKind } from '../actions/definition';
import { isRefusal, leftText, manyLines, run, runMany, summary, type Confirmed, type LeftOut } from '../actions/runner';
import { busyWords } from '../actions/conditions';
import type { ActiveSession } from '../auth/session';
import type { Task } from '../api/schemas';
import { isBulkAction, isTaskKind, kindSpec, sameId, type ActionId, type KindItems, type KindSpec, type ListedKind, type PoolItem, type ResourceRef, type TaskKind } from '../kinds/registry';
import { kindName } from '../kinds/rowWords';
import { monthlyChangeWords } from '../model/cost';
import { groupedRegistry, newTaskGroup } from '../tasks/taskGroups';
import { progressText } from '../model/taskText';
import type { TaskGroup } from '../tasks/types';
import { agentProtectedTags } from '../ui/agentLimits';
import * as notify from '../ui/notify';
import { typedCheck } from '../ui/typedCheck';
import { windowDoor } from '../ui/windowDoor';
import { presentation } from '../views/kindPresentation';
import { viewsDrawn } from '../views/viewsDrawn';
import { askText } from './askText';
import { confirmModal } from './confirm';
import type { CommandDeps, CommandHandler } from './deps';
import { refOfNode, resolveNodePool, resolveTarget, type PickSpec, type PoolTarget, type Target } from './target';

type Input = Record<string, unknown>;

/**
 * How a plan is confirmed: `modal` (Keep first, as every confirmation); `keep` (the same, as a deletion's question
 * asks); `prompt` when answering the prompts is itself the confirmation (a rename: the new name typed), so nothing
 * follows them. What destroys data asks for its name typed whichever.
 */
export type Confirm = 'modal' | 'keep' | 'prompt';

/** A resource a task may be running on: such a resource takes no conflicting action. */
export interface BusyCheck {
  readonly kind: TaskKind;
  readonly id: string | number;
  readonly name: string;
  readonly task?: Task | null | undefined;
}

/** The one confirmation of an action on several items. */
export interface ManyConfirmation {
  /** "Power off 3 stacklets?" */
  readonly question: string;
  /** Its button ("Power Off"): the plans' own, unless it differs for several ("Take Snapshots"). */
  readonly button?: string;
  /** What the action does, said before the names (as the one-item confirmation says it). */
  readonly detail?: string;
  /** A text to type after the question (for what destroys data): the input refuses anything else. */
  readonly typed?: string;
}

/** The items of a selection that can take the action, with their session. */
export interface Targets<K extends ListedKind> extends ActiveSession {
  readonly items: readonly KindItems[K][];
}

/**
 * What an action needs to run on several items besides what it needs for one. To opt a command in: the action's
 * id in the kind's `bulk` list in the registry (src/kinds/registry.ts; the two must agree, or declaring the command
 * throws), `many` here, and its context-menu entry without `!listMultiSelection` (test/unit/packageManifest.test.ts).
 * A count's words come in two strings, one for 1 and one for any other count (src/model/plural.ts).
 */
export interface Many<K extends ListedKind, I extends object> {
  /** The one question for all of them (one size, one tag); without it the input is `{}`. */
  readonly ask?: (targets: Targets<K>, deps: CommandDeps) => Promise<I | undefined>;
  /** `plans`: each item's, as the definition made it (what they name besides the items: a firewall). */
  readonly confirm: (count: number, input: I, plans: readonly ActionPlan[]) => ManyConfirmation;
  /** What happens to one item, said beside its name instead of its change alone ("powered off, still billed $12.00/mo"). */
  readonly outcome?: (planned: ActionPlan) => string;
  /** Said below the estimate, e.g. what it leaves out. */
  readonly costNote?: () => string;
  /** The progress notification's title, and the summary's subject: "Powering off 3 stacklets". */
  readonly progress: (count: number, input: I, plans: readonly ActionPlan[]) => string;
  /** For an action whose items run tasks, the summary once they ended: "web-1, db-1 and blog were powered off." */
  readonly ended?: (names: string, count: number, input: I) => string;
}

export interface ActionCommand<K extends ListedKind, I extends object = Input> {
  readonly kind: K;
  /** The registry's action, and the definition's name for it. */
  readonly action: ActionId;
  readonly pick: () => PickSpec<KindItems[K]>;
  /** Why this item cannot take the action now, said before any prompt (nothing is planned), or undefined. */
  readonly refuse?: (item: KindItems[K]) => string | undefined;
  /** The prompts: the definition's input besides the item's ID, or undefined when the user cancelled. */
  readonly input?: (target: Target<K>, deps: CommandDeps) => Promise<I | undefined>;
  /** One item's input from what the prompts gave, where it differs per item (a selection's snapshots, each named for its stacklet). */
  readonly each?: (item: KindItems[K], input: I) => Input;
  /**
   * After the service refused what was sent: a new input to plan and send once more (a password the service
   * insists on, asked then), or undefined to let the failure stand.
   */
  readonly retry?: (target: Target<K>, error: unknown, input: I, deps: CommandDeps) => Promise<I | undefined>;
  /** Said once it was sent (the status bar and the log): the plan's progress words, ended, unless it says more. */
  readonly done?: (item: KindItems[K], input: I, plan: ActionPlan) => string;
  readonly many?: Many<K, I>;
  /** See Confirm; a modal by default. A function decides it from what the prompts gave. */
  readonly confirm?: Confirm | ((input: I) => Confirm);
  /** The definition, when it is not the registry's action on this kind: Add Node Pool is the node-pool tool's `add`, the cluster as its `cluster`. */
  readonly defined?: { readonly kind: ToolKind; readonly action: string; readonly idField: string };
  /** The prompts end with the name typed, under the words the plan gives (Delete Stacklet's wizard): `input`'s `typed` confirms. */
  readonly typedInPrompts?: boolean;
  /** After it was sent: what the answer says beyond the item itself (something asked along that was not done). */
  readonly settled?: (deps: CommandDeps, data: AnswerData) => void;
}

/** The definition's context on the command's session; the tasks its answers carry go to `tasks` (a selection's group). */
export function commandContext(deps: CommandDeps, session: ActiveSession, tasks: TaskFollower = deps.tasks): ActionContext {
  return actionContext({
    account: session.account,
    client: session.client,
    store: session.store,
    history: deps.history,
    log: (line) => deps.log.info(line),
    tasks,
  });
}

/** What a task running on the resource is doing, or undefined when none is known to run. */
function busyWith(deps: CommandDeps, busy: BusyCheck): string | undefined {
  if (!busy.task && !deps.tasks.isBusy(busy.kind, busy.id)) return undefined;
  return busy.task ? progressText(busy.task) : vscode.l10n.t('a task is running');
}

/**
 * True (after saying so) when a task is known to run on the resource, from the tracker or from the item itself:
 * a busy resource takes no conflicting action, and nothing is asked or sent.
 */
export function refuseWhenBusy(deps: CommandDeps, busy: BusyCheck): boolean {
  const what = busyWith(deps, busy);
  if (what === undefined) return false;
  // The words every door refuses a busy resource in (the agent's tools answer them too).
  void notify.warning(vscode.l10n.t('{0} is busy ({1}). {2}', busy.name, what, busyWords()));
  deps.log.info(`Refused an action on busy ${busy.kind} ${String(busy.id)} (${what})`);
  return true;
}

/** The plan confirmed `by` the command's question, or by the name typed for what destroys data. */
async function confirmPlan(deps: CommandDeps, plan: ActionPlan, by: Confirm, note: string, typedInPrompts: string | undefined): Promise<Confirmed | undefined> {
  const words = plan.words((text) => text);
  if (plan.typed !== undefined) {
    // Typed already, as the prompts' last answer (Delete Stacklet's wizard): the gate checks it.
    if (typedInPrompts !== undefined) return { typed: typedInPrompts };
    const typed = await askText(deps, { title: words.question, ...typedCheck(plan.typed, words.detail) });
    return typed === undefined ? undefined : { typed };
  }
  if (by === 'prompt') return {};
  const cost = plan.monthlyChangeUsd === 0 || plan.monthlyChangeUsd === undefined ? '' : `\n\n${vscode.l10n.t('Estimated change to the monthly cost: {0}.', monthlyChangeWords(plan.monthlyChangeUsd))}`;
  const detail = `${words.detail}${cost}${note}`;
  const yes = by === 'keep' ? await confirmModal(deps, words.question, detail, words.button) : await deps.prompter.confirm(words.question, detail, words.button);
  return yes ? {} : undefined;
}

/** One item, its target resolved: its busy refusal, its prompts, then the runner; what went wrong said. */
interface One<T, I extends object> {
  readonly session: ActiveSession;
  readonly item: T;
  readonly name: string;
  readonly busy?: BusyCheck | undefined;
  readonly tags?: readonly string[] | undefined;
  readonly refuse?: (() => string | undefined) | undefined;
  readonly input: () => Promise<I | undefined>;
  readonly request: (input: I) => Input;
  readonly confirm: (input: I) => Confirm;
  readonly typedInPrompts?: boolean | undefined;
  readonly retry?: ((error: unknown, input: I) => Promise<I | undefined>) | undefined;
  readonly done: (input: I, plan: ActionPlan) => string;
  readonly settled?: ((data: AnswerData) => void) | undefined;
}

async function runOne<T, I extends object>(deps: CommandDeps, defined: Defined, one: One<T, I>): Promise<void> {
  if (one.busy && refuseWhenBusy(deps, one.busy)) return;
  const refusal = one.refuse?.();
  if (refusal !== undefined) {
    void notify.info(refusal);
    return;
  }
  const answered = await one.input();
  if (answered === undefined) return;
  const { typed, ...rest } = answered as I & { typed?: unknown };
  const input = (one.typedInPrompts ? rest : answered) as I;
  // A person is not refused what protects a resource from agents; the question says it is protected.
  const tag = protectingTag(one.tags, agentProtectedTags());
  const note = tag === undefined ? '' : `\n\n${vscode.l10n.t('{0} carries the tag {1}, which protects it from agents; you can change it.', one.name, tag)}`;
  const by = one.typedInPrompts ? 'prompt' : one.confirm(input);
  // What a definition marks destructive is asked with Keep first, as every deletion is.
  const asked: Confirm = by === 'modal' && defined.definition.destructive ? 'keep' : by;
  const shown = windowDoor('command', deps.notifier, ([plan]) => confirmPlan(deps, plan!, asked, note, one.typedInPrompts ? String(typed) : undefined));
  // The service's failure of what was sent, which the door has shown with the plan's words.
  let failure: unknown;
  const door = { ...shown, failed: (plan: ActionPlan, error: unknown) => shown.failed?.(plan, (failure = error)) };
  const again = one.retry && (async (error: unknown) => {
    const next = await one.retry!(error, input);
    return next === undefined ? undefined : one.request(next);
  });
  try {
    const result = await run(commandContext(deps, one.session), defined, one.request(input), door, again);
    if (result.status === 'declined') return;
    one.settled?.(result.data);
    // Said once the rows show it; no check mark while the task it started runs.
    await viewsDrawn(deps.views.values());
    notify.done(deps.log, one.done(input, result.plan), Boolean((result.data as { task?: unknown }).task));
  } catch (error) {
    // The definition's refusal, in the words a tool answers with; the service's failure the door has shown.
    if (isRefusal(error)) void notify.info(vscode.l10n.t('{0}: {1}', one.name, error.message));
    else if (error !== failure) throw error;
  }
}

/** The command of an action on one resource of `kind`, or on several: `(deps, node?, nodes?)` as VS Code calls a context-menu command. */
export function actionCommand<K extends ListedKind, I extends object = Input>(options: ActionCommand<K, I>): CommandHandler {
  const defined = definitionOf(options.defined?.kind ?? options.kind, options.defined?.action ?? options.action);
  const idField = options.defined?.idField ?? 'id';
  const spec = kindSpec(options.kind) as unknown as KindSpec<ListedKind>;
  if (isBulkAction(options.kind, options.action) !== (options.many !== undefined)) {
    throw new Error(`${options.kind} action ${options.action}: the registry's bulk list and the command's words for several disagree`);
  }
  const request = (item: KindItems[K], input: I): Input => ({ [idField]: spec.key(item as never), ...(options.each ? options.each(item, input) : input) });
  const one = async (deps: CommandDeps, node: unknown) => {
    const target = await resolveTarget(deps, node, options.kind, options.pick());
    if (!target) return;
    const { item } = target;
    const name = spec.name(item as never);
    const task = (item as { task?: Task | null }).task;
    await runOne<KindItems[K], I>(deps, defined, {
      session: target,
      item,
      name,
      busy: isTaskKind(options.kind) ? { kind: options.kind, id: spec.key(item as never), name, task } : undefined,
      tags: (item as { tags?: readonly string[] }).tags,
      refuse: options.refuse && (() => options.refuse!(item)),
      input: () => (options.input ? options.input(target, deps) : Promise.resolve({} as I)),
      request: (input) => request(item, input),
      confirm: (input) => (typeof options.confirm === 'function' ? options.confirm(input) : options.confirm ?? 'modal'),
      typedInPrompts: options.typedInPrompts,
      retry: options.retry && ((error, input) => options.retry!(target, error, input, deps)),
      done: (input, plan) => (options.done ? options.done(item, input, plan) : sentWords(plan)),
      settled: options.settled && ((data) => options.settled!(deps, data)),
    });
  };
  return (deps: CommandDeps, node?: unknown, nodes?: unknown) => {
    const selection = severalSelected(node, nodes);
    return options.many && selection ? several(deps, options, options.many, defined, request, selection) : one(deps, node);
  };
}

export interface PoolCommand {
  /** The node-pool tool's action. */
  readonly action: 'resize' | 'rename' | 'delete';
  readonly pick: () => PickSpec<PoolItem>;
  /** The prompts: the definition's input besides the cluster's and the pool's IDs, or undefined when the user cancelled. */
  readonly input?: (target: PoolTarget, deps: CommandDeps) => Promise<Input | undefined>;
  readonly done: (pool: PoolItem, input: Input) => string;
  readonly confirm?: Confirm;
}

/** A node-pool command: the pool is the tree item's or one picked from every cluster's; its cluster's task refuses it. */
export function poolCommand(options: PoolCommand): CommandHandler {
  const defined = definitionOf('nodePool', options.action);
  return async (deps: CommandDeps, node?: unknown) => {
    const target = await resolveNodePool(deps, node, options.pick());
    if (!target) return;
    const { cluster, pool } = target;
    await runOne<PoolItem, Input>(deps, defined, {
      session: target,
      item: pool,
      name: pool.name,
      busy: { kind: 'cluster', id: cluster.uuid, name: cluster.name, task: cluster.task },
      input: () => (options.input ? options.input(target, deps) : Promise.resolve({})),
      request: (input) => ({ cluster: cluster.uuid, id: pool.id, ...input }),
      confirm: () => options.confirm ?? 'modal',
      done: (input) => options.done(pool, input),
    });
  };
}

// ── several items at once ──────────────────────────────────────────────────

/** The selection when it holds more than one item (the right-clicked one included). */
function severalSelected(node: unknown, nodes: unknown): readonly unknown[] | undefined {
  if (!Array.isArray(nodes) || nodes.length < 2) return undefined;
  return nodes.includes(node) || node === undefined ? nodes : [node, ...nodes];
}

/** A selection of more than one item: the whole flow, from the items to the summary. */
async function several<K extends ListedKind, I extends object>(deps: CommandDeps, options: ActionCommand<K, I>, many: Many<K, I>, defined: Defined, request: (item: KindItems[K], input: I) => Input, nodes: readonly unknown[]): Promise<void> {
  const session = await deps.session.current();
  const view = [...deps.views.values()].find((provider) => provider.view.selection.some((selected) => nodes.includes(selected)))
    ?? deps.views.get(presentation(options.kind).view);
  const { items, left } = eligible(deps, session, options, nodes);
  if (items.length === 0) {
    void notify.info(vscode.l10n.t('None of the {0} selected items can take this action now: {1}', nodes.length, leftText(left)));
    return;
  }
  const input = many.ask ? await many.ask({ ...session, items }, deps) : ({} as I);
  if (input === undefined) return;
  const spec = kindSpec(options.kind) as unknown as KindSpec<ListedKind>;
  // The tasks the answers start are one group: one notification when the last of them ends, not one each.
  let group: TaskGroup | undefined;
  let title = '';
  const titled = (plans: readonly ActionPlan[]) => {
    title = many.progress(plans.length, input, plans);
    const ended = many.ended;
    // The answers come, and their tasks are tracked, in any order: the summary names them in the view's.
    group = newTaskGroup(title, ended && ((names, n) => ended(names, n, input)), plans.map((plan) => targetOf(plan).name));
    return title;
  };
  const tasks: TaskFollower = {
    isBusy: (kind, id) => deps.tasks.isBusy(kind, id),
    track: (start) => (group ? groupedRegistry(deps.tasks, group) : deps.tasks).track(start),
  };
  const door = windowDoor('command', deps.notifier, (plans, out) => confirmMany(deps, many, plans, out, input));
  const requests = items.map((item) => ({ input: request(item, input), name: spec.name(item as never) }));
  const result = await runMany(commandContext(deps, session, tasks), defined, requests, door, titled, left);
  if (result.status === 'refused') {
    void notify.info(vscode.l10n.t('None of the {0} selected items can take this action now: {1}', nodes.length, leftText(result.left)));
    return;
  }
  if (result.status === 'declined') return;
  // The summary comes once the rows show what was sent ("busy" on each), as the progress has ended.
  await viewsDrawn(deps.views.values());
  summarize(deps, options.kind, title, result.outcomes, view, group);
}

/** The selected items of the action's kind as fresh as the cache has them, and why the others are left out. */
function eligible<K extends ListedKind, I extends object>(deps: CommandDeps, session: ActiveSession, options: ActionCommand<K, I>, nodes: readonly unknown[]): { items: KindItems[K][]; left: LeftOut[] } {
  const spec = kindSpec(options.kind) as unknown as KindSpec<ListedKind>;
  const cached = session.store.peek(options.kind)?.items ?? [];
  const accept = options.pick().accept;
  const items: KindItems[K][] = [];
  const left: LeftOut[] = [];
  const seen = new Set<string>();
  for (const ref of nodes.map(refOfNode).filter((r): r is ResourceRef => r !== undefined)) {
    if (ref.kind !== options.kind) {
      left.push({ name: ref.name, reason: kindName(ref.kind), error: undefined });
      continue;
    }
    // A stacklet shown under two tags can be selected twice: it is acted on once.
    if (seen.has(String(ref.id))) continue;
    seen.add(String(ref.id));
    const item = (cached.find((candidate) => sameId(spec.key(candidate as never), ref.id)) ?? ref.data) as KindItems[K];
    const task = (item as { task?: Task | null }).task;
    const busy = isTaskKind(options.kind) ? busyWith(deps, { kind: options.kind, id: ref.id, name: ref.name, task }) : undefined;
    const reason = busy !== undefined
      ? vscode.l10n.t('busy: {0}', busy)
      : options.refuse?.(item) ?? (accept && !accept(item) ? presentation(options.kind).pick(item as never).detail ?? vscode.l10n.t('cannot take this action now') : undefined);
    if (reason === undefined) items.push(item);
    else left.push({ name: ref.name, reason, error: undefined });
  }
  // In the order the view lists them (its listing's), not the order they were clicked in.
  const place = (item: KindItems[K]) => {
    const at = cached.findIndex((candidate) => sameId(spec.key(candidate as never), spec.key(item as never)));
    return at < 0 ? cached.length : at;
  };
  items.sort((x, y) => place(x) - place(y));
  return { items, left };
}

/**
 * The one confirmation: every name with what it changes in the monthly estimate, the estimated total, and the
 * items left out with why; then, for what destroys data, the words to type, which stand for each item's name.
 */
async function confirmMany<K extends ListedKind, I extends object>(deps: CommandDeps, many: Many<K, I>, plans: readonly ActionPlan[], left: readonly LeftOut[], input: I): Promise<Confirmed | undefined> {
  const confirmation = many.confirm(plans.length, input, plans);
  const lines = [...(confirmation.detail ? [confirmation.detail, ''] : []), ...manyLines(plans, left, many.outcome, many.costNote?.())];
  const button = confirmation.button ?? plans[0]!.words((text) => text).button;
  if (!(await confirmModal(deps, confirmation.question, lines.join('\n'), button))) return undefined;
  if (confirmation.typed === undefined) return {};
  const typed = confirmation.typed;
  const answer = await deps.prompter.input({
    title: confirmation.question,
    prompt: vscode.l10n.t('Type "{0}" to confirm.', typed),
    placeHolder: typed,
    validate: (text) => (text === typed ? undefined : vscode.l10n.t('Type "{0}" exactly to confirm', typed)),
  });
  return answer === typed ? { typedForAll: true } : undefined;
}

/** One summary: a status-bar line when all went through, else one notification naming each failure and its reason. */
function summarize(deps: CommandDeps, kind: ListedKind, title: string, outcomes: Parameters<typeof summary>[1], view: { select(refs: readonly { kind: string; id: string | number }[]): Promise<number> } | undefined, group: TaskGroup | undefined): void {
  const sum = summary(title, outcomes);
  if (sum.failed.length === 0 && sum.notSent.length === 0) {
    const running = (group?.names.length ?? 0) > 0;
    const status = notify.done(deps.log, sum.message, running);
    // "3 of 3 sent" is old news once the tasks it started have ended (their summary says so): it goes then.
    if (running) void deps.tasks.allEnded(group).then(() => status.dispose());
    return;
  }
  deps.log.warn(sum.message);
  const showLog = vscode.l10n.t('Show Log');
  const select = sum.failed.length > 0 ? vscode.l10n.t('Select Failed') : vscode.l10n.t('Select Not Sent');
  const chosen = sum.failed.length > 0 ? sum.failed : sum.notSent;
  const shown = sum.failed.length > 0 ? notify.error(sum.message, showLog, select) : notify.warning(sum.message, showLog, select);
  void shown.then(async (choice) => {
    if (choice === showLog) deps.log.show(true);
    if (choice === select) {
      const refs = chosen.map(targetOf).filter((r) => r.id !== undefined);
      await view?.select(refs.map((r) => ({ kind, id: r.id! })));
    }
  });
}
