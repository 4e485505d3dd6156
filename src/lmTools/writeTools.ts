/**
 * The write tools, one per kind (src/kinds/operations.ts): each plans through the action's one definition on the live session, shows
 * VS Code's confirmation with the plan in the UI's words (every resource by name and ID, what changes, the
 * monthly change; the service's names as literal Markdown text), and on invoke plans again on the service's
 * current state and sends only when that plan is the one the user confirmed (a task may have started, a
 * co-tenant renamed the resource), asks for the typed name in the extension's own input when the write destroys
 * data (so no "always allow" can approve it), then sends through the action pipeline's path: the action history
 * and the log (Copy as curl), the status bar's progress and confirmation, a failure shown as the UI shows it, the
 * task followed by the tracker.
 */
import * as vscode from 'vscode';
import { agentError, agentResult } from '../agent/envelope';
import { type AnswerData } from '../actions/answerData';
import type { Defined } from '../actions/writeTool';
import { agentCall, WRITE_TOOLS } from '../kinds/operations';
import { planData, type ActionContext as WriteContext, type ActionPlan as WritePlan } from '../actions/definition';
import { agentSpending, typedConfirms } from '../actions/gate';
import { isRefusal, plan, run, type RunResult } from '../actions/runner';
import type { SpendingLedger } from '../agent/guards';
import type { Account } from '../auth/accountRegistry';
import { accountWords } from '../auth/localAccounts';
import { agentLimits } from '../ui/agentLimits';
import { done } from '../ui/notify';
import { typedCheck } from '../ui/typedCheck';
import { windowDoor } from '../ui/windowDoor';
import type { ListingKind } from '../kinds/registry';
import { monthlyChangeWords } from '../model/cost';
import { markdownText, typeableText } from '../model/serviceText';
import type { ToolDeps } from './deps';
import type { ToolName } from './toolNames';
import { envelopeResult, sessionContext } from './session';

/**
 * The agent's context on the live session and the definition its call picks, checked against the person's limits
 * for agents; signed out, a refusal or a bad input throws the envelope's JSON for the model.
 */
async function call(deps: ToolDeps, ledger: SpendingLedger, name: string, input: unknown): Promise<{ ctx: WriteContext; defined: Defined; input: Record<string, unknown> }> {
  const ctx = await sessionContext(deps, { tool: name, door: 'editor', limits: agentLimits, ledger });
  if ('signedOut' in ctx) throw new Error(agentResult('service', ctx.signedOut));
  try {
    return { ctx, ...agentCall(ctx, name, input) };
  } catch (error) {
    throw new Error(agentError(ctx.source, error), { cause: error });
  }
}

/**
 * The confirmation VS Code shows: the UI's question, its detail, then every resource by name and ID, the monthly
 * change with where this session's agent changes stand against the person's limit.
 */
function confirmation(ctx: WriteContext, plan: WritePlan, account: Account | undefined): vscode.LanguageModelToolConfirmationMessages {
  const words = plan.words(markdownText);
  const lines = [
    // Which account it changes, always: with two signed in, "web-1" alone does not say which.
    ...(account ? [vscode.l10n.t('Account: {0}', accountWords(account, markdownText)), ''] : []),
    words.detail,
    '',
    ...plan.resources.map((r) => `- ${vscode.l10n.t('{0} {1} (ID {2}): {3}', r.kind, markdownText(r.name), r.id === undefined ? vscode.l10n.t('new') : markdownText(String(r.id)), r.role)}`),
    '',
    vscode.l10n.t('Estimated change to the monthly cost: {0}.', agentSpending(ctx, plan) ?? monthlyChangeWords(plan.monthlyChangeUsd)),
    ...(plan.typed !== undefined ? ['', vscode.l10n.t('This destroys data: you will be asked to type {0} to confirm.', markdownText(typeableText(plan.typed)))] : []),
  ];
  const message = new vscode.MarkdownString(lines.join('\n'));
  message.isTrusted = false;
  message.supportHtml = false;
  return { title: plan.words(typeableText).question, message };
}

/** The account the live session acts in. */
function accountOf(deps: ToolDeps): Account | undefined {
  const state = deps.session.state;
  return state.kind === 'signed-out' ? undefined : state.account;
}

/** What the user is shown of a plan, and its data: two plans that differ in either are not the same. */
function seen(ctx: WriteContext, plan: WritePlan, account: Account | undefined): string {
  const shown = confirmation(ctx, plan, account);
  return JSON.stringify([shown.title, (shown.message as vscode.MarkdownString).value, planData(plan)]);
}

/** Prepared plans not yet invoked are kept up to this many (the oldest go first); a cancelled one is never invoked. */
const CONFIRMED_MAX = 50;

interface Confirmed {
  readonly seen: string;
  readonly data: AnswerData;
  readonly kinds: readonly ListingKind[];
}

/**
 * The plans prepareInvocation showed, by tool and input: VS Code hands invoke the same input but nothing else
 * that links it to the confirmation, so invoke finds what was confirmed by them (and takes it, once).
 */
