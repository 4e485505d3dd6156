/**
 * The one door to what VS Code shows in notifications, progress and the status bar. Whatever
 * passes through is shown literally: a name a co-tenant chose, `zz [Open Settings](command:…)`, cannot become
 * a link there, nor `$(icon)` an icon, nor a newline or a bidi control a forged line (see literalText). Our
 * own icons are passed apart and kept. A unit test (test/unit/notify.boundary.test.ts) fails when code outside
 * this folder calls those VS Code functions itself.
 */
import * as vscode from 'vscode';
import { literalText } from '../model/serviceText';

/** The longest message shown; the log keeps the whole text. */
const MAX_MESSAGE = 2000;

const text = (message: string) => literalText(message, MAX_MESSAGE);

export function info(message: string, ...actions: string[]): Thenable<string | undefined> {
  return vscode.window.showInformationMessage(text(message), ...actions);
}

export function warning(message: string, ...actions: string[]): Thenable<string | undefined> {
  return vscode.window.showWarningMessage(text(message), ...actions);
}

export function error(message: string, ...actions: string[]): Thenable<string | undefined> {
  return vscode.window.showErrorMessage(text(message), ...actions);
}

export interface Progress {
  /** A line under the title (a notification) or after it (the status bar). */
  report(message: string, increment?: number): void;
}

/**
 * Work with its progress in the status bar ('window'), in a notification, which may offer Cancel, or as the bar
 * across the top of a view (`{ view }`: its id; the title is not shown there).
 */
export function withProgress<T>(
  where: 'window' | 'notification' | { readonly view: string },
  title: string,
  work: (progress: Progress, token: vscode.CancellationToken) => Thenable<T>,
  cancellable = false,
): Thenable<T> {
  const location = where === 'window' ? vscode.ProgressLocation.Window : where === 'notification' ? vscode.ProgressLocation.Notification : { viewId: where.view };
  return vscode.window.withProgress({ location, title: text(title), cancellable }, (progress, token) =>
    work({ report: (message, increment) => progress.report({ message: text(message), ...(increment !== undefined ? { increment } : {}) }) }, token));
}

/** The text of a status bar entry: our codicon, then the words, which show as they are. */
export function statusText(icon: string | undefined, words: string): string {
  return icon ? `$(${icon}) ${literalText(words)}` : literalText(words);
}

/** A short message in the status bar, gone after `ms`; `icon` undefined for none. */
export function statusMessage(icon: string | undefined, words: string, ms: number): vscode.Disposable {
  return vscode.window.setStatusBarMessage(statusText(icon, words), ms);
}

/**
 * A short word in the status bar and the log once an action was sent. Its check mark says the work has ended, so
 * a request that started a task (`running`) has none: the tasks' own item beside it says the task runs.
 */
export function done(log: { info(line: string): void }, message: string, running = false): vscode.Disposable {
  log.info(message);
  return statusMessage(running ? undefined : 'check', message, 5000);
}

/** The status bar item that shows running tasks (its text goes through statusText). */
export function createStatusBarItem(id: string, priority: number): vscode.StatusBarItem {
  return vscode.window.createStatusBarItem(id, vscode.StatusBarAlignment.Left, priority);
}
