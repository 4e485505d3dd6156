/**
 * The one place every door's confirmed plan passes on its way to the service: a command after its modal, a
 * language model tool after VS Code's confirmation, an MCP tool after elicitation. What destroys data is sent
 * only with its name typed, here, whichever door asked; the listings the action leaves stale are read again
 * after it. Rules that hold for every door (issue 35: access levels, protected tags, a spending limit) belong
 * here, before `send`. No vscode import.
 */
import * as l10n from '@vscode/l10n';
import type { AnswerData } from './answerData';
import { ActionRefusal } from './refusals';
import { unrecorded } from '../api/recording';
import { guardAgentPlan, spendingWords, type GuardedPlan } from '../agent/guards';
import { KINDS, kindSpec, sameId, type Kind, type KindItems, type KindSpec, type ListedKind } from '../kinds/registry';
import { monthlyChangeWords } from '../model/cost';
import { confirmsText } from '../model/serviceText';
import { targetOf, type ActionContext, type ActionPlan } from './definition';

/** Which door confirmed a plan, and what the user typed to confirm it (for what destroys data). */
export interface Confirmation {
  readonly door: 'command' | 'document' | 'languageModelTool' | 'mcp';
  readonly typed?: string | undefined;
}

/** Whether `typed` confirms the plan: always for what destroys no data, else the exact name (or its typeable form). */
export function typedConfirms(plan: ActionPlan, typed: string | undefined): boolean {
  return plan.typed === undefined || (typed !== undefined && confirmsText(typed, plan.typed));
}

/** What the agents' limits read of a plan: one action's, or the steps of an account document's together. */
export type Guarded = Pick<ActionPlan, 'resources' | 'monthlyChangeUsd'>;

/** The tags each resource of the plan carries, as the cached listing of its kind has them (what is created has none yet). */
async function withTags(ctx: ActionContext, plan: Guarded): Promise<GuardedPlan> {
  const resources = await Promise.all(plan.resources.map(async (resource) => {
    if (resource.id === undefined || !(resource.kind in KINDS)) return resource;
    const spec = kindSpec(resource.kind as Kind) as unknown as KindSpec<ListedKind>;
    if (!spec.search || !spec.list) return resource;
    const items = (await ctx.store.get(resource.kind as ListedKind)).items as readonly KindItems[ListedKind][];
    const item = items.find((candidate) => sameId(spec.key(candidate), resource.id!));
    return item ? { ...resource, tags: spec.search(item).tags ?? [] } : resource;
  }));
  return { resources, monthlyChangeUsd: plan.monthlyChangeUsd };
}

/**
 * Refuses an agent's plan that the person's limits for agents do not allow (access, a protected tag, the spending
 * limit), before the agent's door asks anything; nothing for a person's door. Also run by `execute`, since the
 * account and the session's spending may have moved while the person read the question.
 */
export async function guardAgent(ctx: ActionContext, plan: Guarded): Promise<void> {
  if (!ctx.agent) return;
  guardAgentPlan(await withTags(ctx, plan), ctx.agent.limits(), ctx.agent.ledger);
}

/** For an agent's confirmation: the plan's monthly change and where this session's agent changes stand after it. */
export function agentSpending(ctx: ActionContext, plan: ActionPlan): string | undefined {
  if (!ctx.agent) return undefined;
  return l10n.t('{0}; {1}', monthlyChangeWords(plan.monthlyChangeUsd), spendingWords(ctx.agent.ledger, plan, ctx.agent.limits()));
}

/** Sends a plan the user confirmed through `confirmation`'s door; refused (nothing sent) when the typed name is not the one. */
export async function execute(ctx: ActionContext, plan: ActionPlan, confirmation: Confirmation): Promise<AnswerData> {
  const target = targetOf(plan);
  if (!typedConfirms(plan, confirmation.typed)) {
    throw new ActionRefusal('typedNameMismatch', l10n.t('What was typed is not the name to type: nothing was sent.'), target);
  }
  await guardAgent(ctx, plan);
  try {
    const answer = await plan.send();
    ctx.agent?.ledger.add(plan.monthlyChangeUsd);
    return answer;
  } finally {
    // Read again whether the service took it or not: a failure may have changed part of it. The views' reads
    // are not part of what the action sent.
    unrecorded(() => ctx.store.invalidate(...plan.stale));
  }
}
