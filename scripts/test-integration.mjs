// npm run test:integration: the integration tier in code-server's extension host (see test/harness/integrationTier.ts).
// With --oldest: the oldest editor's tier, part of the suites in the oldest VS Code that engines.vscode admits
// (test/harness/oldestEditor.ts).
// Expects `npm run compile` and `npm run build` to have run (the npm script does both).
import tier from '../out/test/harness/integrationTier.js';
import oldestEditor from '../out/test/harness/oldestEditor.js';
import processes from '../out/test/harness/processes.js';
import provision from '../out/test/harness/provision.js';
import results from '../out/test/harness/results.js';

const oldest = process.argv.includes('--oldest');
const name = oldest ? 'oldest' : 'integration';
const outcome = await tier.runIntegrationTier({
  timeoutMs: Number(process.env.STACKLET_INTEGRATION_TIMEOUT_MS) || undefined,
  // STACKLET_TEST_GREP, when set, chooses there too (e.g. the performance suite's activation, for the bench)
  ...(oldest ? { name, editor: provision.OLDEST_EDITOR, grep: process.env.STACKLET_TEST_GREP || oldestEditor.oldestEditorGrep() } : {}),
});
if (processes.wasInterrupted()) {
  console.error(`[${name}] interrupted; everything it started is stopped`);
  process.exit(130);
}
for (const problem of outcome.problems) console.error(`[${name}] ${problem}`);
console.log(`[${name}] ${outcome.passed} passed, ${outcome.failed} failed, ${outcome.pending} pending in ${(outcome.ms / 1000).toFixed(1)} s; logs: ${outcome.artifacts}`);
console.log(results.formatResult(outcome));
process.exit(outcome.failed > 0 || outcome.problems.length > 0 || outcome.passed === 0 ? 1 : 0);
