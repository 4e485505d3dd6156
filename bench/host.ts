/**
 * Figures only a real extension host can give: the integration tier's performance suite
 * (test/integration/performance.test.ts) run alone in code-server, its measurements read back from a file.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { againstNeighbours, median, ratioMedian, spreadOf, times, type Figure } from './figure';

/** One host start's activations (test/integration/activation.ts). */
interface Activation {
  activateMs: number;
  wallMs: number;
  /** The baselines' copies timed just before ours and just after, in the same host. */
  emptyWallsMs: [before: number, after: number];
  shapedWallsMs: [before: number, after: number];
  /** The host thread's CPU time through each (null where its Node cannot tell: the oldest editor's). */
  cpuMs: number;
  shapedCpusMs: [before: number, after: number];
  /** Where each went, from VS Code's marks: before loading, loading, the state's wait, activate(), after (whole milliseconds). */
  phases: Phases;
  shapedPhasesBefore: Phases;
  shapedPhasesAfter: Phases;
  emptyEsmWallMs: number;
  requests: number;
  alreadyActive: number;
}

type Phases = [beforeLoad: number, load: number, context: number, activate: number, after: number];

/** Each phase's median over the activations, as `a/b/c/d/e`. */
function phaseMedians(all: readonly Phases[]): string {
  return [0, 1, 2, 3, 4].map((i) => median(all.map((phases) => phases[i]!))).join('/');
}

interface HostFigures {
  activation: Activation;
  children: { getChildrenMs: number; refreshedChildrenMs: number; refreshChangedMs: number; firstLoadMs: number; reloadMs: number; getTreeItemsMs: number; bareTreeItemsMs: number; loadRequests: number; cachedRequests: number; firstExpandRequests: number; uiRequests: number; refreshRequests: number };
  hiddenViews: { requestsIn11s: number };
  goToResource: { resources: number; keystrokes: number; p95Ms: number; medianMs: number; plainP95Ms: number; plainMedianMs: number; buildMs: number };
}

/**
 * Runs the integration tier's suites matching `grep` alone in code-server and returns what they wrote to
 * STACKLET_BENCH_OUT; the lines tagged `[tag]` in the tier's output are logged.
 */
