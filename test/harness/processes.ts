// Process plumbing shared by every harness entry point: commands and servers run in their own process group,
// every wait is bounded, and whatever is still running is stopped on success, failure and interruption.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';

/** An error whose message is meant for the person running the harness; entry points print only the message. */
export class HarnessError extends Error {
  override name = 'HarnessError';
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves with `promise`, or rejects with `message` after `ms` milliseconds. */
export async function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  promise.catch(() => undefined); // if the timeout wins, a later rejection must not become an unhandled one
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new HarnessError(`${message} (timed out after ${Math.round(ms / 1000)} s)`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Polls `check` every `intervalMs` until it returns a value other than undefined, at most `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  timeoutMs: number,
  check: () => Promise<T | undefined> | T | undefined,
  intervalMs = 200,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() >= deadline) throw new HarnessError(`Timed out after ${Math.round(timeoutMs / 1000)} s waiting for ${what}`);
    await sleep(intervalMs);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Process table

export interface ProcessRow {
  pid: number;
  ppid: number;
  pgid: number;
  stat: string;
  args: string;
}

/** The live process table (`ps -eo pid,pgid,stat,args`), zombies included (stat starts with Z). */
export function listProcesses(): ProcessRow[] {
  const out = execFileSync('ps', ['-eo', 'pid=,ppid=,pgid=,stat=,args='], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  const rows: ProcessRow[] = [];
  for (const line of out.split('\n')) {
    const m = /^\s*(\d+)\s+(\d+)\s+(\d+)\s+(\S+)\s+(.*)$/.exec(line);
    if (m) rows.push({ pid: Number(m[1]), ppid: Number(m[2]), pgid: Number(m[3]), stat: m[4]!, args: m[5]! });
  }
  return rows;
}

/** The process group of this process. */
export function ownProcessGroup(): number {
  return listProcesses().find((p) => p.pid === process.pid)?.pgid ?? process.pid;
}

/** Processes (not zombies) that belong to one of `pgids` or whose command line mentions one of `markers`. */
export function findLeftovers(pgids: Iterable<number>, markers: Iterable<string> = []): ProcessRow[] {
  const groups = new Set(pgids);
  const needles = [...markers].filter((m) => m.length > 0);
  return listProcesses().filter(
    (p) =>
      p.pid !== process.pid &&
      !p.stat.startsWith('Z') &&
      (groups.has(p.pgid) || needles.some((needle) => p.args.includes(needle))),
  );
}

/** Throws a HarnessError listing the processes of `pgids` / mentioning `markers` that are still running. */
export function assertNoLeftovers(what: string, pgids: Iterable<number>, markers: Iterable<string> = []): void {
  const left = findLeftovers(pgids, markers);
  if (left.length > 0) {
    const lines = left.map((p) => `  ${p.pid} ${p.pgid} ${p.args.slice(0, 200)}`).join('\n');
    throw new HarnessError(`${what} left ${left.length} process(es) behind:\n  PID PGID ARGS\n${lines}`);
  }
}

function groupHasLiveMembers(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
  } catch {
    return false;
  }
  // kill(0) also succeeds while only zombies remain; ask the process table.
  return listProcesses().some((p) => p.pgid === pgid && !p.stat.startsWith('Z'));
}

function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // already gone
  }
}

/** SIGTERM to the whole group, then SIGKILL after `graceMs`; resolves once no member is running (bounded). */
export async function killGroup(pgid: number, graceMs = 5000): Promise<void> {
  if (pgid <= 1) throw new Error(`refusing to signal process group ${pgid}`);
  signalGroup(pgid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline) {
    if (!groupHasLiveMembers(pgid)) break;
    await sleep(100);
  }
  if (groupHasLiveMembers(pgid)) {
    signalGroup(pgid, 'SIGKILL');
    await waitFor(`process group ${pgid} to exit after SIGKILL`, 5000, () => (groupHasLiveMembers(pgid) ? undefined : true), 100);
  }
  liveGroups.delete(pgid);
}

/**
 * Processes whose environment carries `STACKLET_HARNESS_RUN_ID=<runId>` (read from /proc): everything a test run
 * started inherits it, whatever process group it moved to. Excludes this process and its ancestors (which carry
 * it too when the id was given from outside, e.g. `STACKLET_HARNESS_RUN_ID=x npm test`).
 */
export function findProcessesOfRun(runId: string): ProcessRow[] {
  const needle = `\0STACKLET_HARNESS_RUN_ID=${runId}\0`;
  const rows = listProcesses();
  const parentOf = new Map(rows.map((p) => [p.pid, p.ppid]));
  const ancestors = new Set<number>();
  for (let pid: number | undefined = process.pid; pid !== undefined && pid > 0 && !ancestors.has(pid); pid = parentOf.get(pid)) ancestors.add(pid);
  return rows.filter((p) => {
    if (ancestors.has(p.pid) || p.stat.startsWith('Z')) return false;
    try {
      return `\0${fs.readFileSync(`/proc/${p.pid}/environ`, 'latin1')}`.includes(needle);
    } catch {
      return false; // gone, or not ours to read
    }
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Cleanup on interruption

/**
 * Closers run in reverse order of registration, each bounded, all of them even when some fail; also run on
 * SIGINT/SIGTERM/SIGHUP while registered.
 */
export class Teardown {
  private readonly steps: { name: string; close: () => Promise<void> }[] = [];
  private readonly unregister = onInterrupt(() => this.run().then(() => undefined));
  private done: Promise<string[]> | undefined;

  add(name: string, close: () => Promise<void>): void {
    this.steps.push({ name, close });
  }

  /** Runs every closer once; resolves with the error messages of those that failed. */
  run(): Promise<string[]> {
    this.done ??= (async () => {
      const errors: string[] = [];
      for (const { name, close } of this.steps.reverse()) {
        try {
          await withTimeout(close(), 30_000, `stopping ${name}`);
        } catch (e) {
          errors.push(`stopping ${name}: ${e instanceof Error ? e.message : String(e)}`);
        }
      }
      this.unregister();
      return errors;
    })();
    return this.done;
  }
}

const liveGroups = new Set<number>();
const cleanups = new Set<() => Promise<void>>();
let handlersInstalled = false;
let interrupted = false;

/** Remembers a process group so that it is killed if this process is interrupted or exits without stopping it. */
export function trackGroup(pgid: number): void {
  installSignalHandlers();
  liveGroups.add(pgid);
}

export function untrackGroup(pgid: number): void {
  liveGroups.delete(pgid);
}

/** Registers an async cleanup that runs (bounded) on SIGINT/SIGTERM/SIGHUP; returns a function that unregisters it. */
export function onInterrupt(cleanup: () => Promise<void>): () => void {
  installSignalHandlers();
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

export function wasInterrupted(): boolean {
  return interrupted;
}

function installSignalHandlers(): void {
  if (handlersInstalled) return;
  handlersInstalled = true;
  const onSignal = (signal: NodeJS.Signals, code: number) => {
    if (interrupted) return; // a second Ctrl-C while cleaning up changes nothing; the cleanup is bounded
    interrupted = true;
    process.stderr.write(`\n[harness] ${signal}: stopping everything this run started…\n`);
    const all = Promise.allSettled([...cleanups].map((c) => c()));
    void withTimeout(all, 20000, 'cleanup')
      .catch((e: unknown) => process.stderr.write(`[harness] ${String(e)}\n`))
      .finally(() => {
        killTrackedGroupsNow();
        process.exit(code);
      });
  };
  process.on('SIGINT', () => onSignal('SIGINT', 130));
  process.on('SIGTERM', () => onSignal('SIGTERM', 143));
  process.on('SIGHUP', () => onSignal('SIGHUP', 129));
  process.on('exit', killTrackedGroupsNow);
}

/** Last resort, synchronous: SIGKILL every tracked group still registered. */
function killTrackedGroupsNow(): void {
  for (const pgid of liveGroups) signalGroup(pgid, 'SIGKILL');
  liveGroups.clear();
}

// ---------------------------------------------------------------------------------------------------------------
// Spawning

export interface GroupProcess {
  child: ChildProcess;
  /** Process id of the group leader, which is also the group id (it was started with setsid). */
  pgid: number;
  /** Resolves with the exit code (or 128+signal) when the leader exits. */
  exited: Promise<number>;
  stop(graceMs?: number): Promise<void>;
}

export interface SpawnGroupOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Append stdout and stderr to this file. Otherwise they are piped (read them from `child`). */
  logFile?: string;
}

/** Starts `command` as the leader of a new session/process group (like setsid) and tracks the group for cleanup. */
export function spawnGroup(command: string, args: string[], options: SpawnGroupOptions = {}): GroupProcess {
  let stdio: ('pipe' | 'ignore' | number)[] = ['ignore', 'pipe', 'pipe'];
  let logFd: number | undefined;
  if (options.logFile) {
    logFd = fs.openSync(options.logFile, 'a');
    stdio = ['ignore', logFd, logFd];
  }
  const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio, detached: true });
  if (logFd !== undefined) fs.closeSync(logFd);
  if (child.pid === undefined) {
    // the spawn itself failed (e.g. ENOENT); Node reports it through 'error'
    const exited = new Promise<number>((_, reject) =>
      child.once('error', (e) => reject(new HarnessError(`could not start ${command}: ${e.message}`))),
    );
    exited.catch(() => undefined);
    return { child, pgid: -1, exited, stop: async () => undefined };
  }
  const pgid = child.pid;
  trackGroup(pgid);
  const exited = new Promise<number>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? 128 + (signal ? (os.constants.signals[signal] ?? 0) : 0)));
    child.once('error', () => resolve(127));
  });
  return { child, pgid, exited, stop: (graceMs?: number) => killGroup(pgid, graceMs) };
}

export interface CommandResult {
  code: number;
  output: string;
}

export interface RunCommandOptions extends SpawnGroupOptions {
  timeoutMs: number;
  /** Echo output live to this process's stdout/stderr. */
  echo?: boolean;
}

/**
 * Runs a command to completion in its own process group, bounded by `timeoutMs` (the whole group is killed on
 * timeout). Resolves with the exit code and the combined output (the last 64 KiB); never rejects on a non-zero exit.
 */
export async function runCommand(command: string, args: string[], options: RunCommandOptions): Promise<CommandResult> {
  const proc = spawnGroup(command, args, { cwd: options.cwd, env: options.env });
  let output = '';
  const collect = (stream: NodeJS.WriteStream) => (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-65536);
    if (options.echo) stream.write(chunk);
    if (options.logFile) fs.appendFileSync(options.logFile, chunk);
  };
  proc.child.stdout?.on('data', collect(process.stdout));
  proc.child.stderr?.on('data', collect(process.stderr));
  try {
    const code = await withTimeout(proc.exited, options.timeoutMs, `${command} ${args.join(' ')}`);
    // the leader exited; make sure nothing it started keeps running
    await proc.stop(2000);
    return { code, output };
  } catch (e) {
    await proc.stop(2000);
    throw e;
  }
}

/** The last `n` lines of a text file ('' when it does not exist). */
export function tailFile(file: string, n = 40): string {
  try {
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    if (lines.at(-1) === '') lines.pop();
    return lines.slice(-n).join('\n');
  } catch {
    return '';
  }
}
