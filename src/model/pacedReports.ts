/**
 * A progress's reports spaced out, the last one always delivered before the work is said to have ended. No vscode
 * import.
 *
 * VS Code's extension host forwards a progress's reports at most once per `VSCODE_REPORT_GAP_MS` (its
 * `extHostProgress.ts` throttles `report`: the first at once, the rest merged and sent when that time is up) and
 * ends the progress at once when the work settles, so a report still held then is dropped. Three requests answered
 * within 100 ms left the notification saying "1 of 3 sent: web-2" for the 800 ms VS Code keeps it, while the status
 * bar already said "3 of 3 sent" (issue 45, item 8). Reports spaced wider than that throttle pass it at once, and
 * `settled` holds the end until the last one has gone.
 */
import { systemClock, type Clock } from './clock';

/** The throttle of VS Code's extension host on a progress's reports (read in 1.100 and 1.139). */
export const VSCODE_REPORT_GAP_MS = 100;
/** Ours, a little wider, so that a report of ours never meets the throttle's window still open. */
const GAP_MS = VSCODE_REPORT_GAP_MS + 20;

export interface PacedReports {
  /** Reports now, or, within `GAP_MS` of the last, once that time is up: the newest message, the increments summed. */
  report(message: string, increment: number): void;
  /** Resolves once no report is held: await it before the work ends. */
  settled(): Promise<void>;
}

export function pacedReports(deliver: (message: string, increment: number) => void, clock: Clock = systemClock): PacedReports {
  let last = -Infinity;
  let held: { message: string; increment: number } | undefined;
  let timer: unknown;
  const waiting: (() => void)[] = [];
  const flush = () => {
    timer = undefined;
    if (held) {
      last = clock.now();
      deliver(held.message, held.increment);
      held = undefined;
    }
    for (const resolve of waiting.splice(0)) resolve();
  };
  return {
    report(message, increment) {
      held = { message, increment: (held?.increment ?? 0) + increment };
      if (timer !== undefined) return;
      const wait = last + GAP_MS - clock.now();
      if (wait <= 0) flush();
      else timer = clock.setTimer(flush, wait);
    },
    settled: () => (timer === undefined ? Promise.resolve() : new Promise((resolve) => waiting.push(resolve))),
  };
}
