/**
 * How a door of this window (a command, a document's save, a language model tool) shows the runner's work
 * (src/actions/runner.ts): one item's progress in the status bar, a selection's in a notification with Cancel,
 * and a failure with the plan's own words and the service's. The door brings its confirmation.
 */
import * as vscode from 'vscode';
import type { Door } from '../actions/runner';
import { pacedReports } from '../model/pacedReports';
import type { Notifier } from './notifier';
import * as notify from './notify';

export function windowDoor(name: Door['name'], notifier: Notifier, confirm: Door['confirm']): Door {
  return {
    name,
    confirm,
    progress: (title, work, count) => {
      if (count === undefined) return notify.withProgress('window', title, () => work(() => undefined));
      return notify.withProgress('notification', title, async (progress, token) => {
        const controller = new AbortController();
        const cancelled = token.onCancellationRequested(() => controller.abort());
        // Paced, and the last one shown before the end: VS Code drops a report it still holds when the work ends.
        const paced = pacedReports((message, increment) => progress.report(message, increment));
        try {
          // "sent", as the status bar says once all are: the tasks they start run on after.
          return await work((ended, item) => paced.report(vscode.l10n.t('{0} of {1} sent: {2}', ended, count, item), 100 / count), controller.signal);
        } finally {
          await paced.settled();
          cancelled.dispose();
        }
      }, true);
    },
    failed: (planned, error) => notifier.error(error, planned.failure),
  };
}
