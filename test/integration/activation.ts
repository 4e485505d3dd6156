// Activation as the integration tier sees it. index.ts calls measureActivation() before any suite runs: it
// activates warm-up copies of the empty extension (test/fixtures/empty-extension, installed by
// test/harness/activationBaseline.ts) and of the shaped one, then times `Extension.activate()` of an empty copy,
// a shaped copy (our contributions registered with no logic, test/fixtures/shaped-extension), ours, another
// shaped copy and another empty copy, each once the host is quiet, counting what the emulator received
// meanwhile; the performance suite reports and checks it.
import * as vscode from 'vscode';
import { totalRequests } from '../../src/emulator/stats';
import type { StackletTestHooks } from '../../src/extension';
import { EXTENSION_ID } from './emulatorAccess';
import { forcedGc } from './forcedGc';
import { testEmulator } from './testEnvironment';

export interface ActivationFacts {
  /** Whether something activated one of them before the tier could (then the timings are not what they say). */
  readonly alreadyActive: boolean;
  /** activate() as the extension timed it. */
  readonly activateMs: number;
  /** `Extension.activate()` as seen from outside: loading the bundle and running activate(). */
  readonly wallMs: number;
  /**
   * The empty extension's `Extension.activate()` in the same host: the copy activated just before ours and the
   * one just after.
   */
  readonly emptyWallsMs: readonly [before: number, after: number];
  /**
   * The shaped extension's `Extension.activate()` in the same host (our views, commands, file systems, tools and
   * authentication provider registered with no logic): the copy activated just before ours and the one just after.
   */
  readonly shapedWallsMs: readonly [before: number, after: number];
  /**
   * The extension host thread's CPU time through ours's `Extension.activate()` (NaN where the host's Node lacks
   * `process.threadCpuUsage`): the work, without the window's round trips and a busy core's waits the wall time holds.
   */
  readonly cpuMs: number;
  /** The same through the shaped extension's, the copy before ours and the one after. */
  readonly shapedCpusMs: readonly [before: number, after: number];
  /** Where ours's time went, by the host's own marks (loading its code among them). */
  readonly phases: ActivationPhases;
  /** The same of the shaped extension, the copy before ours and the one after. */
  readonly shapedPhases: readonly [before: ActivationPhases, after: ActivationPhases];
  /** The empty extension as one ES module, activated after the others: what loading an ES module costs here. */
  readonly emptyEsmWallMs: number;
  /** The first activation of the run (the warm-up copy), which pays for what the host does once. */
  readonly warmupWallMs: number;
  /** The shaped warm-up copy's, the first to register what an extension of our shape registers. */
  readonly shapedWarmupWallMs: number;
  /** How long the tier waited for the host to be quiet before timing. */
  readonly settleMs: number;
  /** Requests the emulator received from activation until a short settle after it. */
  readonly requests: number;
}

/**
 * Where one `Extension.activate()` went, in whole milliseconds from the marks the extension host sets (Date.now()):
 * VS Code loads the code and, at the same time, asks the window for the extension's global and workspace state,
 * and calls activate() once both are there. On a busy machine the window's answer is a wait for another process.
 */
export interface ActivationPhases {
  /** From the call until VS Code starts loading the code (its will-activate notice to the window, its log line). */
  readonly beforeLoad: number;
  /** Loading the code. */
  readonly load: number;
  /** From the code's load until activate() is called: the wait for the state the window sends, when it is later. */
  readonly context: number;
  /** activate() itself, as VS Code marks it. */
  readonly activate: number;
  /** From activate()'s end until the caller's `await` resumes. */
  readonly after: number;
}

let facts: ActivationFacts | undefined;

async function emulatorRequestCount(): Promise<number> {
  const response = await fetch(`${testEmulator().apiUrl}/_emulator/stats`);
  const stats = (await response.json()) as { requestCount: Record<string, number> };
  return totalRequests(stats.requestCount);
}

/**
 * The marks the extension host set for an extension, by step (base/common/performance, whole milliseconds; the
 * extension host keeps them on globalThis), NaN for a step it did not mark.
 */
function hostMarks(id: string): (step: string) => number {
  const store = (globalThis as { MonacoPerformanceMarks?: { getMarks(): { name: string; startTime: number }[] } }).MonacoPerformanceMarks;
  const marks = new Map((store?.getMarks() ?? []).map((mark) => [mark.name, mark.startTime]));
  return (step) => marks.get(`code/extHost/${step}/${id}`) ?? NaN;
}

/** The phases of one activation between `started` and `ended` (Date.now()), from the host's marks. */
function phasesOf(id: string, started: number, ended: number): ActivationPhases {
  const mark = hostMarks(id);
  const [willLoad, didLoad, willActivate, didActivate] = ['willLoadExtensionCode', 'didLoadExtensionCode', 'willActivateExtension', 'didActivateExtension'].map(mark) as [number, number, number, number];
  return { beforeLoad: willLoad - started, load: didLoad - willLoad, context: willActivate - didLoad, activate: didActivate - willActivate, after: ended - didActivate };
}

/** process.threadCpuUsage: Node 23.9 and later (code-server 4.139's Node 24), not the oldest editor's Node 20. */
const threadCpuUsage = (process as { threadCpuUsage?: (since?: NodeJS.CpuUsage) => NodeJS.CpuUsage }).threadCpuUsage?.bind(process);

/**
 * Times one activation once the host is quiet: activated straight after another, an extension waited for the
 * window to take in that one's registrations before its storage was answered (VS Code reads an extension's
 * global and workspace state from the window before calling activate()), which cost ours 11–25 ms more than the
 * shaped copy activated after an empty one.
 */
