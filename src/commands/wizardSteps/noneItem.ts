import * as vscode from 'vscode';
import type { PickItem } from '../../ui/prompter';

/** "None" in a picker of optional things, saying what none means here. */
export function noneItem(description: string): PickItem<null> {
  return { label: vscode.l10n.t('None'), icon: 'circle-slash', description, value: null };
}
