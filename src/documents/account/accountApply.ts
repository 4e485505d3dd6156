/**
 * Applying an account plan (issue 48) through the one road every change takes (src/actions/runner.ts): each step
 * planned by its definition when its turn comes (so it refuses what its command would), sent through the gate as
 * the document door, recorded in the action history, its task followed until it ends before what waits on it
 * starts. A level's steps run 8 at a time; a step whose wait failed does not start, nor anything after a cancel.
 * Before anything is asked, the account is read again: a plan made from another state is made again. No vscode import.
 */
import * as l10n from '@vscode/l10n';
import type { AnswerData } from '../../actions/answerData';
import { describeError } from '../../api/errorText';
import { plan as planStep, isRefusal, send, type Door } from '../../actions/runner';
import type { Defined } from '../../actions/writeTool';
import type { ActionContext, ToolKind } from '../../actions/definition';
import { isTaskKind, kindSpec, sameId, type KindSpec, type ListedKind } from '../../kinds/registry';
import { runBounded } from '../../model/bulk';
import { formatMonthlyChange } from '../../model/cost';
import { plural } from '../../api/plural';
import { confirmsText } from '../../model/serviceText';
import type { AccountPlan, PlannedStep } from './accountPlan';
import { kindCount, kindWord } from './kindWords';

/** A value of a change, in one line (a list of rules is counted, not printed). */
function valueWords(value: unknown): string {
  if (value === null || value === undefined) return l10n.t('none');
  if (Array.isArray(value)) return value.every((item) => typeof item !== 'object') ? `[${value.join(', ')}]` : plural(value.length, l10n.t('1 rule'), l10n.t('{0} rules', value.length));
  return String(value);
}

/** One step in words: "resize stacklet web-1: size s-1vcpu-1gb → s-2vcpu-2gb, +$6.00/mo". */
export function stepWords(step: PlannedStep): string {
  const what = `${kindWord(step.kind)} ${step.name}`;
  const changes = step.changes.map((change) => l10n.t('{0} {1} → {2}', change.field, valueWords(change.from), valueWords(change.to))).join('; ');
  const head = step.op === 'create' ? l10n.t('create {0}', what)
    : step.op === 'delete' ? l10n.t('delete {0}', what)
      : step.op === 'rebuild' ? l10n.t('rebuild {0}, wiping its disk: {1}', what, changes)
        : l10n.t('change {0}: {1}', what, changes);
  return step.monthlyChangeUsd ? l10n.t('{0}, {1}', head, formatMonthlyChange(step.monthlyChangeUsd)) : head;
}

/** A create on the line of the entry it creates: "will be created, +$6.00/mo". */
export function createdWords(step: PlannedStep): string {
  return step.monthlyChangeUsd ? l10n.t('will be created, {0}', formatMonthlyChange(step.monthlyChangeUsd)) : l10n.t('will be created');
}

/** Why Apply does nothing in Restricted Mode: a cloned repository must not change an account because it was opened. */
export function untrustedWords(): string {
  return l10n.t('Apply is off in Restricted Mode: trust this folder first. A plan still shows what would change.');
}

export function problemWords(count: number): string {
  return plural(count, l10n.t('The document has a problem: nothing is applied. It is listed in Problems.'), l10n.t('The document has {0} problems: nothing is applied. They are listed in Problems.', count));
}

export function noChangesWords(account: string): string {
  return l10n.t('No changes: {0} matches the document.', account);
}

/** What steps refused before anything was asked, each with its definition's words. */
export function refusedWords(refused: readonly { step: PlannedStep; reason: string }[]): string {
  return l10n.t('Nothing was applied: {0}', refused.map(({ step, reason }) => l10n.t('{0} ({1})', stepWords(step), reason)).join('; '));
}

export function movedWords(): string {
  return l10n.t('The account changed since the plan you saw: this is the plan made from it now.');
}

export function keptMovingWords(): string {
  return l10n.t('The account kept changing while you were asked: nothing was applied. Plan again when it is quiet.');
}

/** What is typed once to apply a plan that destroys data: "delete 2 volumes, rebuild web-1"; none when nothing does. */
export function typedWords(plan: AccountPlan): string | undefined {
  const destroying = plan.steps.filter((step) => step.destroysData);
  if (destroying.length === 0) return undefined;
  const parts: string[] = [];
  const deletions = new Map<string, PlannedStep[]>();
  for (const step of destroying.filter((s) => s.op === 'delete')) deletions.set(step.kind, [...(deletions.get(step.kind) ?? []), step]);
  for (const [kind, steps] of deletions) parts.push(steps.length === 1 ? l10n.t('delete {0} {1}', kindWord(kind), steps[0]!.name) : l10n.t('delete {0}', kindCount(kind, steps.length)));
  for (const step of destroying.filter((s) => s.op === 'rebuild')) parts.push(l10n.t('rebuild {0}', step.name));
  return parts.join(', ');
}

