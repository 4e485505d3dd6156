/**
 * What the language model tools do (registered by ./register.ts, loaded on first use): each reads through the
 * vscode-free agent core (src/agent) with the live session's client and cache, and answers the core's JSON
 * envelope as the one text part of its result, never prose with the service's words spliced in. Signed out (or
 * expired), a tool answers the same envelope saying how to sign in; on a local emulator its `source` says so.
 */
import * as vscode from 'vscode';
import { agentError, agentResult } from '../agent/envelope';
import { type AnswerData } from '../actions/answerData';
import { textField } from '../agent/input';
import { catalog, costEstimates, describeResource, findResources, recentActions, runningTasks } from '../agent/reads';
import { type ReadContext } from '../actions/readContext';
import type { ToolDeps } from './deps';
import type { Tools } from './register';
import { envelopeResult, sessionContext, sourceOf } from './session';
import { writeTools } from './writeTools';
import { agentLimits } from '../ui/agentLimits';
import { ActionRefusal } from '../actions/refusals';
import type { ToolName } from './toolNames';
import { SpendingLedger } from '../agent/guards';
import { planAccountRead } from '../kinds/accountTools';
import { applyAccountTool } from './applyAccountTool';

/** Runs `read` on the live session and answers its envelope (an error, too, is an envelope the model reads). */
export async function readAnswer(deps: ToolDeps, input: unknown, read: (ctx: ReadContext, input: unknown) => AnswerData | Promise<AnswerData>): Promise<string> {
  const source = sourceOf(deps);
  // At access "off" VS Code offers no tool of ours; one called anyway (another extension's invokeTool) reads nothing.
  if (agentLimits().access === 'off') return agentError(source, new ActionRefusal('access', vscode.l10n.t('Agents have no access to this account: the person using it set Stacklet Cloud agent access to off.'), { kind: 'account', name: '' }));
  try {
    const ctx = await sessionContext(deps);
    if ('signedOut' in ctx) return agentResult('service', ctx.signedOut);
    // The cursor is the envelope's; the operation checks the rest (and refuses input that is not an object).
    const fields = input !== null && typeof input === 'object' && !Array.isArray(input);
    const { cursor, ...rest } = (fields ? input : {}) as { cursor?: unknown };
    const data = await read(ctx, fields ? rest : input);
    return agentResult(source, data, cursor === undefined ? undefined : textField({ cursor }, 'cursor'));
  } catch (error) {
    return agentError(source, error);
  }
}

/** A tool that reads: no confirmation (nothing changes), a line while it runs, the envelope as its result. */
function readTool(deps: ToolDeps, running: string, read: (ctx: ReadContext, input: unknown) => AnswerData | Promise<AnswerData>): vscode.LanguageModelTool<unknown> {
  return {
    prepareInvocation: () => ({ invocationMessage: running }),
    invoke: async (options) => envelopeResult(await readAnswer(deps, options.input, read)),
  };
}

/** Every tool, by the name package.json contributes it under. */
export function languageModelTools(deps: ToolDeps): Tools {
  // What this window's agent mode has added to the monthly estimate, against the person's spending limit: every write counts.
  const ledger = new SpendingLedger();
  return new Map<ToolName, vscode.LanguageModelTool<unknown>>([
    ['stacklet_find', readTool(deps, vscode.l10n.t('Finding Stacklet Cloud resources'), findResources)],
    ['stacklet_describe', readTool(deps, vscode.l10n.t('Reading a Stacklet Cloud resource'), describeResource)],
    ['stacklet_cost', readTool(deps, vscode.l10n.t('Estimating Stacklet Cloud costs'), costEstimates)],
    ['stacklet_catalog', readTool(deps, vscode.l10n.t('Reading the Stacklet Cloud catalog'), catalog)],
    ['stacklet_tasks', readTool(deps, vscode.l10n.t('Reading the running Stacklet Cloud tasks'), (ctx) => runningTasks(ctx))],
    ['stacklet_recentActions', readTool(deps, vscode.l10n.t('Reading the recent Stacklet Cloud actions'), (ctx) => recentActions(ctx))],
    ['stacklet_planAccount', readTool(deps, vscode.l10n.t('Planning a Stacklet Cloud account document'), planAccountRead)],
    ...writeTools(deps, ledger),
    ['stacklet_applyAccount', applyAccountTool(deps, ledger)],
  ]);
}
