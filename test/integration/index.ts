// Entry point of the integration tier inside the VS Code extension host: code-server's smoke-test payload and
// @vscode/test-electron both load this file and await run(). The last line of output carries the counts
// (see test/harness/results.ts); run() rejects when a test failed or none ran, which makes VS Code exit non-zero.
import { findTestFiles, runMochaFiles } from '../harness/mochaRun';
import { measureActivation } from './activation';

export async function run(): Promise<void> {
  await measureActivation();
  const files = findTestFiles(__dirname);
  const counts = await runMochaFiles(files, {
    timeoutMs: 30_000,
    grep: process.env.STACKLET_TEST_GREP,
    outputTag: process.env.STACKLET_TEST_OUTPUT_TAG,
  });
  if (counts.failed > 0) throw new Error(`${counts.failed} integration test(s) failed`);
  if (counts.passed === 0) throw new Error(`no integration test ran (${files.length} test file(s) found in ${__dirname})`);
}