/** The plan's total, in words: "+$12.00/mo (2 steps not estimated)". */
export function totalWords(plan: AccountPlan): string {
  const known = plan.monthlyChangeUsd === 0 ? l10n.t('no change to the monthly estimate') : formatMonthlyChange(plan.monthlyChangeUsd);
  return plan.notEstimated > 0 ? l10n.t('{0} ({1} not estimated)', known, plural(plan.notEstimated, l10n.t('1 step'), l10n.t('{0} steps', plan.notEstimated))) : known;
}

/** The one confirmation of a plan, in the core's words: the door shows them its way. */
export interface ApplyQuestion {
  readonly question: string;
  readonly lines: readonly string[];
  /** To type once, for what destroys data. */
  readonly typed?: string | undefined;
}

/** The question of `plan`; `moved`: it was made again since the plan the person saw, which it says first. */
export function applyQuestion(plan: AccountPlan, account: string, moved = false): ApplyQuestion {
  return {
    question: plural(plan.steps.length, l10n.t('Apply 1 step to {0}?', account), l10n.t('Apply {0} steps to {1}?', plan.steps.length, account)),
    lines: [
      ...(moved ? [movedWords(), ''] : []),
      ...plan.steps.map((step, i) => `${i + 1}. ${stepWords(step)}`),
      l10n.t('Estimated monthly change: {0}.', totalWords(plan)),
    ],
    typed: typedWords(plan),
  };
}

export interface StepOutcome {
  readonly step: PlannedStep;
  readonly status: 'done' | 'failed' | 'not-started';
  /** The service's or the definition's words, for a failed step. */
  readonly error?: string;
}

export interface ApplyReport {
  readonly outcomes: readonly StepOutcome[];
  /** "Applied 4 of 5 steps. Failed: resize stacklet web-1 (…). Not started: …" */
  readonly message: string;
  readonly complete: boolean;
}

export interface ApplyOptions {
  readonly definitionOf: (kind: ToolKind, action: string) => Defined;
  /** The door's progress: one notification with Cancel, told of each step's end. */
  readonly progress?: Door['progress'];
  /** How long a task may run before the steps waiting on it give up (ms). */
  readonly taskTimeoutMs?: number;
  /** Between two reads of a running task (ms). */
  readonly pollMs?: number;
  /** The document's name, for the action history's group of the steps (Copy as curl's one script). */
  readonly document?: string;
}

