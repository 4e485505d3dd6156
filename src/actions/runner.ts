/**
 * The one road from every door to the definitions (issue 44). A door (a command, a language model tool, the MCP
 * server, a document's save) picks the target, collects the input and confirms the plan its own way; the runner
 * does the rest, the same for all: it plans (each item of a selection on its own, with every refusal the
 * definition gives), checks the agent's limits before anything is asked, hands the plans to the door's
 * confirmation, sends each confirmed plan through the gate, recorded as one entry of the action history (the one
 * place a change is recorded), under the door's progress, BULK_CONCURRENCY at a time for a selection with no new
 * item after a cancel, and answers each item's outcome. No vscode import.
 */
import * as l10n from '@vscode/l10n';
import type { AnswerData } from './answerData';
import { ActionInputError, ActionRefusal } from './refusals';
import { unrecorded } from '../api/recording';
import { runBounded, type BulkOutcome } from '../model/bulk';
import { addChanges, formatMonthlyChange, monthlyChangeWords } from '../model/cost';
import { describeError } from '../api/errorText';
import { planOf, type Defined } from './writeTool';
import { targetOf, type ActionContext, type ActionPlan } from './definition';
import { execute, guardAgent, type Confirmation } from './gate';

/** One item a door asks for: the definition's input, and the item's name for what is said of it before any plan. */
export interface Request {
  readonly input: Readonly<Record<string, unknown>>;
  readonly name: string;
}

/** An item of a selection that was not planned, with why (the definition's refusal, in its words). */
export interface LeftOut {
  readonly name: string;
  readonly reason: string;
  readonly error: unknown;
}

/** What the door's confirmation gave: for what destroys data, the name typed (or, for a selection, its words typed once for all). */
export interface Confirmed {
  readonly typed?: string | undefined;
  /** A selection's one typed confirmation stands for each item's typed name at the gate. */
  readonly typedForAll?: boolean;
}

/** How a door takes part: it confirms the plans and shows the progress, its own way. */
export interface Door {
  readonly name: Confirmation['door'];
  /**
   * Asks the person about `plans` (one, or each item of a selection still standing, with those `left` out and
   * why); undefined when declined: nothing is sent.
   */
  readonly confirm: (plans: readonly ActionPlan[], left: readonly LeftOut[]) => Promise<Confirmed | undefined>;
  /**
   * Runs the sending under the door's progress: for one item (`count` undefined) a status-bar line, say; for a
   * selection a notification with Cancel, whose `ended` tells each item's end, and once `signal` is aborted no
   * further item starts. Without it, nothing is shown and nothing cancels.
   */
  readonly progress?: <T>(title: string, work: (ended: (count: number, name: string) => void, signal?: AbortSignal) => Promise<T>, count?: number) => Thenable<T>;
  /** Told of a plan the service refused or failed, before the error is thrown on (or, for a selection, summed up). */
  readonly failed?: (planned: ActionPlan, error: unknown) => void;
}

/** Whether an error is a definition's refusal or a bad input: said to the person, never a failure of the service. */
export function isRefusal(error: unknown): error is ActionRefusal | ActionInputError {
  return error instanceof ActionRefusal || error instanceof ActionInputError;
}

/**
 * The plan of `defined` for `input`, checked against the agent's limits when an agent asks; a refusal or a bad
 * input is thrown. What it reads is not what the action sends: it is never recorded.
 */
export async function plan(ctx: ActionContext, defined: Defined, input: Readonly<Record<string, unknown>>): Promise<ActionPlan> {
  const planned = await unrecorded(() => planOf(ctx, defined.write, defined.definition, { ...input }));
  await guardAgent(ctx, planned);
  return planned;
}

/**
 * Sends a confirmed plan through the gate, as one entry of the action history (Copy as curl, the log), marked
 * with the agent that asked, if one did. Throws the service's refusal or failure.
 */
