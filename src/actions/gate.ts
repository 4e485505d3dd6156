/**
 * The one place every door's confirmed plan passes on its way to the service: a command after its modal, a
 * language model tool after VS Code's confirmation, an MCP tool after elicitation. What destroys data is sent
 * only with its name typed, here, whichever door asked; the listings the action leaves stale are read again
 * after it. Rules that hold for every door (issue 35: access levels, protected tags, a spending limit) belong
 * here, before `send`. No vscode import.
 */
import * as l10n from '@vscode/l10n';
import type { AgentData } from '../agent/envelope';
import { AgentRefusal } from '../agent/refusal';
import { confirmsText } from '../model/serviceText';
import type { ActionContext, ActionPlan } from './definition';

/** Which door confirmed a plan, and what the user typed to confirm it (for what destroys data). */
export interface Confirmation {
  readonly door: 'command' | 'languageModelTool' | 'mcp';
  readonly typed?: string | undefined;
}

/** Whether `typed` confirms the plan: always for what destroys no data, else the exact name (or its typeable form). */
export function typedConfirms(plan: ActionPlan, typed: string | undefined): boolean {
  return plan.typed === undefined || (typed !== undefined && confirmsText(typed, plan.typed));
}

/** Sends a plan the user confirmed through `confirmation`'s door; refused (nothing sent) when the typed name is not the one. */
export async function execute(ctx: ActionContext, plan: ActionPlan, confirmation: Confirmation): Promise<AgentData> {
  const target = plan.resources.find((resource) => resource.role === 'target' || resource.role === 'new') ?? plan.resources[0]!;
  if (!typedConfirms(plan, confirmation.typed)) {
    throw new AgentRefusal('typedNameMismatch', l10n.t('What was typed is not the name to type: nothing was sent.'), target);
  }
  try {
    return await plan.send();
  } finally {
    // Read again whether the service took it or not: a failure may have changed part of it.
    ctx.store.invalidate(...plan.stale);
  }
}
