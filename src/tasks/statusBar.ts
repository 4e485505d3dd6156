/**
 * The status bar's account of running tasks: "$(sync~spin) web-1: stacklet is resizing", or "N tasks
 * running", with every task in the tooltip; hidden when nothing runs. Clicking lists them (stacklet.showTasks).
 */
import * as vscode from 'vscode';
import { literalText, markdownText } from '../model/serviceText';
import * as notify from '../ui/notify';
import { Disposable } from '../model/lifecycle';
import type { TaskTracker } from './taskTracker';
import { progressText } from '../model/taskText';
import type { TrackedTask } from './types';

export class TaskStatusBar extends Disposable {
  readonly item: vscode.StatusBarItem;
  private shown = false;

  constructor(private readonly tracker: TaskTracker) {
    super();
    this.item = this._register(notify.createStatusBarItem('stacklet.tasks', 10));
    this.item.name = vscode.l10n.t('Stacklet Cloud Tasks');
    this.item.command = 'stacklet.showTasks';
    this._register(tracker.onDidChange(() => this.render()));
    this.render();
  }

  /** What the item shows now ('' when hidden). */
  get text(): string {
    return this.shown ? this.item.text : '';
  }

  get visible(): boolean {
    return this.shown;
  }

  private render(): void {
    const running = this.tracker.running();
    if (running.length === 0) {
      this.shown = false;
      this.item.hide();
      this.item.text = '';
      this.item.tooltip = undefined;
      return;
    }
    const summary = running.length === 1 ? label(running[0]!) : vscode.l10n.t('{0} tasks running', running.length);
    this.item.text = notify.statusText('sync~spin', summary);
    const tooltip = new vscode.MarkdownString(
      [vscode.l10n.t('**Stacklet Cloud tasks running**'), '', ...running.map((task) => `- $(sync~spin) ${markdownText(label(task))}`), '', vscode.l10n.t('Click to show one.')].join('\n'),
    );
    tooltip.supportThemeIcons = true;
    this.item.tooltip = tooltip;
    this.item.accessibilityInformation = { label: vscode.l10n.t('Stacklet Cloud: {0}', literalText(summary)) };
    this.shown = true;
    this.item.show();
  }
}

export function label(task: TrackedTask): string {
  return vscode.l10n.t('{0}: {1}', task.resourceName, progressText(task.task));
}
