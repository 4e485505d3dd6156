/**
 * `npm run bench`: every figure of issue 7 beside its target and a baseline measured in the same run, written
 * to bench/results.json and bench/results.md with the machine and the date. `npm run bench -- --check`
 * compares with the recorded results instead and exits non-zero when a figure is more than 20 % worse.
 * `--only=paging,parse` runs some groups only (the record is then not rewritten). `--figures-out=FILE` writes the
 * figures as JSON instead of recording them: how the half-CPU run (bench/halfCpu.ts) hands its figures back.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import { accountFigures } from './account';
import { emulatorFigures } from './emulatorLoad';
import { feelFigures } from './feel';
import { findRegressions, meetsTarget, trackedOf, TOLERANCE, type Figure } from './figure';
import { fleetFigures } from './fleet';
import { HALF_CPU_GROUPS, halfCpuFigures } from './halfCpu';
import { hostFigures } from './host';
import { hostileFigures } from './hostile';
import { mcpFigures } from './mcp';
import { mcpPackageFigures } from './mcpPackage';
import { pagingFigures } from './paging';
import { parseFigures } from './parse';
import { pollingFigures, spreadTaskFigures } from './polling';
import { proxyFigures } from './proxy';
import { sizeFigures } from './size';
import { workingDayFigures } from './workingDay';

const RESULTS_JSON = 'bench/results.json';
const RESULTS_MD = 'bench/results.md';

/** Which groups the half-CPU run repeats: `--half-cpu=mcp` narrows them (to try a change quickly). */
let halfCpuGroups: readonly string[] = HALF_CPU_GROUPS;

const GROUPS: Record<string, (log: (line: string) => void) => Promise<Figure[]>> = {
  size: sizeFigures,
  parse: parseFigures,
  polling: async (log) => [...(await pollingFigures(log)), ...(await spreadTaskFigures(log))],
  fleet: fleetFigures,
  paging: pagingFigures,
  proxy: proxyFigures,
  emulator: emulatorFigures,
  host: hostFigures,
  feel: feelFigures,
  day: workingDayFigures,
  hostile: hostileFigures,
  mcp: mcpFigures,
  mcpPackage: mcpPackageFigures,
  account: accountFigures,
  // Last: host, feel and mcp again with half the CPU (bench/halfCpu.ts).
  halfCpu: (log) => halfCpuFigures(log, halfCpuGroups),
};

interface Recorded {
  date: string;
  machine: Record<string, string | number>;
  /** What --check compares, by figure id. */
  tracked: Record<string, number>;
  figures: Figure[];
}

function machine(): Record<string, string | number> {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGB: Math.round(os.totalmem() / 1024 ** 3),
    os: `${os.type()} ${os.release()}`,
    node: process.version,
  };
}

function formatNumber(value: number): string {
  if (Number.isInteger(value)) return value.toLocaleString('en-US');
  return value >= 100 ? Math.round(value).toLocaleString('en-US') : value.toFixed(value >= 10 ? 1 : 2);
}

function verdict(figure: Figure): string {
  const met = meetsTarget(figure);
  return met === undefined ? '—' : met ? 'met' : 'MISSED';
}

function table(figures: readonly Figure[]): string {
  const rows = [
    '| figure | value | target | baseline (same run) | ratio | |',
    '|---|---|---|---|---|---|',
    ...figures.map((f) =>
      [
        f.label + (f.note ? ` (${f.note})` : ''),
        `${formatNumber(f.value)} ${f.unit}`,
        f.target?.text ?? '—',
        f.baseline ? `${f.baseline.label}: ${formatNumber(f.baseline.value)}` : '—',
        f.ratio?.text ?? '—',
        verdict(f),
      ].join(' | '),
    ).map((row) => `| ${row} |`),
  ];
  return rows.join('\n');
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const check = args.includes('--check');
  const only = args.find((arg) => arg.startsWith('--only='))?.slice('--only='.length).split(',');
  const halfCpu = args.find((arg) => arg.startsWith('--half-cpu='))?.slice('--half-cpu='.length).split(',');
  if (halfCpu) halfCpuGroups = halfCpu;
  const unknown = [...(only ?? []).filter((name) => !(name in GROUPS)), ...(halfCpu ?? []).filter((name) => !(name in GROUPS) || name === 'halfCpu')];
  if (unknown.length > 0) throw new Error(`unknown group(s) ${unknown.join(', ')}; known: ${Object.keys(GROUPS).join(', ')}`);

  const started = Date.now();
  const figures: Figure[] = [];
  for (const [name, run] of Object.entries(GROUPS)) {
    if (only && !only.includes(name)) continue;
    const groupStart = Date.now();
    figures.push(...(await run((line) => console.log(`  ${line}`))));
    console.log(`[bench] ${name} in ${((Date.now() - groupStart) / 1000).toFixed(1)} s`);
  }
  console.log(`\n${table(figures)}\n`);
  console.log(`[bench] ${figures.length} figures in ${((Date.now() - started) / 1000).toFixed(0)} s on ${JSON.stringify(machine())}`);

  const missed = figures.filter((f) => meetsTarget(f) === false);
  for (const f of missed) console.log(`[bench] target missed: ${f.id} ${formatNumber(f.value)} ${f.unit} (target ${f.target!.text})`);

  if (check) {
    const recorded = JSON.parse(readFileSync(RESULTS_JSON, 'utf8')) as Recorded;
    const regressions = findRegressions(figures, recorded.tracked);
    for (const r of regressions) console.log(`[bench] regression: ${r.id} ${formatNumber(r.current)} against ${formatNumber(r.recorded)} recorded on ${recorded.date}`);
    console.log(`[bench] --check: ${regressions.length} regression(s) beyond ${TOLERANCE * 100} % against ${RESULTS_JSON}`);
    process.exitCode = regressions.length > 0 ? 1 : 0;
    return;
  }
  const figuresOut = args.find((arg) => arg.startsWith('--figures-out='))?.slice('--figures-out='.length);
  if (figuresOut) {
    writeFileSync(figuresOut, JSON.stringify(figures));
    return;
  }
  if (only) {
    console.log('[bench] --only: results not recorded');
    return;
  }
  const record: Recorded = {
    date: new Date().toISOString(),
    machine: machine(),
    tracked: Object.fromEntries(figures.map((f) => [f.id, trackedOf(f).value])),
    figures,
  };
  writeFileSync(RESULTS_JSON, `${JSON.stringify(record, null, 2)}\n`);
  writeFileSync(
    RESULTS_MD,
    `# Benchmark results\n\nWritten by \`npm run bench\` on ${record.date.slice(0, 10)}; machine: ${Object.entries(record.machine).map(([k, v]) => `${k} ${v}`).join(', ')}.\n` +
      `How each figure is measured: [docs/performance.md](../docs/performance.md).\n\n${table(figures)}\n`,
  );
  console.log(`[bench] recorded in ${RESULTS_JSON} and ${RESULTS_MD}`);
}

main().catch((error: unknown) => {
  console.error(`[bench] ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
  process.exit(1);
});
