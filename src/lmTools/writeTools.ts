/**
 * The write tools: each plans through the agent write core (src/agent/writes.ts) on the live session, shows
 * VS Code's confirmation with the plan in the UI's words (every resource by name and ID, what changes, the
 * monthly change; the service's names as literal Markdown text), and on invoke plans again (a task may have
 * started meanwhile), asks for the typed name in the extension's own input when the write destroys data (so no
 * "always allow" can approve it), then sends through the action pipeline's path: the action history and the log
 * (Copy as curl), the status bar's progress and confirmation, the task followed by the tracker.
 */
import * as vscode from 'vscode';
import * as notify from '../ui/notify';
import { agentError, agentResult } from '../agent/envelope';
import { planData, planWrite, typedConfirms, WRITE_OPERATIONS, type WriteContext, type WritePlan } from '../agent/writes';
import { done, follow } from '../commands/action';
import type { CommandDeps } from '../commands/deps';
import { typedCheck } from '../commands/deleteAction';
import { monthlyChangeWords } from '../model/cost';
import { markdownText, typeableText } from '../model/serviceText';
import type { ToolName } from './toolNames';
import { envelopeResult, sessionContext } from './session';

/** The plan of `name` for `input` on the live session; a refusal or a bad input throws the envelope's JSON for the model. */
async function plan(deps: CommandDeps, name: string, input: unknown): Promise<{ ctx: WriteContext; plan: WritePlan }> {
  const ctx = await sessionContext(deps);
  if ('signedOut' in ctx) throw new Error(agentResult('service', ctx.signedOut));
  const write: WriteContext = {
    ...ctx,
    isBusy: (kind, id) => deps.tasks.isBusy(kind, id),
    onTask: (kind, id, resourceName, task) => follow(deps, kind, id, resourceName, task),
    log: (line) => deps.log.info(line),
  };
  try {
    return { ctx: write, plan: await planWrite(write, name, input) };
  } catch (error) {
    throw new Error(agentError(ctx.source, error), { cause: error });
  }
}

/** The confirmation VS Code shows: the UI's question, its detail, then every resource by name and ID and the monthly change. */
function confirmation(plan: WritePlan): vscode.LanguageModelToolConfirmationMessages {
  const words = plan.words(markdownText);
  const lines = [
    words.detail,
    '',
    ...plan.resources.map((r) => `- ${vscode.l10n.t('{0} {1} (ID {2}): {3}', r.kind, markdownText(r.name), r.id === undefined ? vscode.l10n.t('new') : markdownText(String(r.id)), r.role)}`),
    '',
    vscode.l10n.t('Estimated change to the monthly cost: {0}.', monthlyChangeWords(plan.monthlyChangeUsd)),
    ...(plan.typed !== undefined ? ['', vscode.l10n.t('This destroys data: you will be asked to type {0} to confirm.', markdownText(typeableText(plan.typed)))] : []),
  ];
  const message = new vscode.MarkdownString(lines.join('\n'));
  message.isTrusted = false;
  message.supportHtml = false;
  return { title: plan.words(typeableText).question, message };
}

function writeTool(deps: CommandDeps, name: string): vscode.LanguageModelTool<unknown> {
  return {
    prepareInvocation: async (options) => {
      const planned = await plan(deps, name, options.input);
      return { invocationMessage: planned.plan.words(typeableText).question, confirmationMessages: confirmation(planned.plan) };
    },
    invoke: async (options) => {
      const { ctx, plan: planned } = await plan(deps, name, options.input);
      if (planned.typed !== undefined) {
        const question = planned.words(typeableText).question;
        const typed = await deps.prompter.input({ title: question, ...typedCheck(planned.typed, vscode.l10n.t('Type {0} to confirm.', typeableText(planned.typed))) });
        if (typeof typed !== 'string' || !typedConfirms(planned, typed)) {
          throw new Error(agentResult(ctx.source, { error: vscode.l10n.t('The user did not type the name to confirm: nothing was sent.'), plan: planData(planned) }));
        }
      }
      try {
        const question = planned.words(typeableText).question;
        const answer = await notify.withProgress('window', question, () => planned.execute());
        done(deps, vscode.l10n.t('Sent by agent mode: {0}', question));
        return envelopeResult(agentResult(ctx.source, { ...answer, plan: planData(planned) }));
      } catch (error) {
        deps.log.warn(`${name} failed: ${error instanceof Error ? error.message : String(error)}`);
        throw new Error(agentError(ctx.source, error), { cause: error });
      }
    },
  };
}

/** Every write tool, by name. */
export function writeTools(deps: CommandDeps): [ToolName, vscode.LanguageModelTool<unknown>][] {
  return WRITE_OPERATIONS.map((op) => [op.name as ToolName, writeTool(deps, op.name)]);
}
