/**
 * The account document for agents (issue 48, item 5). `stacklet_planAccount` plans a document against the live
 * account, as Plan does in the editor, and answers the plan as JSON, sending nothing. `stacklet_applyAccount`
 * applies one through the editor's road (src/documents/account/applyDocument.ts): the door that calls it (agent
 * mode, MCP) only asks its way. Service text (names, values, the service's errors) reaches the model only as JSON
 * values: every message here is the extension's own. Here, beside the kinds' parts of the document, so the agents'
 * core never imports them. No vscode import.
 */
import * as l10n from '@vscode/l10n';
import * as z from 'zod/mini';
import type { AnswerData } from '../actions/answerData';
import type { ActionContext } from '../actions/definition';
import type { ReadContext } from '../actions/readContext';
import { ActionInputError, ActionRefusal } from '../actions/refusals';
import { fieldsOf } from '../agent/input';
import type { ReadTool } from '../agent/readTools';
import { anyObject, cursor, described, envelope, paged, READ_ONLY, WRITE_OUTPUT, type ToolSpec } from '../agent/toolSpec';
import { keptMovingWords, untrustedWords } from '../documents/account/accountApply';
import { planAccount, readLive, type AccountPlan, type PlannedStep } from '../documents/account/accountPlan';
import { applyDocument, type DocumentDoor } from '../documents/account/applyDocument';
import { lineLocator } from '../documents/jsonDocument';
import { DECLARED_KINDS } from './declared';
import { definitionOf } from './operations';

/** The longest document taken: an account of some thousands of resources, not a stream to exhaust memory with. */
const MAX_DOCUMENT = 4 * 1024 * 1024;

const document = described(z.string().check(z.minLength(1), z.maxLength(MAX_DOCUMENT)), 'The account document\'s text (JSONC), as Stacklet: Open Account as Document writes it.');

/** What the two tools share of a document, said once in each description. */
const DOCUMENT_WORDS = 'an account document (JSONC: stacklets, volumes, firewalls, loadBalancers, vpcs, sshKeys, tags, userdata, snapshots, clusters; entries bound by id, references by name; "prune": true deletes what it lacks)';

export const PLAN_ACCOUNT: ToolSpec = {
  name: 'stacklet_planAccount',
  title: 'Plan a Stacklet Cloud account document',
  description: `Plans ${DOCUMENT_WORDS} against the signed-in account, as the editor's Plan does; sends nothing. Items: the steps in the order they run, {kind, action, name, op (create, change, rebuild, delete), changes [{field, from, to}], monthlyChangeUsd (null: not estimated), destroysData, level}; also leftAlone [{kind, id, name}], or problems [{line, path, message}] and no steps. Answers JSON, at most 16 KB, with a cursor for more items.`,
  input: { document, cursor },
  output: envelope(paged(anyObject, { monthlyChangeUsd: z.number(), notEstimated: z.number(), leftAlone: z.array(anyObject), problems: z.array(anyObject) })),
  annotations: READ_ONLY,
};

export const APPLY_ACCOUNT: ToolSpec = {
  name: 'stacklet_applyAccount',
  title: 'Apply a Stacklet Cloud account document',
  description: 'Applies an account document, as the editor\'s Apply does: planned again (as stacklet_planAccount), one question lists every step for the user to confirm, and what destroys data asks its words typed. Refused before asking when a step touches a protected resource or the steps\' increases pass the spending limit. Answers the plan and each step\'s outcome: done, failed (with the service\'s error) or not started.',
  input: { document },
  output: WRITE_OUTPUT,
  // Applying it twice gives "no changes"; a rebuild or a prune destroys.
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
};

function documentOf(raw: unknown): string {
  const text = fieldsOf(raw)['document'];
  if (typeof text !== 'string' || text === '') throw new ActionInputError('document', l10n.t('is required'));
  if (text.length > MAX_DOCUMENT) throw new ActionInputError('document', l10n.t('must be at most {0} characters', MAX_DOCUMENT));
  return text;
}