/** An input with every placeholder of a created ID replaced by the ID its create answered. */
function withIds(value: unknown, created: ReadonlyMap<string, string | number>): unknown {
  if (Array.isArray(value)) return value.map((item) => withIds(item, created));
  if (value !== null && typeof value === 'object') {
    const key = (value as { created?: unknown }).created;
    if (typeof key === 'string' && Object.keys(value).length === 1) {
      const id = created.get(key);
      if (id === undefined) throw new Error(`no ID for ${key}`);
      return id;
    }
    return Object.fromEntries(Object.entries(value).map(([field, inner]) => [field, withIds(inner, created)]));
  }
  return value;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the resource's task ended, reading it again (the store then has it as it is). */
async function untilIdle(ctx: ActionContext, kind: ListedKind, id: string | number, options: ApplyOptions): Promise<void> {
  if (!isTaskKind(kind)) return;
  const spec = kindSpec(kind) as unknown as KindSpec<ListedKind>;
  if (!spec.get) return;
  const deadline = Date.now() + (options.taskTimeoutMs ?? 10 * 60_000);
  let wait = options.pollMs ?? 250;
  for (;;) {
    const item = await spec.get(ctx.client, id, {});
    ctx.store.update(kind, (other) => sameId(spec.key(other as never), id), item as never);
    if (!(item as { task?: unknown }).task) return;
    if (Date.now() > deadline) throw new Error(l10n.t('its task did not end in time'));
    await sleep(wait);
    wait = Math.min(wait * 2, 2000);
  }
}

/**
 * Whether a prune's step of `rank` may start as far as its rank waits (PlannedStep.pruneRank): every step that is not
 * a prune's done, and every prune of a lower rank. Those are all on lower levels, so their outcomes are known by then.
 */
function rankWaits(plan: AccountPlan, outcome: ReadonlyMap<string, StepOutcome>): (rank: number) => boolean {
  let othersDone = true;
  let lowestUndone = Infinity;
  for (const step of plan.steps) {
    if (outcome.get(step.key)?.status === 'done') continue;
    if (step.pruneRank === undefined) othersDone = false;
    else lowestUndone = Math.min(lowestUndone, step.pruneRank);
  }
  return (rank) => othersDone && lowestUndone >= rank;
}

/** The plan's steps, sent: level by level, at most 8 at a time, each after what it waits on. */
export async function applyPlan(ctx: ActionContext, plan: AccountPlan, typed: string | undefined, options: ApplyOptions): Promise<ApplyReport> {
  // The plan waits for each task itself (untilIdle); the window's tracker would still call a resource busy for a poll.
  const { isBusy: _ignored, ...quiet } = ctx;
  const stepCtx: ActionContext = quiet;
  const words = typedWords(plan);
  const confirmed = words === undefined || (typed !== undefined && confirmsText(typed, words));
  const created = new Map<string, string | number>();
  const outcome = new Map<string, StepOutcome>();
  const levels = [...new Set(plan.steps.map((step) => step.level))].sort((a, b) => a - b);
  const run = async (ended: (count: number, name: string) => void, signal?: AbortSignal): Promise<void> => {
    let count = 0;
    for (const level of levels) {
      const ranks = rankWaits(plan, outcome);
      const ready = plan.steps.filter((step) => step.level === level && step.after.every((key) => outcome.get(key)?.status === 'done') && (step.pruneRank === undefined || ranks(step.pruneRank)));
      const starting = new Set(ready);
      for (const step of plan.steps.filter((s) => s.level === level && !starting.has(s))) outcome.set(step.key, { step, status: 'not-started' });
      if (signal?.aborted) break;
      const results = await runBounded(ready, async (step) => {
        const defined = options.definitionOf(step.kind as ToolKind, step.action);
        const input = withIds(step.input, created) as Record<string, unknown>;
        const planned = await planStep(stepCtx, defined, input);
        const data: AnswerData = await send(stepCtx, planned, 'document', planned.typed !== undefined && confirmed ? planned.typed : undefined);
        const resource = data['resource'] as { kind?: string; id?: string | number } | undefined;
        if (resource?.id !== undefined && step.op === 'create') created.set(step.key, resource.id);
        // A pool's change runs as its cluster's task; anything else's as its own.
        if (step.kind === 'nodePool') await untilIdle(stepCtx, 'cluster', input['cluster'] as string, options);
        else if (resource?.id !== undefined && data['task']) await untilIdle(stepCtx, step.kind as ListedKind, resource.id, options);
        return data;
      }, { ...(signal ? { signal } : {}), onEnd: (result) => ended(++count, result.item.name) });
      for (const result of results) {
        outcome.set(result.item.key, result.status === 'done' ? { step: result.item, status: 'done' }
          : result.status === 'failed' ? { step: result.item, status: 'failed', error: describeError(result.error) }
            : { step: result.item, status: 'not-started' });
      }
    }
  };
  const title = plural(plan.steps.length, l10n.t('Applying 1 step…'), l10n.t('Applying {0} steps…', plan.steps.length));
  const steps = async () => { await (options.progress ? options.progress(title, run, plan.steps.length) : run(() => undefined)); };
  // The steps are recorded as one group, which Copy as curl offers as one script.
  if (ctx.history) await ctx.history.group(options.document !== undefined ? l10n.t('{0} ({1})', title, options.document) : title, steps);
  else await steps();
  const outcomes = plan.steps.map((step) => outcome.get(step.key) ?? { step, status: 'not-started' as const });
  return { outcomes, message: reportWords(outcomes), complete: outcomes.every((o) => o.status === 'done') };
}

/** What an apply did, in one message: what was done, what failed (with the service's words), what did not start. */
export function reportWords(outcomes: readonly StepOutcome[]): string {
  const done = outcomes.filter((o) => o.status === 'done').length;
  const failed = outcomes.filter((o) => o.status === 'failed');
  const notStarted = outcomes.filter((o) => o.status === 'not-started');
  const parts = [l10n.t('Applied {0} of {1}.', done, plural(outcomes.length, l10n.t('1 step'), l10n.t('{0} steps', outcomes.length)))];
  if (failed.length > 0) parts.push(l10n.t('Failed: {0}.', failed.map((o) => l10n.t('{0} ({1})', stepWords(o.step), o.error ?? '')).join('; ')));
  if (notStarted.length > 0) parts.push(l10n.t('Not started: {0}.', notStarted.map((o) => stepWords(o.step)).join('; ')));
  if (failed.length + notStarted.length > 0) parts.push(l10n.t('Plan again to see what is left.'));
  return parts.join(' ');
}

/**
 * The steps that can be planned before anything runs (those that wait on nothing), each through its definition:
 * what one refuses (a busy stacklet, an agent's limit) is said before the question, and nothing is sent.
 */
export async function refusalsBefore(ctx: ActionContext, plan: AccountPlan, definitionOf: ApplyOptions['definitionOf']): Promise<{ step: PlannedStep; reason: string }[]> {
  const refused: { step: PlannedStep; reason: string }[] = [];
  // Level 0: waiting on no other step of the plan (a prune waits on every other step, by its rank).
  for (const step of plan.steps.filter((s) => s.after.length === 0 && s.level === 0)) {
    try {
      await planStep(ctx, definitionOf(step.kind as ToolKind, step.action), step.input as Record<string, unknown>);
    } catch (error) {
      if (!isRefusal(error)) throw error;
      refused.push({ step, reason: error.message });
    }
  }
  return refused;
}
