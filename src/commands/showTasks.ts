import * as vscode from 'vscode';
import * as notify from '../ui/notify';
import { label } from '../tasks/statusBar';
import type { TrackedTask } from '../tasks/types';
import { presentation } from '../views/kindPresentation';
import type { CommandDeps } from './deps';
import { BACK } from '../ui/prompter';

/** stacklet.showTasks (the status bar item): lists the running tasks and reveals the chosen one's resource. */
export async function showTasks(deps: CommandDeps): Promise<boolean> {
  const running = deps.tasks.running();
  if (running.length === 0) {
    void notify.info(vscode.l10n.t('No Stacklet Cloud tasks are running.'));
    return false;
  }
  const chosen = await deps.prompter.pick<TrackedTask>({
    title: vscode.l10n.t('Running Tasks'),
    placeHolder: vscode.l10n.t('Choose a task to show its resource'),
    items: running.map((task) => ({
      label: label(task),
      icon: 'sync~spin',
      description: vscode.l10n.t('started {0}', new Date(task.startedAt).toLocaleTimeString()),
      value: task,
    })),
  });
  if (chosen === undefined || chosen === BACK) return false;
  const revealed = (await deps.views.get(presentation(chosen.kind).view)?.reveal(chosen.kind, chosen.resourceId)) ?? false;
  if (!revealed) void notify.info(vscode.l10n.t('{0} is not shown in the explorer now (a filter may hide it).', chosen.resourceName));
  return revealed;
}
