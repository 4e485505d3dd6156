/**
 * The limits the person set for agents, read from their user settings only: the three settings have application
 * scope, so VS Code already ignores a workspace's value, and reading `globalValue` (else the default) here keeps
 * it so even where a workspace or folder value is present in the files. Read at each plan, so a change applies to
 * the next tool call without a reload.
 */
import * as vscode from 'vscode';
import { accessOf, monthlyLimitOf, protectedTagsOf, type AgentLimits } from '../agent/guards';

/** The user's value of a setting, or its default: never a workspace's. */
function userValue<T>(inspected: { globalValue?: T; defaultValue?: T } | undefined): T | undefined {
  return inspected?.globalValue ?? inspected?.defaultValue;
}

/**
 * The protected tags alone, which the Stacklets view reads to mark rows and a person's question to name the tag:
 * each `inspect` costs about a millisecond in the extension host (it computes every language's overrides), and
 * the view reads them on the first row's path.
 */
export function agentProtectedTags(config = vscode.workspace.getConfiguration('stacklet')): AgentLimits['protectedTags'] {
  return protectedTagsOf(userValue(config.inspect('agent.protectedTags')));
}

export function agentLimits(): AgentLimits {
  const config = vscode.workspace.getConfiguration('stacklet');
  return {
    // A value the setting does not know (a typo in settings.json) reads as `read`: the stricter of the two that let agents see anything.
    access: accessOf(userValue(config.inspect('agent.access')), 'read'),
    protectedTags: agentProtectedTags(config),
    monthlyLimit: monthlyLimitOf(userValue(config.inspect('agent.monthlyLimit'))),
  };
}