async function timedActivation<T>(id: string): Promise<{ wallMs: number; cpuMs: number; phases: ActivationPhases; settleMs: number; api: T; alreadyActive: boolean }> {
  const extension = vscode.extensions.getExtension<T>(id);
  if (!extension) throw new Error(`${id} is not installed`);
  const alreadyActive = extension.isActive;
  const settleMs = await quietHost();
  // A full collection first: a collection of what the activations before left (50–90 ms in CPU profiles of the
  // extension host) otherwise lands on whichever comes next, more often on one that loads more code. Each then
  // pays for its own garbage only.
  forcedGc()();
  const cpu = threadCpuUsage?.();
  const startedAt = Date.now();
  const started = performance.now();
  const api = await extension.activate();
  const wallMs = performance.now() - started;
  const endedAt = Date.now();
  const used = threadCpuUsage?.(cpu);
  return { wallMs, cpuMs: used ? (used.user + used.system) / 1000 : NaN, phases: phasesOf(id, startedAt, endedAt), settleMs, api, alreadyActive };
}

/**
 * Waits (at most 30 s) until five round trips in a row to the workbench take at most 1.5× the quickest seen:
 * while the window is still starting, an activation's own round trips queue behind its work and the timings
 * swing by 5×.
 */
async function quietHost(): Promise<number> {
  const started = performance.now();
  let quickest = Infinity;
  let calm = 0;
  while (calm < 5 && performance.now() - started < 30_000) {
    const sent = performance.now();
    await vscode.commands.getCommands(true);
    const ms = performance.now() - sent;
    quickest = Math.min(quickest, ms);
    calm = ms <= quickest * 1.5 ? calm + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return performance.now() - started;
}

export async function measureActivation(): Promise<void> {
  const before = await emulatorRequestCount();
  const warmup = await timedActivation<unknown>('stacklet-test.empty-warmup');
  const shapedWarmup = await timedActivation<unknown>('stacklet-test.shaped-warmup');
  const emptyBefore = await timedActivation<unknown>('stacklet-test.empty-before');
  const shapedBefore = await timedActivation<unknown>('stacklet-test.shaped-before');
  const ours = await timedActivation<StackletTestHooks>(EXTENSION_ID);
  const shapedAfter = await timedActivation<unknown>('stacklet-test.shaped-after');
  const emptyAfter = await timedActivation<unknown>('stacklet-test.empty-after');
  const emptyEsm = await timedActivation<unknown>('stacklet-test.empty-esm');
  // Anything activation set off (a session restore, a view load) would reach the emulator within this.
  await new Promise((resolve) => setTimeout(resolve, 500));
  facts = {
    alreadyActive: [warmup, shapedWarmup, emptyBefore, shapedBefore, ours, shapedAfter, emptyAfter, emptyEsm].some((a) => a.alreadyActive),
    activateMs: ours.api.activationMs,
    wallMs: ours.wallMs,
    emptyWallsMs: [emptyBefore.wallMs, emptyAfter.wallMs],
    shapedWallsMs: [shapedBefore.wallMs, shapedAfter.wallMs],
    cpuMs: ours.cpuMs,
    shapedCpusMs: [shapedBefore.cpuMs, shapedAfter.cpuMs],
    phases: ours.phases,
    shapedPhases: [shapedBefore.phases, shapedAfter.phases],
    emptyEsmWallMs: emptyEsm.wallMs,
    warmupWallMs: warmup.wallMs,
    shapedWarmupWallMs: shapedWarmup.wallMs,
    settleMs: warmup.settleMs,
    requests: (await emulatorRequestCount()) - before,
  };
  console.log(
    `${process.env.STACKLET_TEST_OUTPUT_TAG ?? ''}[activation] Extension.activate() ${ours.wallMs.toFixed(1)} ms (loading ${ours.phases.load} ms, activate() ${facts.activateMs.toFixed(2)} ms), ` +
      `the shaped extension's ${shapedBefore.wallMs.toFixed(1)} ms before and ${shapedAfter.wallMs.toFixed(1)} ms after (loading ${shapedBefore.phases.load} and ${shapedAfter.phases.load} ms): ${(ours.wallMs / shapedBefore.wallMs).toFixed(2)}× and ${(ours.wallMs / shapedAfter.wallMs).toFixed(2)}×; ` +
      `the host thread's CPU ${ours.cpuMs.toFixed(2)} ms, the shaped extension's ${shapedBefore.cpuMs.toFixed(2)} and ${shapedAfter.cpuMs.toFixed(2)} ms; ` +
      `phases (before loading, loading, the state's wait, activate(), after, ms): ours ${phaseText(ours.phases)}, the shaped extension's ${phaseText(shapedBefore.phases)} and ${phaseText(shapedAfter.phases)}; ` +
      `the empty extension's ${emptyBefore.wallMs.toFixed(1)} ms before and ${emptyAfter.wallMs.toFixed(1)} ms after; ` +
      `as one ES module ${emptyEsm.wallMs.toFixed(1)} ms; ` +
      `warm-up ${warmup.wallMs.toFixed(1)} ms after ${warmup.settleMs.toFixed(0)} ms waiting for a quiet host at first, the shaped warm-up ${shapedWarmup.wallMs.toFixed(1)} ms; ${facts.requests} request(s)` +
      `${facts.alreadyActive ? ' (one was active before the tier)' : ''}`,
  );
}

/** The phases in their order, as the performance suite reports them to the bench. */
export function phaseList(p: ActivationPhases): [beforeLoad: number, load: number, context: number, activate: number, after: number] {
  return [p.beforeLoad, p.load, p.context, p.activate, p.after];
}

function phaseText(p: ActivationPhases): string {
  return phaseList(p).join('/');
}

export function activationFacts(): ActivationFacts {
  if (!facts) throw new Error('the integration tier did not measure activation (see test/integration/index.ts)');
  return facts;
}
