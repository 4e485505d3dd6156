/**
 * Applying an account document from any door (the editor's Apply, an agent's tool in agent mode or over MCP): the
 * road from the document's text to the steps sent, the same for all. Never in Restricted Mode; planned again from
 * the account read now; an agent's limits counted over the whole plan; what a step's command would refuse said
 * before anything is asked; one question (./accountApply.ts applyQuestion); bound to the account it was made from,
 * so one that moved while the question was read is planned and asked again; then the steps through the runner
 * (applyPlan). The door only plans its text, asks its way and shows the outcome. No vscode import.
 */
import type { Door } from '../../actions/runner';
import { isRefusal, plan as planStep } from '../../actions/runner';
import { guardAgent } from '../../actions/gate';
import type { ActionContext, PlannedResource } from '../../actions/definition';
import type { ToolKind } from '../../actions/definition';
import { confirmsText } from '../../model/serviceText';
import { applyPlan, applyQuestion, refusalsBefore, type ApplyOptions, type ApplyQuestion, type ApplyReport } from './accountApply';
import { createdKeys, type AccountPlan, type PlannedStep } from './accountPlan';

/** How a door takes part in an apply. */
export interface DocumentDoor {
  /** False in Restricted Mode: a cloned repository must not change an account because it was opened. */
  readonly trusted: boolean;
  /** The document's plan against the account read now; undefined when the document went away meanwhile. */
  readonly plan: () => Promise<AccountPlan | undefined>;
  /** Asks once (the question says first when the plan was made again); what was typed for what destroys data, or undefined when declined. */
  readonly confirm: (question: ApplyQuestion, plan: AccountPlan) => Promise<{ readonly typed?: string | undefined } | undefined>;
  readonly progress?: Door['progress'];
  /** The document's file name, which the action history's group of the steps carries (Copy as curl's one script). */
  readonly name?: string;
}

export type DocumentApplied =
  | { readonly status: 'untrusted' | 'gone' }
  | { readonly status: 'problems' | 'noChanges' | 'declined' | 'mistyped' | 'keptMoving'; readonly plan: AccountPlan }
  | { readonly status: 'refused'; readonly plan: AccountPlan; readonly refused: readonly { step: PlannedStep; reason: string }[] }
  | { readonly status: 'applied'; readonly plan: AccountPlan; readonly report: ApplyReport };

/** How many times the account may move under a question before the apply gives up. */
const ROUNDS = 3;

/**
 * Applies the document `door` plans, in the action context `context` gives once the workspace is trusted, with
 * the account as the question names it (the door escapes it as it shows it).
 * `seen`: the fingerprint of the plan the person last saw (the editor's), if any: a plan made from another state
 * says so in its question. An agent's limits refused are thrown.
 */
export async function applyDocument(context: () => Promise<{ readonly ctx: ActionContext; readonly account: string }>, door: DocumentDoor, options: Pick<ApplyOptions, 'definitionOf'> & { readonly seen?: string | undefined }): Promise<DocumentApplied> {
  if (!door.trusted) return { status: 'untrusted' };
  const { ctx, account } = await context();
  let plan = await door.plan();
  if (!plan) return { status: 'gone' };
  let moved = options.seen !== undefined && options.seen !== plan.fingerprint;
  for (let round = 0; round < ROUNDS; round++) {
    if (plan.problems.length > 0) return { status: 'problems', plan };
    if (plan.steps.length === 0) return { status: 'noChanges', plan };
    await guardAgentSteps(ctx, plan, options.definitionOf);
    const refused = await refusalsBefore(ctx, plan, options.definitionOf);
    if (refused.length > 0) return { status: 'refused', plan, refused };
    const question = applyQuestion(plan, account, moved);
    const answer = await door.confirm(question, plan);
    if (!answer) return { status: 'declined', plan };
    if (question.typed !== undefined && (answer.typed === undefined || !confirmsText(answer.typed, question.typed))) return { status: 'mistyped', plan };
    // Bound to the account it was made from: one that moved while the question was read is planned again.
    const again = await door.plan();
    if (!again) return { status: 'gone' };
    if (again.fingerprint !== plan.fingerprint) {
      // The account moved elsewhere (another stacklet's power, say) while the plan's steps stayed what was
      // confirmed: the fresh plan is sent. Steps that changed are asked again.
      const confirmed = sameSteps(again, plan);
      plan = again;
      if (!confirmed) {
        moved = true;
        continue;
      }
    }
    const report = await applyPlan(ctx, plan, answer.typed, { definitionOf: options.definitionOf, ...(door.progress ? { progress: door.progress } : {}), ...(door.name !== undefined ? { document: door.name } : {}) });
    return { status: 'applied', plan, report };
  }
  return { status: 'keptMoving', plan };
}

/** Whether two plans send the same steps, to the same resources, with the same words and cost. */
function sameSteps(a: AccountPlan, b: AccountPlan): boolean {
  const steps = (plan: AccountPlan) => JSON.stringify(plan.steps.map((step) => [step.kind, step.action, step.name, step.op, step.input, step.changes, step.monthlyChangeUsd, step.after, step.pruneRank]));
  return steps(a) === steps(b);
}

/**
 * An agent's limits over the whole plan, before anything is asked (nothing for a person): every live resource any
 * step touches, as its definition plans it (a protected tag on one refuses the apply), and the steps' increases
 * together against what is left of the spending limit (a step's saving buys no room, as for single writes). A step
 * that waits on what the plan creates, or that its definition cannot plan before the steps it waits on ran, counts
 * its own resource.
 */
export async function guardAgentSteps(ctx: ActionContext, plan: AccountPlan, definitionOf: ApplyOptions['definitionOf']): Promise<void> {
  if (!ctx.agent) return;
  const { agent: _agent, ...person } = ctx;
  const resources: PlannedResource[] = [];
  for (const step of plan.steps) resources.push(...await touched(person, step, definitionOf));
  const increase = plan.steps.reduce((sum, step) => sum + Math.max(0, step.monthlyChangeUsd ?? 0), 0);
  await guardAgent(ctx, { resources, monthlyChangeUsd: increase });
}

async function touched(ctx: ActionContext, step: PlannedStep, definitionOf: ApplyOptions['definitionOf']): Promise<readonly PlannedResource[]> {
  if (createdKeys(step.input).length === 0) {
    try {
      return (await planStep(ctx, definitionOf(step.kind as ToolKind, step.action), step.input)).resources;
    } catch (error) {
      if (!isRefusal(error)) throw error;
    }
  }
  const id = step.input['id'];
  return typeof id === 'string' || typeof id === 'number' ? [{ kind: step.kind, id, name: step.name, role: 'target' }] : [];
}