export function send(ctx: ActionContext, planned: ActionPlan, door: Door['name'], typed: string | undefined): Promise<AnswerData> {
  const work = () => execute(ctx, planned, { door, typed });
  if (!ctx.history) return work();
  const agent = ctx.agent ? { tool: ctx.agent.tool, door: ctx.agent.door } : undefined;
  return ctx.history.record(planned.progress, work, ctx.log ?? (() => undefined), agent);
}

export type RunResult =
  | { readonly status: 'declined'; readonly plan: ActionPlan }
  | { readonly status: 'sent'; readonly plan: ActionPlan; readonly data: AnswerData };

/**
 * One item: planned, confirmed by the door, sent under its progress. A refusal (nothing asked) or the service's
 * failure is thrown, for the door to say. `again`, after the service refused what was sent, may give a new input
 * to plan and send once more without asking again (a password the service insists on, asked then).
 */
export async function run(ctx: ActionContext, defined: Defined, input: Readonly<Record<string, unknown>>, door: Door, again?: (error: unknown) => Promise<Readonly<Record<string, unknown>> | undefined>): Promise<RunResult> {
  const planned = await plan(ctx, defined, input);
  const confirmed = await door.confirm([planned], []);
  if (!confirmed) return { status: 'declined', plan: planned };
  const sent = (p: ActionPlan) => {
    const work = () => send(ctx, p, door.name, typedFor(confirmed, p));
    return door.progress ? door.progress(p.progress, work) : work();
  };
  let last = planned;
  try {
    try {
      return { status: 'sent', plan: planned, data: await sent(planned) };
    } catch (error) {
      const next = await again?.(error);
      if (next === undefined) throw error;
      last = await plan(ctx, defined, next);
      return { status: 'sent', plan: last, data: await sent(last) };
    }
  } catch (error) {
    if (!isRefusal(error)) door.failed?.(last, error);
    throw error;
  }
}

export type ManyResult =
  | { readonly status: 'refused'; readonly left: readonly LeftOut[] }
  | { readonly status: 'declined' }
  | { readonly status: 'ran'; readonly outcomes: readonly BulkOutcome<ActionPlan, AnswerData>[]; readonly left: readonly LeftOut[] };

/**
 * Several items, one confirmation for all: each planned on its own (one refused is left out, with why), the
 * plans confirmed at once, then sent BULK_CONCURRENCY at a time under the door's progress, titled for how many
 * are sent (`title`, given the plans).
 * `left` are items the door left out before planning (another kind in the selection), said in the same list.
 */
export async function runMany(ctx: ActionContext, defined: Defined, requests: readonly Request[], door: Door, title: (plans: readonly ActionPlan[]) => string, left: readonly LeftOut[] = []): Promise<ManyResult> {
  const plans: ActionPlan[] = [];
  const out: LeftOut[] = [...left];
  for (const request of requests) {
    try {
      plans.push(await plan(ctx, defined, request.input));
    } catch (error) {
      if (!isRefusal(error)) throw error;
      out.push({ name: request.name, reason: error.message, error });
    }
  }
  if (plans.length === 0) return { status: 'refused', left: out };
  const confirmed = await door.confirm(plans, out);
  if (!confirmed) return { status: 'declined' };
  const sendAll = (ended: (count: number, name: string) => void, signal?: AbortSignal) => runBounded(plans, (p) => send(ctx, p, door.name, typedFor(confirmed, p)), {
    ...(signal ? { signal } : {}),
    onEnd: (outcome, count) => ended(count, targetOf(outcome.item).name),
  });
  const outcomes = door.progress ? await door.progress(title(plans), sendAll, plans.length) : await sendAll(() => undefined);
  return { status: 'ran', outcomes, left: out };
}

/** What stands for the plan's typed name at the gate: what was typed, or a selection's words typed once for all. */
function typedFor(confirmed: Confirmed, planned: ActionPlan): string | undefined {
  return confirmed.typed ?? (confirmed.typedForAll ? planned.typed : undefined);
}

/** The items left out, as one line: "web-1 (busy), db-1 (…)". */
export function leftText(left: readonly LeftOut[]): string {
  return left.map(({ name, reason }) => l10n.t('{0} ({1})', name, reason)).join(', ');
}

