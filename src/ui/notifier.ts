import * as vscode from 'vscode';
import type { Log } from './log';
import * as notify from './notify';
import { describeError } from '../api/errorText';

const QUIET_MS = 10_000;

/**
 * Shows errors to the user once: the same message within a few seconds (a view and its children failing
 * together, a flaky network) raises one notification, not a storm. Every error is logged in full.
 */
export class Notifier {
  private readonly recent = new Map<string, number>();

  constructor(private readonly log: Log) {}

  error(error: unknown, context?: string): void {
    const message = describeError(error);
    const text = context ? vscode.l10n.t('{0}: {1}', context, message) : message;
    this.log.error(text);
    const now = Date.now();
    const last = this.recent.get(text);
    if (last !== undefined && now - last < QUIET_MS) return;
    this.recent.set(text, now);
    for (const [key, at] of this.recent) if (now - at > QUIET_MS) this.recent.delete(key);
    const showLog = vscode.l10n.t('Show Log');
    void notify.error(text, showLog).then((choice) => {
      if (choice === showLog) this.log.show(true);
    });
  }

  info(message: string): void {
    this.log.info(message);
    void notify.info(message);
  }
}

