/**
 * Waiting until a workbench has settled: its processes (code-server, the extension host, Chromium) have used
 * little CPU for a while. A fixed wait did not hold: on a machine whose workbench started slower, three seconds
 * after a reload the extension host was still activating the built-in extensions (git among them), and the
 * first row of every extension measured then, the bare one's included, took 1.2–1.8 s rather than 0.1–0.3 s.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { sleep } from '../test/harness/processes';

/** Linux's clock ticks per second for /proc's CPU times (`getconf CLK_TCK`, 100 on every kernel we run on). */
const TICKS_PER_SECOND = 100;

/** CPU ticks (user and system) used so far by the live processes of `groups`, from /proc/<pid>/stat. */
export function groupTicks(groups: readonly number[]): number {
  const wanted = new Set(groups);
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // gone since the listing
    }
    // The command name is in parentheses and may hold spaces: the fields are counted after its closing one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After the name: state(3) ppid(4) pgrp(5) … utime(14) stime(15), so index = field - 3.
    if (!wanted.has(Number(fields[2]))) continue;
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks;
}

export interface Quiet {
  /** How long the wait took. */
  readonly waitedMs: number;
  /** False when `maxMs` passed first: the measurement then starts on a busy workbench, and the log says so. */
  readonly quiet: boolean;
}

export interface QuietOptions {
  /** Never less than this: the extension host starts a moment after the workbench shows. */
  readonly minMs?: number;
  /** The span whose CPU is compared with `share`. */
  readonly windowMs?: number;
  /** Quiet: the groups together used at most this share of one core over the last window. */
  readonly share?: number;
  readonly maxMs?: number;
}

/** Resolves once `groups` have been quiet for a window (see QuietOptions), or after `maxMs`. */
export async function untilQuiet(groups: readonly number[], options: QuietOptions = {}): Promise<Quiet> {
  const { minMs = 3000, windowMs = 1000, share = 0.1, maxMs = 30_000 } = options;
  const stepMs = 250;
  const started = Date.now();
  // The last window's samples, oldest first: [when, ticks].
  const samples: [number, number][] = [];
  for (;;) {
    const now = Date.now();
    samples.push([now, groupTicks(groups)]);
    while (samples.length > 1 && now - samples[1]![0] >= windowMs) samples.shift();
    const [since, before] = samples[0]!;
    const spanMs = now - since;
    const used = samples.at(-1)![1] - before;
    const elapsed = now - started;
    if (elapsed >= minMs && spanMs >= windowMs && used <= (share * TICKS_PER_SECOND * spanMs) / 1000) return { waitedMs: elapsed, quiet: true };
    if (elapsed >= maxMs) return { waitedMs: elapsed, quiet: false };
    await sleep(stepMs);
  }
}