class ConfirmedPlans {
  private readonly plans = new Map<string, Confirmed>();

  private static key(name: string, input: unknown): string {
    return `${name}\n${JSON.stringify(input) ?? ''}`;
  }

  shown(name: string, input: unknown, ctx: WriteContext, plan: WritePlan, account: Account | undefined): void {
    const key = ConfirmedPlans.key(name, input);
    this.plans.delete(key);
    // The listings its resources came from, to read again before planning again.
    const kinds = [...new Set(plan.resources.filter((r) => r.id !== undefined).map((r) => r.kind as ListingKind))];
    this.plans.set(key, { seen: seen(ctx, plan, account), data: planData(plan), kinds });
    for (const oldest of this.plans.keys()) {
      if (this.plans.size <= CONFIRMED_MAX) break;
      this.plans.delete(oldest);
    }
  }

  take(name: string, input: unknown): Confirmed | undefined {
    const key = ConfirmedPlans.key(name, input);
    const confirmed = this.plans.get(key);
    this.plans.delete(key);
    return confirmed;
  }
}

/** Drops the listings a confirmed plan read, so that planning again reads the service as it is now. */
async function freshen(deps: ToolDeps, kinds: readonly ListingKind[]): Promise<void> {
  if (deps.session.state.kind !== 'active') return;
  (await deps.session.current()).store.invalidate(...kinds);
}

function writeTool(deps: ToolDeps, name: string, confirmed: ConfirmedPlans, ledger: SpendingLedger): vscode.LanguageModelTool<unknown> {
  return {
    prepareInvocation: async (options) => {
      const { ctx, defined, input } = await call(deps, ledger, name, options.input);
      const planned = await plan(ctx, defined, input).catch((error: unknown) => {
        throw new Error(agentError(ctx.source, error), { cause: error });
      });
      const account = accountOf(deps);
      confirmed.shown(name, options.input, ctx, planned, account);
      return { invocationMessage: planned.words(typeableText).question, confirmationMessages: confirmation(ctx, planned, account) };
    },
    invoke: async (options) => {
      const shown = confirmed.take(name, options.input);
      if (shown) await freshen(deps, shown.kinds);
      const { ctx, defined, input } = await call(deps, ledger, name, options.input);
      // The answer to the model when the plan planned again is not what the user confirmed, or no name was typed.
      let refused: AnswerData | undefined;
      const door = windowDoor('languageModelTool', deps.notifier, async ([planned]) => {
        // Only what the user confirmed is sent: a plan that changed since (another resource, another monthly
        // change, a new name) or was never shown is refused, and the model can prepare it again.
        if (shown?.seen !== seen(ctx, planned!, accountOf(deps))) {
          refused = {
            error: shown
              ? vscode.l10n.t('The plan changed after the user confirmed it: nothing was sent. Call the tool again to confirm the new plan.')
              : vscode.l10n.t('The user has not confirmed this plan: nothing was sent. Call the tool again to confirm it.'),
            ...(shown ? { confirmed: shown.data } : {}),
            plan: planData(planned!),
          };
          return undefined;
        }
        if (planned!.typed === undefined) return {};
        const question = planned!.words(typeableText).question;
        const answer = await deps.prompter.input({ title: question, ...typedCheck(planned!.typed, vscode.l10n.t('Type {0} to confirm.', typeableText(planned!.typed))) });
        const typed = typeof answer === 'string' ? answer : undefined;
        if (typedConfirms(planned!, typed)) return { typed };
        refused = { error: vscode.l10n.t('The user did not type the name to confirm: nothing was sent.'), plan: planData(planned!) };
        return undefined;
      });
      let result: RunResult;
      try {
        result = await run(ctx, defined, input, door);
      } catch (error) {
        if (!isRefusal(error)) deps.log.warn(`${name} failed: ${error instanceof Error ? error.message : String(error)}`);
        throw new Error(agentError(ctx.source, error), { cause: error });
      }
      if (result.status === 'declined') throw new Error(agentResult(ctx.source, refused ?? { error: vscode.l10n.t('The user did not confirm: nothing was sent.') }));
      // The UI's progress words, as the same action from a menu shows them; no mark of completion while the task it started runs.
      done(deps.log, vscode.l10n.t('Agent mode: {0}', result.plan.progress), Boolean((result.data as { task?: unknown }).task));
      return envelopeResult(agentResult(ctx.source, { ...result.data, plan: planData(result.plan) }));
    },
  };
}

/** Every write tool of a kind, by name; `ledger`: what this window's agent mode has added to the monthly estimate. */
export function writeTools(deps: ToolDeps, ledger: SpendingLedger): [ToolName, vscode.LanguageModelTool<unknown>][] {
  const confirmed = new ConfirmedPlans();
  return WRITE_TOOLS.map((write) => [write.name as ToolName, writeTool(deps, write.name, confirmed, ledger)]);
}
