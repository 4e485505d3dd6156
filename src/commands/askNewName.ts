import * as vscode from 'vscode';
import { checkName } from '../api/validators';
import type { CommandDeps } from './deps';
import { isBack } from './wizard';

/**
 * The rename prompt every Rename command shares: pre-filled with the current name, validated inline.
 * Undefined when cancelled or unchanged, so nothing is sent.
 */
export async function askNewName(
  deps: CommandDeps,
  current: string,
  what: string,
  validate: (text: string) => string | undefined = (text) => checkName(text, vscode.l10n.t('Name')),
): Promise<string | undefined> {
  const typed = await deps.prompter.input({
    title: vscode.l10n.t('Rename {0}', current),
    prompt: vscode.l10n.t('The new name of the {0}', what),
    value: current,
    validate,
  });
  if (typed === undefined || isBack(typed) || typed.trim() === current) return undefined;
  return typed.trim();
}
