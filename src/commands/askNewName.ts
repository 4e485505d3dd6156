import * as vscode from 'vscode';
import { askText } from './askText';
import type { CommandDeps } from './deps';

/**
 * The rename prompt every Rename command shares: pre-filled with the current name, validated inline.
 * Undefined when cancelled or unchanged, so nothing is sent.
 */
export async function askNewName(
  deps: CommandDeps,
  current: string,
  what: string,
  validate: (text: string) => string | undefined,
  prompt = vscode.l10n.t('The new name of the {0}', what),
): Promise<{ name: string } | undefined> {
  const name = await askText(deps, { title: vscode.l10n.t('Rename {0}', current), prompt, value: current, validate });
  return name === undefined || name === current ? undefined : { name };
}
