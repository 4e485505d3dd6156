/**
 * What the language model tools do (registered by ./register.ts, loaded on first use): each reads through the
 * vscode-free agent core (src/agent) with the live session's client and cache, and answers the core's JSON
 * envelope as the one text part of its result, never prose with the service's words spliced in. Signed out (or
 * expired), a tool answers the same envelope saying how to sign in; on a local emulator its `source` says so.
 */
import * as vscode from 'vscode';
import { agentError, agentResult, type AgentData, type AgentSource } from '../agent/envelope';
import { textField } from '../agent/input';
import { catalog, costEstimates, describeResource, findResources, recentActions, runningTasks, type AgentContext } from '../agent/reads';
import { isLocalEmulator } from '../auth/localAccounts';
import type { CommandDeps } from '../commands/deps';
import type { Tools } from './register';
import type { ToolName } from './toolNames';

/** The result VS Code hands the model: the envelope's JSON text, alone. */
export function envelopeResult(text: string): vscode.LanguageModelToolResult {
  return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(text)]);
}

/** What a tool says when there is no session to read through: how to get one. */
function signedOutData(deps: CommandDeps): AgentData | undefined {
  const state = deps.session.state;
  if (state.kind === 'active') return undefined;
  return {
    signedIn: false,
    error: state.kind === 'expired'
      ? vscode.l10n.t('The Stacklet Cloud session has expired or its API token was revoked.')
      : vscode.l10n.t('Not signed in to Stacklet Cloud.'),
    howToSignIn: vscode.l10n.t('Ask the user to run "Stacklet Cloud: Sign In with API Token" from the Command Palette, or "Stacklet Cloud: Try the Local Emulator" to explore demo data, then call this tool again.'),
  };
}

/** Where the session's answers come from: the views say "Local emulator" for the same accounts. */
function sourceOf(deps: CommandDeps): AgentSource {
  const state = deps.session.state;
  return state.kind !== 'signed-out' && isLocalEmulator(state.account) ? 'emulator' : 'service';
}

/** Runs `read` on the live session and answers its envelope (an error, too, is an envelope the model reads). */
export async function readAnswer(deps: CommandDeps, input: unknown, read: (ctx: AgentContext, input: unknown) => AgentData | Promise<AgentData>): Promise<string> {
  const signedOut = signedOutData(deps);
  if (signedOut) return agentResult('service', signedOut);
  const source = sourceOf(deps);
  try {
    const { client, store } = await deps.session.current();
    // The cursor is the envelope's; the operation checks the rest (and refuses input that is not an object).
    const fields = input !== null && typeof input === 'object' && !Array.isArray(input);
    const { cursor, ...rest } = (fields ? input : {}) as { cursor?: unknown };
    const data = await read({ source, client, store, history: deps.history }, fields ? rest : input);
    return agentResult(source, data, cursor === undefined ? undefined : textField({ cursor }, 'cursor'));
  } catch (error) {
    return agentError(source, error);
  }
}

/** A tool that reads: no confirmation (nothing changes), a line while it runs, the envelope as its result. */
function readTool(deps: CommandDeps, running: string, read: (ctx: AgentContext, input: unknown) => AgentData | Promise<AgentData>): vscode.LanguageModelTool<unknown> {
  return {
    prepareInvocation: () => ({ invocationMessage: running }),
    invoke: async (options) => envelopeResult(await readAnswer(deps, options.input, read)),
  };
}

/** Every tool, by the name package.json contributes it under. */
export function languageModelTools(deps: CommandDeps): Tools {
  return new Map<ToolName, vscode.LanguageModelTool<unknown>>([
    ['stacklet_find', readTool(deps, vscode.l10n.t('Finding Stacklet Cloud resources'), findResources)],
    ['stacklet_describe', readTool(deps, vscode.l10n.t('Reading a Stacklet Cloud resource'), describeResource)],
    ['stacklet_cost', readTool(deps, vscode.l10n.t('Estimating Stacklet Cloud costs'), costEstimates)],
    ['stacklet_catalog', readTool(deps, vscode.l10n.t('Reading the Stacklet Cloud catalog'), catalog)],
    ['stacklet_tasks', readTool(deps, vscode.l10n.t('Reading the running Stacklet Cloud tasks'), (ctx) => runningTasks(ctx))],
    ['stacklet_recentActions', readTool(deps, vscode.l10n.t('Reading the recent Stacklet Cloud actions'), (ctx) => recentActions(ctx))],
  ]);
}
