import * as vscode from 'vscode';
import type { CommandDeps } from './deps';

/** The words of a modal confirmation about one item. */
export interface Confirmation {
  readonly question: string;
  readonly detail: string;
  readonly button: string;
}

/** An action's only question: a modal confirmation. `{}` when confirmed, undefined (nothing sent) otherwise. */
export async function confirmed(deps: CommandDeps, words: Confirmation): Promise<Record<string, never> | undefined> {
  return (await deps.prompter.confirm(words.question, words.detail, words.button)) ? {} : undefined;
}

/**
 * A modal question whose focused button (Enter) is the safe answer: VS Code focuses the first button of a
 * modal and always adds Cancel last, so "Keep" comes first and the action second.
 */
export async function confirmModal(deps: CommandDeps, question: string, detail: string, action: string): Promise<boolean> {
  const keep = vscode.l10n.t('Keep');
  return (await deps.prompter.choose(question, detail, [keep, action])) === action;
}
