// The one machine-readable line every tier prints when its tests have run, and its parser. Kept free of
// dependencies: it also runs inside the VS Code extension host.

export interface Counts {
  passed: number;
  failed: number;
  pending: number;
}

export const RESULT_PREFIX = 'stacklet-test-result ';

export function formatResult(counts: Counts): string {
  return `${RESULT_PREFIX}${JSON.stringify({ passed: counts.passed, failed: counts.failed, pending: counts.pending })}`;
}

/** The counts of the last result line in `text`, or undefined when there is none. */
export function parseLastResult(text: string): Counts | undefined {
  let found: Counts | undefined;
  for (const line of text.split(/\r?\n/)) {
    const at = line.indexOf(RESULT_PREFIX);
    if (at < 0) continue;
    try {
      const value = JSON.parse(line.slice(at + RESULT_PREFIX.length)) as Partial<Counts>;
      if (typeof value.passed === 'number' && typeof value.failed === 'number') {
        found = { passed: value.passed, failed: value.failed, pending: value.pending ?? 0 };
      }
    } catch {
      // a line that merely mentions the prefix
    }
  }
  return found;
}
