// npm test: the unit, integration, oldest-editor and e2e tiers, one after the other, each in its own process group
// and bounded.
// Prints one line per tier, then ONE closing line `N passed, N failed` summing all tiers. Exits non-zero if a
// tier failed, crashed, ran no test, or if any process the run started is still running at the end.
//
//   npm test                          all tiers
//   npm test -- --tiers unit,e2e      some of them
//   npm test -- --tiers oldest        part of the integration suites in the oldest VS Code engines.vscode admits
//
// Every process started under this run carries STACKLET_HARNESS_RUN_ID in its environment; the closing check
// looks for it in /proc/*/environ, whatever process group the process moved to.
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
process.chdir(root);

const ALL_TIERS = ['unit', 'integration', 'oldest', 'e2e'];
const tiersArg = process.argv.indexOf('--tiers');
const selected = tiersArg >= 0 ? (process.argv[tiersArg + 1] ?? '').split(',').filter(Boolean) : ALL_TIERS;
const unknown = selected.filter((t) => !ALL_TIERS.includes(t));
if (unknown.length > 0 || selected.length === 0) {
  console.error(`unknown tier(s): ${unknown.join(', ') || '(none given)'}; choose from ${ALL_TIERS.join(', ')}`);
  process.exit(2);
}

// The harness itself first (seconds; independent of the extension's sources), so that this script can use it.
const tsc = spawnSync(process.execPath, [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'test/harness'], { stdio: 'inherit' });
if (tsc.status !== 0) {
  console.error('compiling the test harness (tsc -p test/harness) failed');
  console.log('0 passed, 1 failed');
  process.exit(1);
}
const { default: processes } = await import('../out/test/harness/processes.js');
const { default: results } = await import('../out/test/harness/results.js');

const runId = process.env.STACKLET_HARNESS_RUN_ID || `t${Date.now().toString(36)}p${process.pid}`;
const env = { ...process.env, STACKLET_HARNESS_RUN_ID: runId };
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const MIN = 60_000;

/** What each tier runs: preparation commands (build steps), then the command that runs its tests. */
const TIERS = {
  unit: {
    prepare: [],
    // compile + mocha --config test/unit/.mocharc.json, with the reporter that prints the counts line
    run: [npm, ['run', 'test:unit', '--', '--reporter', 'out/test/harness/countingReporter.js']],
    provides: ['compile'],
    timeoutMs: 10 * MIN,
  },
  integration: {
    prepare: [[npm, ['run', 'compile']], [npm, ['run', 'build']]],
    run: [process.execPath, ['scripts/test-integration.mjs']],
    // About seven minutes on an idle machine; one clean-clone run took 593 s on a busy one.
    timeoutMs: 20 * MIN,
  },
  // test/harness/oldestEditor.ts: what must work in the oldest editor, in code-server 4.100.3 (VS Code 1.100.3)
  oldest: {
    prepare: [[npm, ['run', 'compile']], [npm, ['run', 'build']]],
    run: [process.execPath, ['scripts/test-integration.mjs', '--oldest']],
    timeoutMs: 10 * MIN,
  },
  e2e: {
    prepare: [[npm, ['run', 'compile']], [npm, ['run', 'package']]],
    run: [process.execPath, ['scripts/test-e2e.mjs']],
    timeoutMs: 20 * MIN,
  },
};

/** Runs a command in its own process group, echoing its output; bounded; interrupted together with this script. */
async function runEchoed(command, args, timeoutMs) {
  const proc = processes.spawnGroup(command, args, { cwd: root, env });
  let output = '';
  const collect = (stream) => (chunk) => {
    output = (output + chunk.toString('utf8')).slice(-1_000_000);
    stream.write(chunk);
  };
  proc.child.stdout.on('data', collect(process.stdout));
  proc.child.stderr.on('data', collect(process.stderr));
  // on Ctrl-C, let the tier stop what it started (its own handlers), then make sure of it
  const unregister = processes.onInterrupt(async () => {
    try {
      process.kill(-proc.pgid, 'SIGINT');
    } catch {}
    await processes.withTimeout(proc.exited, 15_000, 'tier exit').catch(() => undefined);
    await proc.stop(2000);
  });
  try {
    const code = await processes.withTimeout(proc.exited, timeoutMs, `${command} ${args.join(' ')}`);
    return { code, output };
  } catch (e) {
    return { code: -1, output, problem: e instanceof Error ? e.message : String(e) };
  } finally {
    await proc.stop(2000); // the leader exited; nothing it started in its group may stay
    unregister();
  }
}

