/** The question answered by typing a name: what a deletion, a rebuild or a restore asks before it destroys data. */
import * as vscode from 'vscode';
import { confirmsText, hasUnsafe, typeableText } from '../model/serviceText';
import type { InputOptions } from './prompter';

/**
 * The prompt, placeholder and inline check of a question answered by typing `expected`, a name or an ID the
 * service chose. It may hold characters nobody can see (`prod\u200B-db`, a zero-width space): the prompt and the
 * check show them escaped, and the user types that escaped form (or pastes the exact name). So `prod-db` does
 * not confirm it, and it can still be confirmed. The answer is checked again with `confirmsText`.
 */
export function typedCheck(expected: string, prompt: string): Pick<InputOptions, 'prompt' | 'placeHolder' | 'validate'> {
  const shown = typeableText(expected);
  const invisible = hasUnsafe(expected) ? ` ${vscode.l10n.t('It holds characters that cannot be seen, shown here as codes such as {0}: type them as shown.', typeableText(firstUnsafe(expected)))}` : '';
  return {
    prompt: `${prompt}${invisible}`,
    placeHolder: vscode.l10n.t('Type it exactly, to confirm'),
    validate: (text) => (confirmsText(text, expected) ? undefined : vscode.l10n.t('Type {0} exactly to confirm the deletion', shown)),
  };
}

/** The first character of `text` that is shown escaped. */
function firstUnsafe(text: string): string {
  return [...text].find(hasUnsafe) ?? '';
}
