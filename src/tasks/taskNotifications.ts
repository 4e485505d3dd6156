/**
 * What the user is told about tasks: the service's completed text when one ends (one summary for the tasks of a
 * bulk action, when the last of them has ended: see ./taskGroups.ts), a warning when one runs past
 * the timeout, and one warning when checks start failing (not one per failed check). Every message is logged
 * and kept in `shown` (tests cannot read toasts from the extension host).
 */
import * as vscode from 'vscode';
import type { Log } from '../ui/log';
import * as notify from '../ui/notify';
import { Disposable } from '../model/lifecycle';
import type { TaskTracker } from './taskTracker';
import { EndedGroups } from './taskGroups';
import { completedText, progressText } from '../model/taskText';
import { describeError } from '../api/errorText';

export interface TaskMessage {
  readonly level: 'info' | 'warning';
  readonly text: string;
}

const KEPT = 50;

export class TaskNotifications extends Disposable {
  /** The latest messages, oldest first. */
  readonly shown: TaskMessage[] = [];
  private readonly groups = new EndedGroups();
  /** Completions told in order, each once the rows show it. */
  private told: Promise<void> = Promise.resolve();

  /** `drawn` settles once the views show what the listings hold (src/views/viewsDrawn.ts). */
  constructor(tracker: TaskTracker, private readonly log: Log, private readonly drawn: () => Promise<void> = async () => undefined) {
    super();
    for (const subscription of [
      // The resource as it is now names it: a rename's task ends with the new name, not the one it started with.
      tracker.onDidEnd(({ task, resource }) => {
        const name = nameNow(resource) ?? task.resourceName;
        if (task.group) this.groups.add({ ...task, group: task.group }, name);
        else this.completed(vscode.l10n.t('{0}: {1}', name, completedText(task.task)));
      }),
      // After the ends of one check (or a timeout): a group none of whose tasks is followed now is told of once.
      tracker.onDidChange(() => {
        for (const summary of this.groups.settled(tracker.all())) this.completed(summary);
      }),
      tracker.onDidTimeout((task) => {
        const minutes = Math.max(1, Math.round((Date.now() - task.startedAt) / 60_000));
        this.show('warning', vscode.l10n.t('{0}: "{1}" has not finished after {2} min; it is no longer followed. Refresh the view to see its state.', task.resourceName, progressText(task.task), minutes));
      }),
      tracker.onDidFail(({ error, retryInMs }) => {
        const message = describeError(error);
        this.show('warning', vscode.l10n.t('Checking running tasks failed: {0}. Retrying in {1} s.', message, Math.round(retryInMs / 1000)));
      }),
    ]) this._register(subscription);
  }

  /** Settles once every completion so far has been said (tests wait on this after the tasks ended). */
  settled(): Promise<void> {
    return this.told;
  }

  /** A completion, said once the rows show it: "done" never comes while a row still says "busy". */
  private completed(text: string): void {
    this.told = this.told.then(() => this.drawn()).then(() => this.show('info', text));
  }

  private show(level: TaskMessage['level'], text: string): void {
    this.shown.push({ level, text });
    if (this.shown.length > KEPT) this.shown.splice(0, this.shown.length - KEPT);
    if (level === 'info') {
      this.log.info(text);
      void notify.info(text);
      return;
    }
    this.log.warn(text);
    const showLog = vscode.l10n.t('Show Log');
    void notify.warning(text, showLog).then((choice) => {
      if (choice === showLog) this.log.show(true);
    });
  }
}

function nameNow(resource: unknown): string | undefined {
  const name = (resource as { name?: unknown } | undefined)?.name;
  return typeof name === 'string' && name !== '' ? name : undefined;
}