/**
 * Mocha's report of the failing tests (from its "N failing" line), bounded: CI keeps only the end of a long log,
 * so the summary repeats which tests failed and why.
 */
function failureReport(output) {
  const lines = output.replace(/\u001b\[[0-9;]*m/g, '').split('\n');
  const start = lines.findLastIndex((line) => /^\s*\d+ failing\s*$/.test(line));
  if (start < 0) return '';
  return lines.slice(start, start + 80).join('\n').slice(0, 8000);
}

const outcomes = [];
const prepared = new Set(); // 'compile', 'build', 'package': each preparation runs once per npm test
for (const name of selected) {
  if (processes.wasInterrupted()) break; // Ctrl-C: start nothing new; the handler is stopping the current tier
  const tier = TIERS[name];
  const started = Date.now();
  const problems = [];
  let counts;
  let failures = '';
  console.log(`\n===== ${name} tier =====`);
  for (const [command, args] of tier.prepare) {
    if (processes.wasInterrupted()) break;
    if (prepared.has(args[1])) continue;
    prepared.add(args[1]);
    const prep = await runEchoed(command, args, 5 * MIN);
    if (prep.code !== 0) {
      problems.push(`${command} ${args.join(' ')} ${prep.problem ?? `exited with ${prep.code}`}`);
      break;
    }
  }
  if (problems.length === 0 && !processes.wasInterrupted()) {
    const result = await runEchoed(tier.run[0], tier.run[1], tier.timeoutMs);
    for (const p of tier.provides ?? []) prepared.add(p);
    counts = results.parseLastResult(result.output);
    failures = failureReport(result.output);
    if (result.problem) problems.push(result.problem);
    else if (!counts) problems.push(`exited with ${result.code} without reporting results`);
    else if (counts.passed + counts.failed === 0) problems.push('ran no test');
    else if (result.code !== 0 && counts.failed === 0) problems.push(`exited with ${result.code} although no test failed`);
  }
  counts ??= { passed: 0, failed: 0, pending: 0 };
  // a tier that broke without a failing test still counts as one failure, so the closing line cannot look green
  const failed = counts.failed + (problems.length > 0 && counts.failed === 0 ? 1 : 0);
  outcomes.push({ name, passed: counts.passed, failed, pending: counts.pending, ms: Date.now() - started, problems, failures });
}

// Nothing this run started may still be running.
let leftovers = [];
try {
  leftovers = processes.findProcessesOfRun(runId);
} catch (e) {
  leftovers = [{ pid: 0, pgid: 0, args: `could not check: ${e instanceof Error ? e.message : String(e)}` }];
}
for (const p of leftovers) {
  try {
    if (p.pid > 0) process.kill(p.pid, 'SIGKILL');
  } catch {}
}

console.log('\n===== summary =====');
for (const o of outcomes) {
  const extra = [o.pending ? `${o.pending} pending` : '', `${(o.ms / 1000).toFixed(1)} s`].filter(Boolean).join(', ');
  console.log(`${o.name}: ${o.passed} passed, ${o.failed} failed (${extra})${o.problems.length ? ` — ${o.problems.join('; ')}` : ''}`);
}
for (const o of outcomes.filter((o) => o.failures)) console.log(`\n----- ${o.name}: what failed -----\n${o.failures}`);
if (leftovers.length > 0) {
  console.log(`leftover processes of this run (killed now):\n${leftovers.map((p) => `  ${p.pid} ${p.pgid} ${p.args.slice(0, 160)}`).join('\n')}`);
}
if (processes.wasInterrupted()) console.log('interrupted: the remaining tiers did not run');
const passed = outcomes.reduce((n, o) => n + o.passed, 0);
const failed = outcomes.reduce((n, o) => n + o.failed, 0) + (leftovers.length > 0 ? 1 : 0);
console.log(`${passed} passed, ${failed} failed`);
if (processes.wasInterrupted()) process.exit(130);
process.exit(failed > 0 || outcomes.some((o) => o.passed === 0 || o.problems.length > 0) ? 1 : 0);