export function integrationFigures<T>(grep: string, tag: string, log: (line: string) => void, timeoutMs = 240_000, figuresOfFailedRun = false, env: NodeJS.ProcessEnv = {}, args: readonly string[] = []): T {
  const dir = mkdtempSync(path.join(tmpdir(), 'stacklet-bench-'));
  const out = path.join(dir, 'host.json');
  try {
    const run = spawnSync(process.execPath, ['scripts/test-integration.mjs', ...args], {
      env: { ...process.env, ...env, STACKLET_TEST_GREP: grep, STACKLET_BENCH_OUT: out },
      encoding: 'utf8',
      timeout: timeoutMs,
    });
    const output = `${run.stdout ?? ''}${run.stderr ?? ''}`;
    for (const line of output.split('\n')) if (line.includes(`[${tag}]`) || line.includes('[activation]')) log(`host: ${line.trim()}`);
    if (run.status !== 0) {
      const failure = `the integration tier's suite "${grep}" failed:\n${output.slice(-3000)}`;
      // A suite whose assertions are the figure's target (counts that must not drift) wrote its figures before
      // asserting: they are recorded, and the target shows as missed.
      if (!figuresOfFailedRun || !existsSync(out)) throw new Error(failure);
      log(failure);
    }
    return JSON.parse(readFileSync(out, 'utf8')) as T;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Host starts whose activations are timed: one activation of a few milliseconds swings 4× on a shared machine,
 * and issue 37 asks for the median of at least seven. Nine: drawn from the shaped extension's own timings, a
 * copy of it read 0.76–1.36× (tenth to ninetieth percentile) over seven starts, 0.78–1.31× over nine.
 */
const ACTIVATION_RUNS = 9;

/**
 * The activation test alone in `count` more host starts (the tier times activation before any suite), each
 * interleaving the baselines with ours. `env` reaches the integration tier's runner: which code-server it
 * starts, when the runner is told.
 */
export function activationStarts(log: (line: string) => void, count: number, env: NodeJS.ProcessEnv = {}, args: readonly string[] = []): Activation[] {
  return Array.from({ length: count }, () => integrationFigures<Pick<HostFigures, 'activation'>>('performance at scale activates without a request', 'performance', log, 240_000, false, env, args).activation);
}

/** Host starts of the oldest editor engines.vscode admits (issue 36): fewer, since it is a check that it holds there. */
const OLDEST_RUNS = 5;

/** The medians of host starts' activations, each start's ours read against its own baselines. */
function activationOf(runs: readonly Activation[]) {
  if (runs.some((run) => run.alreadyActive)) throw new Error('the extension was active before the tier measured its activation');
  // `value` of each run over each of its two baselines' copies (before and after ours).
  const against = (value: (run: Activation) => number, walls: (run: Activation) => readonly [number, number]) =>
    againstNeighbours(runs.map((run) => {
      const [before, after] = walls(run);
      return { value: value(run), before, after };
    }));
  const shaped = against((run) => run.wallMs, (run) => run.shapedWallsMs);
  const empty = against((run) => run.wallMs, (run) => run.emptyWallsMs);
  const cpu = against((run) => run.cpuMs, (run) => run.shapedCpusMs);
  // Without the wait for the window's answer with the state (phase 2), which every extension waits for alike. The
  // marks are whole milliseconds: an activation is never read as less than one.
  const own = (wallMs: number, phases: Phases) => Math.max(wallMs - phases[2], 1);
  const ownOf = (run: Activation) => own(run.wallMs, run.phases);
  const shapedOwnOf = (run: Activation): [number, number] => [own(run.shapedWallsMs[0], run.shapedPhasesBefore), own(run.shapedWallsMs[1], run.shapedPhasesAfter)];
  const ownRatios = against(ownOf, shapedOwnOf);
  return {
    activateMs: median(runs.map((run) => run.activateMs)),
    wallMs: median(runs.map((run) => run.wallMs)),
    emptyWallMs: median(runs.flatMap((run) => run.emptyWallsMs)),
    shapedWallMs: median(runs.flatMap((run) => run.shapedWallsMs)),
    loadMs: median(runs.map((run) => run.phases[1])),
    shapedLoadMs: median(runs.flatMap((run) => [run.shapedPhasesBefore[1], run.shapedPhasesAfter[1]])),
    requests: Math.max(...runs.map((run) => run.requests)),
    vsShaped: ratioMedian(shaped),
    vsShapedSpread: `${spreadOf(shaped).text}; each start, against the copy before and the one after: ${runs.map((run) => run.shapedWallsMs.map((ms) => (run.wallMs / ms).toFixed(2)).join('/')).join(', ')}`,
    cpuMs: median(runs.map((run) => run.cpuMs)),
    shapedCpuMs: median(runs.flatMap((run) => run.shapedCpusMs)),
    cpuVsShaped: ratioMedian(cpu),
    cpuVsShapedSpread: spreadOf(cpu).text,
    ownVsShaped: ratioMedian(ownRatios),
    ownVsShapedSpread: spreadOf(ownRatios).text,
    ownMs: median(runs.map(ownOf)),
    shapedOwnMs: median(runs.flatMap(shapedOwnOf)),
    phases: `phases' medians (before loading, loading, the state's wait, activate(), after, whole ms): ours ${phaseMedians(runs.map((run) => run.phases))}, the shaped extension ${phaseMedians(runs.flatMap((run) => [run.shapedPhasesBefore, run.shapedPhasesAfter]))}`,
    vsEmpty: ratioMedian(empty),
    vsEmptySpread: spreadOf(empty).text,
    // The same empty extension as one ES module: what the module format alone costs against the CommonJS copy.
    esmRatio: ratioMedian(against((run) => run.emptyEsmWallMs, (run) => run.emptyWallsMs)),
  };
}

/** A reported part of activation (no target): ours against the shaped copies, the median of the host starts. */
function reportedVsShaped(id: string, label: string, ratio: number, shapedMs: number, note: string): Figure {
  return {
    id,
    label,
    value: ratio,
    unit: '×',
    better: 'lower',
    baseline: { label: `the shaped extension's, the copies before ours and after it, ours read against each (median of ${ACTIVATION_RUNS} host starts)`, value: shapedMs },
    ratio: { value: ratio, text: `${times(ratio)} the shaped extension` },
    // A few milliseconds against a few: tracked with a floor, so that 1.1× → 1.4× on a busy host is not a regression.
    tracked: { value: Math.max(ratio, 2), better: 'lower' },
    note,
  };
}

/** A figure of the Stacklets view's rows: milliseconds against the least any provider does, a bare TreeItem each. */
function childrenFigure(id: string, label: string, ms: number, bareMs: number): Figure {
  return {
    id,
    label,
    value: ms,
    unit: 'ms',
    better: 'lower',
    target: { value: 100, text: '≤ 100 ms' },
    baseline: { label: '10,000 bare TreeItems', value: bareMs },
    ratio: { value: ms / bareMs, text: `${times(ms / bareMs)} bare TreeItems` },
    // The baseline's 2 ms swing by half from run to run (JIT and GC): the figure itself is tracked.
    tracked: { value: ms, better: 'lower' },
  };
}

export async function hostFigures(log: (line: string) => void): Promise<Figure[]> {
  const { activation: first, children, hiddenViews, goToResource } = integrationFigures<HostFigures>('performance at scale', 'performance', log);
  const activation = activationOf([first, ...activationStarts(log, ACTIVATION_RUNS - 1)]);
  const refreshRatio = children.reloadMs / children.firstLoadMs;
  const changedRatio = children.refreshChangedMs / children.firstLoadMs;
  const medians = `medians: ours ${activation.wallMs.toFixed(1)} ms, loading its code ${activation.loadMs} ms, activate() ${activation.activateMs.toFixed(1)} ms, the shaped extension ${activation.shapedWallMs.toFixed(1)} ms, loading its code ${activation.shapedLoadMs} ms, the empty extension ${activation.emptyWallMs.toFixed(1)} ms; ${activation.phases}`;
  const oldest = activationOf(activationStarts(log, OLDEST_RUNS, {}, ['--oldest']));
  return [
    {
      id: 'host.activateOldestVsShaped',
      label: 'Extension.activate() against the shaped extension in the oldest editor engines.vscode admits (code-server 4.100.3, VS Code 1.100.3), as host.activateVsShaped is in the newest',
      value: oldest.vsShaped,
      unit: '×',
      better: 'lower',
      // Not a regression there: no further from its floor than in the newest editor.
      target: { value: Math.max(activation.vsShaped, 1) * 1.2, text: '≤ 1.2× the same ratio in the newest editor' },
      baseline: { label: `the same ratio in the newest editor (code-server 4.139.1), this run`, value: activation.vsShaped },
      ratio: { value: oldest.vsShaped / activation.vsShaped, text: `${times(oldest.vsShaped / activation.vsShaped)} the newest editor's` },
      tracked: { value: Math.max(oldest.vsShaped, 2), better: 'lower' },
      note: `the median of ${OLDEST_RUNS} host starts (${oldest.vsShapedSpread}); medians: ours ${oldest.wallMs.toFixed(1)} ms, activate() ${oldest.activateMs.toFixed(1)} ms, the shaped extension ${oldest.shapedWallMs.toFixed(1)} ms; ${oldest.requests} requests`,
    },
    {
      id: 'host.activate',
      label: 'activate() in the code-server extension host',
      value: activation.activateMs,
      unit: 'ms',
      better: 'lower',
      target: { value: 15, text: '≤ 15 ms' },
      baseline: { label: 'Extension.activate() as a caller sees it (loading the bundle included)', value: activation.wallMs },
      ratio: { value: activation.activateMs / activation.wallMs, text: `${times(activation.activateMs / activation.wallMs)} of the whole activation` },
      // Single runs of a few milliseconds: tracked with a floor so that 2 ms → 3 ms is not a regression.
      tracked: { value: Math.max(activation.activateMs, 10), better: 'lower' },
    },
    {
      id: 'host.activateVsShaped',
      label: 'Extension.activate() as a caller sees it (loading the bundle included), against an extension of our shape in the same host (our views, commands, file systems, tools and authentication provider registered with no logic)',
      value: activation.vsShaped,
      unit: '×',
      better: 'lower',
      target: { value: 1.2, text: '≤ 1.2× the shaped extension' },
      baseline: { label: `the shaped extension's Extension.activate(), a copy activated just before ours and one just after, ours read against each (median of ${ACTIVATION_RUNS} host starts)`, value: activation.shapedWallMs },
      ratio: { value: activation.vsShaped, text: `${times(activation.vsShaped)} the shaped extension` },
      // A few milliseconds against a few: tracked with a floor, so that 1.1× → 1.4× on a busy host is not a regression.
      tracked: { value: Math.max(activation.vsShaped, 2), better: 'lower' },
      note: `the median of ${ACTIVATION_RUNS} host starts, each ours against the shaped extension in the same host (${activation.vsShapedSpread}); ${medians}`,
    },
    reportedVsShaped(
      'host.activateCpuVsShaped',
      "the extension host thread's CPU time through that Extension.activate(), against the shaped extension's (reported: the work in the time above, without the window's round trips or the waits for a busy core)",
      activation.cpuVsShaped,
      activation.shapedCpuMs,
      `process.threadCpuUsage() around each, which on some of these machines moves only by the kernel's tick (4 ms) while the thread runs without a pause (on others it agrees with /proc/thread-self/schedstat to 0.05 ms), so one reading can be a few milliseconds off and only the median over starts is read (${activation.cpuVsShapedSpread}); medians: ours ${activation.cpuMs.toFixed(2)} ms, the shaped extension ${activation.shapedCpuMs.toFixed(2)} ms`,
    ),
    reportedVsShaped(
      'host.activateOwnVsShaped',
      "that Extension.activate() without the wait for the window's answer with the extension's stored state (which VS Code asks for before it calls activate(), for every extension alike), against the shaped extension's without it (reported)",
      activation.ownVsShaped,
      activation.shapedOwnMs,
      `the wall time less the time between the code's load and activate()'s call, from the host's marks (whole milliseconds) (${activation.ownVsShapedSpread}); medians: ours ${activation.ownMs.toFixed(1)} ms, the shaped extension ${activation.shapedOwnMs.toFixed(1)} ms`,
    ),
    {
      id: 'host.activateVsEmpty',
      label: 'the same against an empty extension in the same host (reported; the shaped extension is the floor since issue 37)',
      value: activation.vsEmpty,
      unit: '×',
      better: 'lower',
      baseline: { label: `an empty extension's Extension.activate(), a copy activated just before ours and one just after, ours read against each (median of ${ACTIVATION_RUNS} host starts)`, value: activation.emptyWallMs },
      ratio: { value: activation.vsEmpty, text: `${times(activation.vsEmpty)} the empty extension` },
      // Tens of milliseconds over a few: tracked with a floor, so that 2.8× → 3.4× on a busy host is not a regression.
      tracked: { value: Math.max(activation.vsEmpty, 4), better: 'lower' },
      note: `the median of ${ACTIVATION_RUNS} host starts (${activation.vsEmptySpread}); the empty extension as one ES module ${times(activation.esmRatio)} the empty extension (median)`,
    },
    {
      id: 'host.activateRequests',
      label: 'requests during activation (and 0.5 s after)',
      value: activation.requests,
      unit: 'requests',
      better: 'lower',
      target: { value: 0, text: '0' },
    },
    {
      ...childrenFigure('host.children', "the Stacklets view's getChildren() over 10,000 cached stacklets", children.getChildrenMs, children.bareTreeItemsMs),
      note: `getTreeItem for all 10,000 rows: ${children.getTreeItemsMs.toFixed(1)} ms; first load ${children.loadRequests} requests`,
    },
    {
      ...childrenFigure('host.childrenRefreshed', 'the same after a refresh in which 100 stacklets changed, one on every page: all 10,000 read again as new objects, the 9,900 unchanged keeping their earlier objects (src/model/sameItems.ts) and so their rows', children.refreshedChildrenMs, children.bareTreeItemsMs),
      note: `the median of 9 refreshes, each tagging 100 other stacklets`,
    },
    {
      id: 'host.refreshChanged',
      label: 'that whole refresh (the listing read again, its 100 pages all new, and the rows) against the first load of the same listing and its rows (reported, no target)',
      value: changedRatio,
      unit: '×',
      better: 'lower',
      baseline: { label: 'the first load of the same listing and its rows', value: children.firstLoadMs },
      ratio: { value: changedRatio, text: `${times(changedRatio)} the first load` },
      tracked: { value: changedRatio, better: 'lower' },
      note: `${children.refreshChangedMs.toFixed(0)} ms, the median of 9 refreshes`,
    },
    {
      id: 'host.refreshUnchanged',
      label: 'a refresh of the 10,000 stacklets unchanged, against their first load: the listing read again (100 pages, the emulator serving them in the same extension host) and the rows',
      value: refreshRatio,
      unit: '×',
      better: 'lower',
      target: { value: 0.5, text: '≤ 0.5× the first load' },
      baseline: { label: 'the first load of the same listing and its rows', value: children.firstLoadMs },
      ratio: { value: refreshRatio, text: `${times(refreshRatio)} the first load` },
      tracked: { value: refreshRatio, better: 'lower' },
      note: `${children.reloadMs.toFixed(0)} ms, the median of 3 refreshes; pages whose answer came back the same keep what was read from them (src/api/pageMemo.ts)`,
    },
    {
      id: 'host.uiRequests',
      label: 'requests while listing 10,000 rows from the cache 9 times, showing the view, re-expanding 20 rows, revealing one, collapsing all and redrawing',
      value: children.cachedRequests + children.uiRequests,
      unit: 'requests',
      better: 'lower',
      target: { value: 0, text: '0' },
      note: `the first expansion of 20 rows loaded their related listings in ${children.firstExpandRequests} requests; an explicit Refresh: ${children.refreshRequests} listing requests, none per row`,
    },
    {
      id: 'host.goToResource',
      label: `Go to Resource over ${goToResource.resources.toLocaleString('en')} cached resources: filtering per keystroke in the extension host, p95 of ${goToResource.keystrokes} keystrokes`,
      value: goToResource.p95Ms,
      unit: 'ms',
      better: 'lower',
      target: { value: 16, text: '≤ 16 ms' },
      baseline: { label: 'the same keystrokes over a plain array of names (p95)', value: goToResource.plainP95Ms },
      ratio: { value: goToResource.p95Ms / goToResource.plainP95Ms, text: `${times(goToResource.p95Ms / goToResource.plainP95Ms)} the plain filter` },
      // A few milliseconds that swing with JIT and GC: tracked with a floor, as activation is.
      tracked: { value: Math.max(goToResource.p95Ms, 4), better: 'lower' },
      note: `median ${goToResource.medianMs.toFixed(1)} ms (plain ${goToResource.plainMedianMs.toFixed(1)} ms); the index built once in ${Math.round(goToResource.buildMs)} ms; no request`,
    },
    {
      id: 'host.hiddenViews',
      label: 'auto-refresh on (10 s), views hidden: requests in 11 s',
      value: hiddenViews.requestsIn11s,
      unit: 'requests',
      better: 'lower',
      target: { value: 0, text: '0' },
    },
  ];
}