/** What a selection's outcomes come to, in words: none when all were sent. */
export interface ManySummary {
  readonly sent: number;
  readonly failed: readonly ActionPlan[];
  readonly notSent: readonly ActionPlan[];
  /** "Powering off 3 stacklets: 3 of 3 sent." when all were, else what failed (with the service's words) and what was not sent. */
  readonly message: string;
}

export function summary(title: string, outcomes: readonly BulkOutcome<ActionPlan, AnswerData>[]): ManySummary {
  const failed = outcomes.filter((o): o is Extract<typeof o, { status: 'failed' }> => o.status === 'failed');
  const notSent = outcomes.filter((o) => o.status === 'not-sent');
  const sent = outcomes.length - notSent.length;
  const parts: string[] = [];
  if (failed.length === 0 && notSent.length === 0) parts.push(l10n.t('{0}: {1} of {2} sent.', title, sent, outcomes.length));
  if (failed.length > 0) {
    parts.push(l10n.t('{0}: {1} of {2} failed.', title, failed.length, outcomes.length));
    parts.push(failed.map((o) => l10n.t('{0}: {1}', targetOf(o.item).name, describeError(o.error))).join('; '));
  }
  if (notSent.length > 0) {
    parts.push(l10n.t('Cancelled: {0} of {1} not sent ({2}).', notSent.length, outcomes.length, notSent.map((o) => targetOf(o.item).name).join(', ')));
  }
  return { sent, failed: failed.map((o) => o.item), notSent: notSent.map((o) => o.item), message: parts.join(' ') };
}

/** Names listed one per line up to this many; more are listed together, grouped by their change. */
const LINES_MAX = 15;

/**
 * The lines of a selection's one confirmation after its opening words: every name with what it changes in the
 * monthly estimate (or, with `outcome`, what happens to it), the estimated total, and what was left out and why.
 */
export function manyLines(plans: readonly ActionPlan[], left: readonly LeftOut[], outcome?: (planned: ActionPlan) => string, note?: string): string[] {
  const changes = plans.map((p) => p.monthlyChangeUsd);
  const lines: string[] = [];
  const grouped = (label: (p: ActionPlan, i: number) => string) => {
    const groups = new Map<string, string[]>();
    plans.forEach((p, i) => groups.set(label(p, i), [...(groups.get(label(p, i)) ?? []), targetOf(p).name]));
    for (const [what, names] of groups) lines.push(l10n.t('{0}: {1}', what, names.join(', ')));
  };
  if (outcome && plans.length <= LINES_MAX) plans.forEach((p) => lines.push(l10n.t('{0}: {1}', targetOf(p).name, outcome(p))));
  else if (outcome) grouped(outcome);
  else if (new Set(changes).size === 1 || plans.length > LINES_MAX) {
    // Every name still, grouped by what each changes: "+$12.00/mo each: web-1, web-2".
    grouped((_p, i) => (changes[i] === undefined || changes[i] === 0 ? monthlyChangeWords(changes[i]) : l10n.t('{0} each', monthlyChangeWords(changes[i]))));
  } else plans.forEach((p, i) => lines.push(l10n.t('{0}: {1}', targetOf(p).name, monthlyChangeWords(changes[i]))));
  const total = addChanges(changes);
  lines.push('');
  if (total.unestimated === plans.length) lines.push(l10n.t('Estimated monthly cost: the change is not estimated.'));
  else if (total.dollars === 0 && total.unestimated === 0) lines.push(l10n.t('Estimated monthly cost: unchanged; each is billed as before.'));
  else {
    lines.push(total.unestimated > 0
      ? l10n.t('Estimated change to the monthly cost: {0} in all, in US dollars ({1} not estimated).', formatMonthlyChange(total.dollars), total.unestimated)
      : l10n.t('Estimated change to the monthly cost: {0} in all, in US dollars.', formatMonthlyChange(total.dollars)));
  }
  if (note !== undefined) lines.push(note);
  if (left.length > 0) lines.push('', l10n.t('Left out: {0}', leftText(left)));
  return lines;
}
