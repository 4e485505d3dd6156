/**
 * The limits for agents are the person's alone: application settings, read from the user's settings only
 * (./agentLimits.ts). A folder whose settings set one reads as if it did, and VS Code's hover on it says the
 * setting "can only be applied in a trusted workspace", as if trusting the folder would help; it would not. So
 * the person is told once per folder which are ignored and why (issue 45, item 10).
 */
import * as vscode from 'vscode';
import type { Log } from './log';
import * as notify from './notify';

/** The settings a folder cannot set (package.json declares them with application scope). */
const AGENT_SETTINGS = ['stacklet.agent.access', 'stacklet.agent.protectedTags', 'stacklet.agent.monthlyLimit'] as const;
/** What was said in this workspace (its workspaceState): the keys, so a folder that sets another is told again. */
const TOLD = 'stacklet.ignoredAgentSettingsTold';
/** A settings file larger than this is no settings file to read for three keys. */
const MAX_BYTES = 1_000_000;

/** The agent settings the folders' settings files, and the workspace file's `settings`, set. */
async function setByWorkspace(): Promise<string[]> {
  const workspaceFile = vscode.workspace.workspaceFile?.scheme === 'untitled' ? undefined : vscode.workspace.workspaceFile;
  const files = [
    ...(vscode.workspace.workspaceFolders ?? []).map((folder) => ({ uri: vscode.Uri.joinPath(folder.uri, '.vscode', 'settings.json'), nested: false })),
    ...(workspaceFile ? [{ uri: workspaceFile, nested: true }] : []),
  ];
  // jsonc-parser is a chunk of its own, loaded here: after the first rows (src/workbench.ts), never at activation.
  const { parse } = await import('jsonc-parser');
  const found = new Set<string>();
  for (const { uri, nested } of files) {
    let text: string;
    try {
      if ((await vscode.workspace.fs.stat(uri)).size > MAX_BYTES) continue;
      text = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
    } catch {
      continue;
    }
    const json = parse(text) as unknown;
    const settings = nested ? (json as { settings?: unknown } | undefined)?.settings : json;
    if (!settings || typeof settings !== 'object') continue;
    for (const key of AGENT_SETTINGS) if (Object.hasOwn(settings, key)) found.add(key);
  }
  return AGENT_SETTINGS.filter((key) => found.has(key));
}

/** Tells, once per workspace and set of keys, that its settings for agents are ignored; Open User Settings offered. */
export async function tellIgnoredAgentSettings(state: vscode.Memento, log: Log): Promise<void> {
  const keys = await setByWorkspace();
  const said = keys.join(',');
  if (keys.length === 0 || state.get<string>(TOLD) === said) return;
  await state.update(TOLD, said);
  const message = vscode.l10n.t('This folder\'s settings set {0}, which Stacklet Cloud ignores: the limits for agents come from your user settings alone, so that a folder you open cannot lift them. Trusting the folder does not change that.', keys.join(', '));
  log.info(message);
  const open = vscode.l10n.t('Open User Settings');
  if (await notify.info(message, open) === open) await vscode.commands.executeCommand('workbench.action.openSettings', 'stacklet.agent');
}
