import * as vscode from 'vscode';
import { GROUPINGS, stackletGrouping, type StackletGrouping } from '../views/stackletsView';
import type { CommandDeps } from './deps';
import { isBack } from './wizard';

const WORDS: Readonly<Record<StackletGrouping, () => string>> = {
  none: () => vscode.l10n.t('No grouping'),
  region: () => vscode.l10n.t('By region'),
  tag: () => vscode.l10n.t('By tag'),
};

/**
 * Group Stacklets By… (the Stacklets view's title bar): none, region or tag, kept in the stacklet.groupStacklets
 * setting. The current grouping is offered first, marked. A value given (from a keybinding) is applied as is.
 */
export async function groupStacklets(deps: CommandDeps, value?: unknown): Promise<void> {
  const current = stackletGrouping();
  const given = GROUPINGS.find((grouping) => grouping === value);
  const chosen = given ?? await deps.prompter.pick<StackletGrouping>({
    title: vscode.l10n.t('Group Stacklets'),
    placeHolder: vscode.l10n.t('Now: {0}', WORDS[current]()),
    items: [current, ...GROUPINGS.filter((grouping) => grouping !== current)].map((grouping) => ({
      label: WORDS[grouping](),
      ...(grouping === current ? { icon: 'check', description: vscode.l10n.t('(now)') } : {}),
      value: grouping,
    })),
  });
  if (chosen === undefined || isBack(chosen) || chosen === current) return;
  await vscode.workspace.getConfiguration('stacklet').update('groupStacklets', chosen, vscode.ConfigurationTarget.Global);
}
