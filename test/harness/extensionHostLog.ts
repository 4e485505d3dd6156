// What the extension host logged about activations: a run fails on any "Activating extension … failed" line,
// whether or not a test noticed (an extension that fails to load its module in one editor logs it and stays off).
import * as fs from 'node:fs';
import * as path from 'node:path';

const ACTIVATION_FAILED = /Activating extension\b.*\bfailed\b/i;

/** The log files under `dir` (code-server writes <user-data>/logs/<stamp>/…), recursively. */
function logFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }) as string[])
    .map((relative) => path.join(dir, relative))
    .filter((file) => file.endsWith('.log') && fs.statSync(file).isFile())
    .sort();
}

/**
 * Copies the extension host's logs of `userDataDir` into `artifacts` and returns each activation failure found in
 * any log there, as "<file>: <line>" (with the error when it follows on the next line).
 */
export function activationFailures(userDataDir: string, artifacts: string): string[] {
  const logs = path.join(userDataDir, 'logs');
  const failures: string[] = [];
  for (const file of logFiles(logs)) {
    const relative = path.relative(logs, file);
    if (/exthost/i.test(relative)) {
      const copy = path.join(artifacts, 'vscode-logs', relative);
      fs.mkdirSync(path.dirname(copy), { recursive: true });
      fs.copyFileSync(file, copy);
    }
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    lines.forEach((line, i) => {
      if (!ACTIVATION_FAILED.test(line)) return;
      // "… failed due to an error:": the extension host writes the error itself on the next line
      const error = /:\s*$/.test(line) ? ` ${lines[i + 1]?.trim() ?? ''}` : '';
      failures.push(`${relative}: ${`${line.trim()}${error}`.slice(0, 400)}`);
    });
  }
  return failures;
}
