/**
 * The groups a slower machine moves most (issue 47: host, feel, mcp) run again with half the CPU, beside the
 * normal run: busy loops at the same priority (BUSY_LOOPS), so that every thread of the editor, the extension
 * host, the browser and the floors gets at most half a core whenever it runs, as on a machine whose cores are half
 * as fast. The same groups run in a child bench (`--figures-out`), whose floors are measured under the same limit.
 * The limit is calibrated as the slower machine was: JSON.parse of the same 10.8 MB, with and without it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import * as path from 'node:path';
import { createInterface } from 'node:readline';
import { median, times, type Figure } from './figure';
import { realisticPayload } from './parse';

export const HALF_CPU_GROUPS = ['host', 'feel', 'mcp'] as const;
const PARSE_RUNS = 9;

/**
 * Busy loops, one fewer than twice the cores: a thread that runs alone then shares its core with one loop and gets
 * half of it, as on cores half as fast (one loop per core gave it two thirds: JSON.parse 1.52× slower). Killed
 * when the bench ends however it ends; resolved once every loop runs (each says so first), since Node takes tens
 * of milliseconds to start and the limit's calibration comes next.
 */
export const BUSY_LOOPS = 2 * cpus().length - 1;

async function busyCores(): Promise<() => Promise<void>> {
  const loops: ChildProcess[] = Array.from({ length: BUSY_LOOPS }, () => spawn(process.execPath, ['-e', 'process.stdout.write("x"); for (;;) {}'], { stdio: ['ignore', 'pipe', 'ignore'] }));
  const kill = () => { for (const loop of loops) loop.kill('SIGKILL'); };
  process.once('exit', kill);
  await Promise.all(loops.map((loop) => once(loop.stdout!, 'data')));
  return async () => {
    kill();
    await Promise.all(loops.map((loop) => (loop.exitCode === null && loop.signalCode === null ? once(loop, 'exit') : undefined)));
    process.off('exit', kill);
  };
}

function parseMs(text: string): number {
  return median(Array.from({ length: PARSE_RUNS }, () => {
    const started = performance.now();
    JSON.parse(text);
    return performance.now() - started;
  }));
}

/** The child bench: its lines logged as they come, its figures read from the file it writes. */
async function childBench(groups: readonly string[], log: (line: string) => void): Promise<Figure[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'stacklet-half-cpu-'));
  const out = path.join(dir, 'figures.json');
  try {
    const child = spawn(process.execPath, ['--expose-gc', path.join(__dirname, 'index.js'), `--only=${groups.join(',')}`, `--figures-out=${out}`], { stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [child.stdout!, child.stderr!]) createInterface({ input: stream }).on('line', (line) => log(`half CPU: ${line.trim()}`));
    const [code] = (await once(child, 'exit')) as [number | null];
    if (code !== 0) throw new Error(`the half-CPU bench exited with ${code}`);
    return JSON.parse(readFileSync(out, 'utf8')) as Figure[];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function halfCpuFigures(log: (line: string) => void, groups: readonly string[] = HALF_CPU_GROUPS): Promise<Figure[]> {
  const text = await realisticPayload();
  const fullMs = parseMs(text);
  const stop = await busyCores();
  let figures: Figure[];
  let limitedMs: number;
  try {
    limitedMs = parseMs(text);
    log(`half CPU: JSON.parse of ${(text.length / 1024 ** 2).toFixed(1)} MB ${limitedMs.toFixed(1)} ms against ${fullMs.toFixed(1)} ms without the limit`);
    figures = await childBench(groups, log);
  } finally {
    await stop();
  }
  const limit = `half the CPU (${BUSY_LOOPS} busy loops on ${cpus().length} cores)`;
  return [
    {
      id: 'halfCpu.parse',
      label: `${limit}: JSON.parse of 10,000 stacklets' JSON, against the same without the limit (the issue's slower machine: 1.94×)`,
      value: limitedMs / fullMs,
      unit: '×',
      better: 'higher',
      baseline: { label: 'without the limit, ms', value: fullMs },
      ratio: { value: limitedMs / fullMs, text: `${limitedMs.toFixed(1)} ms = ${times(limitedMs / fullMs)} without the limit` },
      // The limit itself, not a figure of ours: it must stay a limit (a machine where it slows nothing is reported).
      tracked: { value: Math.min(limitedMs / fullMs, 1.5), better: 'higher' },
    },
    ...figures.map((figure): Figure => ({ ...figure, id: `halfCpu.${figure.id}`, label: `${limit}: ${figure.label}` })),
  ];
}
