import * as vscode from 'vscode';
import type { CommandDeps } from './deps';

/**
 * A confirmation whose default (Enter) is to keep things as they are: "Keep" comes first and the action second;
 * Escape keeps too. Every confirmation goes through Prompter.confirm or Prompter.choose, whose VS Code door
 * (VscodePrompter.choose) says why it is a picker and not a modal dialog.
 */
export async function confirmModal(deps: CommandDeps, question: string, detail: string, action: string): Promise<boolean> {
  const keep = vscode.l10n.t('Keep');
  return (await deps.prompter.choose(question, detail, [keep, action])) === action;
}
