/** The live session as the language model tools read and write through it, and the form of their results. */
import * as vscode from 'vscode';
import type { AgentData, AgentSource } from '../agent/envelope';
import type { AgentContext } from '../agent/reads';
import { isLocalEmulator } from '../auth/accountPlace';
import type { CommandDeps } from '../commands/deps';

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

/** Where the session's answers come from: the Account view says "Local emulator" for the same accounts. */
export function sourceOf(deps: CommandDeps): AgentSource {
  const state = deps.session.state;
  return state.kind !== 'signed-out' && isLocalEmulator(state.account) ? 'emulator' : 'service';
}

/** The live session as the agent core reads it, or what to say when there is none. */
export async function sessionContext(deps: CommandDeps): Promise<AgentContext | { signedOut: AgentData }> {
  const signedOut = signedOutData(deps);
  if (signedOut) return { signedOut };
  const { client, store } = await deps.session.current();
  return { source: sourceOf(deps), client, store, history: deps.history };
}

