// npm run test:e2e: the e2e tier, mocha in plain Node over out/test/e2e/**/*.test.js (see test/harness/workbench.ts).
// Expects `npm run compile` and `npm run package` to have run (the npm script does both).
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import mochaRun from '../out/test/harness/mochaRun.js';
import provision from '../out/test/harness/provision.js';
import workbench from '../out/test/harness/workbench.js';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const started = Date.now();
let counts = { passed: 0, failed: 0, pending: 0 };
let problem;
try {
  provision.requireProvisioned();
  await import('node:fs').then((fs) => {
    if (!fs.existsSync(workbench.VSIX_PATH)) throw new Error(`${workbench.VSIX_PATH} not found: run \`npm run package\``);
  });
  const files = mochaRun.findTestFiles(path.join(root, 'out', 'test', 'e2e'));
  counts = await mochaRun.runMochaFiles(files, { timeoutMs: 120_000, grep: process.env.STACKLET_TEST_GREP });
} catch (e) {
  problem = e instanceof Error ? e.message : String(e);
  console.error(`[e2e] ${problem}`);
}
console.log(`[e2e] ${counts.passed} passed, ${counts.failed} failed, ${counts.pending} pending in ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(problem || counts.failed > 0 || counts.passed === 0 ? 1 : 0);