/** The document's plan against the account read now. */
async function planned(ctx: ReadContext, text: string): Promise<AccountPlan> {
  return planAccount(text, await readLive(ctx.store, DECLARED_KINDS), DECLARED_KINDS);
}

/** A step as data. */
const stepData = (step: PlannedStep) => ({
  kind: step.kind, action: step.action, name: step.name, op: step.op, changes: step.changes,
  monthlyChangeUsd: step.monthlyChangeUsd ?? null, destroysData: step.destroysData ?? false, level: step.level,
});

/** The document's problems, each on its line. */
const problemsData = (plan: AccountPlan, text: string) => {
  const line = lineLocator(text);
  return plan.problems.map((problem) => ({ line: line(problem.offset), path: problem.path.join('.'), message: problem.message }));
};

export async function planAccountRead(ctx: ReadContext, raw: unknown): Promise<AnswerData> {
  const text = documentOf(raw);
  const plan = await planned(ctx, text);
  return {
    monthlyChangeUsd: plan.monthlyChangeUsd,
    notEstimated: plan.notEstimated,
    leftAlone: plan.leftAlone,
    problems: problemsData(plan, text),
    items: plan.steps.map(stepData),
  };
}

/** The read tools of the account document, registered after the core's (src/agent/readTools.ts). */
export const ACCOUNT_READ_TOOLS: readonly ReadTool[] = [{ spec: PLAN_ACCOUNT, read: planAccountRead }];

/** What an agent's door brings to an apply: whether the workspace is trusted, the account's name, its question, its progress. */
export type AgentDocumentDoor = Omit<DocumentDoor, 'plan'> & { readonly account: string };

const ACCOUNT = { kind: 'account', name: '' };

/**
 * Applies the agent's document (`raw`, the tool's input) in `ctx` (the agent's: its limits counted over the whole
 * plan) through `door`; the plan and each step's outcome, or a refusal thrown with why (nothing was sent).
 */
export async function applyAccount(ctx: ActionContext, raw: unknown, door: AgentDocumentDoor): Promise<AnswerData> {
  const text = documentOf(raw);
  const applied = await applyDocument(async () => ({ ctx, account: door.account }), { ...door, plan: () => planned(ctx, text) }, { definitionOf });
  const planOf = (plan: AccountPlan) => ({ steps: plan.steps.map(stepData), monthlyChangeUsd: plan.monthlyChangeUsd, notEstimated: plan.notEstimated });
  switch (applied.status) {
    case 'untrusted': throw new ActionRefusal('untrusted', untrustedWords(), ACCOUNT);
    case 'gone': throw new Error('the document went away');
    case 'problems': throw new ActionRefusal('problems', l10n.t('The document has problems (see problems, each with its line): nothing was applied.'), ACCOUNT, { problems: problemsData(applied.plan, text) });
    case 'noChanges': return { plan: planOf(applied.plan), result: { complete: true, outcomes: [] } };
    case 'refused': throw new ActionRefusal('steps', l10n.t('Steps were refused before anything was asked (see steps, each with why): nothing was applied.'), ACCOUNT, { steps: applied.refused.map(({ step, reason }) => ({ ...stepData(step), reason })) });
    case 'declined': throw new ActionRefusal('declined', l10n.t('The user did not confirm: nothing was sent.'), ACCOUNT, { plan: planOf(applied.plan) });
    case 'mistyped': throw new ActionRefusal('typedNameMismatch', l10n.t('The user did not type the words to confirm: nothing was sent.'), ACCOUNT, { plan: planOf(applied.plan) });
    case 'keptMoving': throw new ActionRefusal('moved', keptMovingWords(), ACCOUNT);
    case 'applied': return {
      plan: planOf(applied.plan),
      result: {
        complete: applied.report.complete,
        outcomes: applied.report.outcomes.map((o) => ({ kind: o.step.kind, action: o.step.action, name: o.step.name, status: o.status, ...(o.error !== undefined ? { error: o.error } : {}) })),
      },
    };
  }
}
