// Runs the *.test.js files of one folder with mocha, programmatically. Used by the integration tier's index (inside
// the VS Code extension host) and by the e2e tier (in plain Node).
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as util from 'node:util';
import Mocha from 'mocha';
import CountingSpecReporter from './countingReporter';
import type { Counts } from './results';

/** *.test.js files under `dir`, sorted, recursively. */
export function findTestFiles(dir: string): string[] {
  const found: string[] = [];
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && entry.name.endsWith('.test.js')) found.push(full);
    }
  };
  if (fs.existsSync(dir)) walk(dir);
  return found.sort();
}

export interface MochaRunOptions {
  /** Default timeout of each test and hook. */
  timeoutMs: number;
  /** Only run tests whose full title matches (mocha --grep). */
  grep?: string;
  /**
   * Put in front of every call of the reporter's output, so that a harness reading a mixed stream (code-server's
   * automation log also carries the workbench's own logging) can pick out the tests' output.
   */
  outputTag?: string;
}

/** Runs the tests and resolves with their counts (the reporter also prints them); rejects only if mocha cannot load them. */
export async function runMochaFiles(files: string[], options: MochaRunOptions): Promise<Counts> {
  const mocha = new Mocha({ ui: 'bdd', color: false, timeout: options.timeoutMs, reporter: CountingSpecReporter });
  if (options.grep) mocha.grep(options.grep);
  for (const file of files) mocha.addFile(file);
  await mocha.loadFilesAsync();
  const Base = Mocha.reporters.Base;
  const consoleLog = Base.consoleLog;
  const tag = options.outputTag;
  if (tag) Base.consoleLog = (...args: unknown[]) => consoleLog(tag + util.format(...args));
  try {
    return await new Promise<Counts>((resolve) => {
      const runner = mocha.run(() => {
        resolve({ passed: runner.stats?.passes ?? 0, failed: runner.stats?.failures ?? 0, pending: runner.stats?.pending ?? 0 });
      });
    });
  } finally {
    Base.consoleLog = consoleLog;
  }
}
