/**
 * `stacklet_applyAccount` in agent mode: an account document applied through the editor's road
 * (src/kinds/accountTools.ts applyAccount). prepareInvocation takes that road as far as its one question and
 * shows it as VS Code's confirmation (every step, the total, the account; the steps' names as literal Markdown);
 * what would be refused before the question is shown none, and invoke says it. invoke takes the road again and
 * sends only when its question is the one the user confirmed; what destroys data asks its words typed in the
 * extension's own input, so no "always allow" can approve it. Never in Restricted Mode.
 */
import * as vscode from 'vscode';
import { agentError, agentResult } from '../agent/envelope';
import { ActionRefusal } from '../actions/refusals';
import type { ActionContext } from '../actions/definition';
import type { SpendingLedger } from '../agent/guards';
import type { ApplyQuestion } from '../documents/account/accountApply';
import { APPLY_ACCOUNT, applyAccount, type AgentDocumentDoor } from '../kinds/accountTools';
import { accountWords } from '../auth/localAccounts';
import { agentLimits } from '../ui/agentLimits';
import { typedCheck } from '../ui/typedCheck';
import { windowDoor } from '../ui/windowDoor';
import { markdownText, typeableText } from '../model/serviceText';
import type { ToolDeps } from './deps';
import { envelopeResult, sessionContext } from './session';

/** The agent's context on the live session, or the envelope's JSON for the model when signed out. */
async function agentContext(deps: ToolDeps, ledger: SpendingLedger): Promise<ActionContext> {
  const ctx = await sessionContext(deps, { tool: APPLY_ACCOUNT.name, door: 'editor', limits: agentLimits, ledger });
  if ('signedOut' in ctx) throw new Error(agentResult('service', ctx.signedOut));
  return ctx;
}

/** What the door brings besides its question: the workspace's trust, the account, the window's progress. */
function door(deps: ToolDeps, confirm: AgentDocumentDoor['confirm']): AgentDocumentDoor {
  const state = deps.session.state;
  return {
    trusted: vscode.workspace.isTrusted,
    account: state.kind === 'signed-out' ? '' : state.account.email,
    confirm,
    // The window's progress for a selection: a notification with Cancel, no new step after it.
    progress: windowDoor('languageModelTool', deps.notifier, async () => undefined).progress,
  };
}

/** The question as VS Code's confirmation shows it: the account, then each line as literal Markdown. */
function confirmation(deps: ToolDeps, question: ApplyQuestion): vscode.LanguageModelToolConfirmationMessages {
  const state = deps.session.state;
  const lines = [
    ...(state.kind === 'signed-out' ? [] : [vscode.l10n.t('Account: {0}', accountWords(state.account, markdownText))]),
    ...question.lines.filter((line) => line !== '').map((line) => markdownText(line, 2000)),
    ...(question.typed !== undefined ? [vscode.l10n.t('This destroys data: you will be asked to type {0} to confirm.', markdownText(typeableText(question.typed)))] : []),
  ];
  const message = new vscode.MarkdownString(lines.join('\n\n'));
  message.isTrusted = false;
  message.supportHtml = false;
  return { title: typeableText(question.question), message };
}

export function applyAccountTool(deps: ToolDeps, ledger: SpendingLedger): vscode.LanguageModelTool<unknown> {
  // The question prepareInvocation showed, by input: VS Code hands invoke the same input and nothing else.
  const shown = new Map<string, string>();
  const keyOf = (input: unknown) => JSON.stringify(input) ?? '';
  return {
    prepareInvocation: async (options) => {
      let asked: ApplyQuestion | undefined;
      // What is refused before the question, invoke says (nothing is asked then).
      await agentContext(deps, ledger)
        .then((ctx) => applyAccount(ctx, options.input, door(deps, async (question) => {
          asked = question;
          return undefined;
        })))
        .catch(() => undefined);
      if (!asked) return { invocationMessage: vscode.l10n.t('Applying a Stacklet Cloud account document') };
      shown.delete(keyOf(options.input));
      shown.set(keyOf(options.input), JSON.stringify(asked));
      if (shown.size > 20) shown.delete(shown.keys().next().value!);
      return { invocationMessage: typeableText(asked.question), confirmationMessages: confirmation(deps, asked) };
    },
    invoke: async (options) => {
      const seen = shown.get(keyOf(options.input));
      shown.delete(keyOf(options.input));
      const ctx = await agentContext(deps, ledger);
      // Why the answer at the question sent nothing, when it was not the user's.
      let unconfirmed: string | undefined;
      try {
        const data = await applyAccount(ctx, options.input, door(deps, async (question) => {
          if (JSON.stringify(question) !== seen) {
            unconfirmed = seen
              ? vscode.l10n.t('The plan changed after the user confirmed it: nothing was sent. Call the tool again to confirm the new plan.')
              : vscode.l10n.t('The user has not confirmed this plan: nothing was sent. Call the tool again to confirm it.');
            return undefined;
          }
          if (question.typed === undefined) return {};
          const answer = await deps.prompter.input({ title: typeableText(question.question), ...typedCheck(question.typed, vscode.l10n.t('Type {0} to confirm.', typeableText(question.typed))) });
          return { typed: typeof answer === 'string' ? answer : undefined };
        }));
        return envelopeResult(agentResult(ctx.source, data));
      } catch (error) {
        const said = unconfirmed !== undefined && error instanceof ActionRefusal ? new ActionRefusal('notConfirmed', unconfirmed, error.resource, error.facts) : error;
        throw new Error(agentError(ctx.source, said), { cause: error });
      }
    },
  };
}
