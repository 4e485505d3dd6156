// A small step runner for end-to-end tests: each step is named, bounded by a timeout and leaves a screenshot in the
// run folder; a failing step reports the path of its screenshot and the last 40 lines of the server log.
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { HarnessError, tailFile, withTimeout } from './processes';

export interface StepRecord {
  name: string;
  ok: boolean;
  ms: number;
  screenshot: string | undefined;
}

export class StepRunner {
  private count = 0;
  readonly records: StepRecord[] = [];

  /** Whether a step has failed (later steps usually depend on it). */
  get failed(): boolean {
    return this.records.some((r) => !r.ok);
  }

  constructor(
    private readonly page: Page,
    /** Screenshots go here, named NN-<step>.png. */
    private readonly dir: string,
    /** Its last 40 lines are shown when a step fails. */
    private readonly serverLog: string,
    private readonly log: (line: string) => void = (l) => console.log(l),
  ) {}

  /**
   * Runs `body` as the next step, bounded by `timeoutMs`. Playwright's waits in it default to a little less, so
   * that a wait which never ends fails first, naming its locator, rather than the step's bare timeout.
   */
  async step<T>(name: string, timeoutMs: number, body: (page: Page) => Promise<T>): Promise<T> {
    const number = String(++this.count).padStart(2, '0');
    const file = path.join(this.dir, `${number}-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}.png`);
    const started = Date.now();
    this.page.setDefaultTimeout(timeoutMs - Math.min(15_000, Math.floor(timeoutMs / 6)));
    try {
      const value = await withTimeout(body(this.page), timeoutMs, `step "${name}"`);
      const screenshot = await this.screenshot(file);
      this.records.push({ name, ok: true, ms: Date.now() - started, screenshot });
      this.log(`      step ${number} ${name} (${Date.now() - started} ms)`);
      return value;
    } catch (e) {
      const screenshot = await this.screenshot(file);
      this.records.push({ name, ok: false, ms: Date.now() - started, screenshot });
      const why = e instanceof Error ? e.message : String(e);
      throw new HarnessError(
        [
          `step ${number} "${name}" failed after ${((Date.now() - started) / 1000).toFixed(1)} s: ${why}`,
          `  screenshot: ${screenshot ?? '(could not be taken)'}`,
          `  last 40 lines of ${this.serverLog}:`,
          tailFile(this.serverLog, 40).replace(/^/gm, '    '),
        ].join('\n'),
      );
    }
  }

  private async screenshot(file: string): Promise<string | undefined> {
    try {
      await withTimeout(this.page.screenshot({ path: file, timeout: 10_000 }), 12_000, 'screenshot');
      return file;
    } catch {
      return undefined;
    }
  }
}
