/** The live session as the language model tools read and write through it, and the form of their results. */
import * as vscode from 'vscode';
import type { AnswerData } from '../actions/answerData';
import type { AgentSource } from '../agent/envelope';
import { actionContext, sourceOf as accountSource } from '../actions/context';
import type { ActionContext, AgentDoor } from '../actions/definition';
import type { ToolDeps } from './deps';

/** The result VS Code hands the model: the envelope's JSON text, alone. */
export function envelopeResult(text: string): vscode.LanguageModelToolResult {
  return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(text)]);
}

/** What a tool says when there is no session to read through: how to get one. */
function signedOutData(deps: ToolDeps): AnswerData | undefined {
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

/** Where the session's answers come from: the Account view says "Local emulator" for the same accounts. */
export function sourceOf(deps: ToolDeps): AgentSource {
  const state = deps.session.state;
  return state.kind !== 'signed-out' ? accountSource(state.account) : 'service';
}

/**
 * The live session as the agent core reads and acts through it (with `agent`, an agent's change: its limits
 * checked, its tasks followed, its requests recorded), or what to say when there is none.
 */
export async function sessionContext(deps: ToolDeps, agent?: AgentDoor): Promise<ActionContext | { signedOut: AnswerData }> {
  const signedOut = signedOutData(deps);
  const state = deps.session.state;
  if (signedOut || state.kind !== 'active') return { signedOut: signedOut! };
  const { client, store } = await deps.session.current();
  return actionContext({
    account: state.account,
    client,
    store,
    history: deps.history,
    log: (line) => deps.log.info(line),
    tasks: deps.tasks,
    ...(agent ? { agent } : {}),
  });
}
