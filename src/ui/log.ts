/**
 * The Stacklet Cloud output channel, as the rest of the extension writes to it: every line is plain text
 * (see plainText), so a name or a message from the service cannot forge a line of the log, reorder it with
 * bidi controls, or fill it with a megabyte.
 */
import type * as vscode from 'vscode';
import { plainText } from '../model/serviceText';

/** The longest line written; the rest of a longer one is cut with an ellipsis. */
const MAX_LINE = 4000;

export interface Log extends vscode.Disposable {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  show(preserveFocus?: boolean): void;
}

export function plainLog(channel: vscode.LogOutputChannel): Log {
  const line = (message: string) => plainText(message, MAX_LINE);
  return {
    info: (message) => channel.info(line(message)),
    warn: (message) => channel.warn(line(message)),
    error: (message) => channel.error(line(message)),
    show: (preserveFocus) => channel.show(preserveFocus),
    dispose: () => channel.dispose(),
  };
}
