/**
 * A hostile service against the client (issue 13), the service in a process of its own
 * (test/unit/support/hostileService.ts):
 * - heap growth while a volume listing claims 1e9 pages of one item with a 1 MB name, until the client's own
 *   error; beside an honest listing of 60 such pages (what the 64 MB listing limit lets through), read whole;
 * - the longest event-loop stall while a 60 MB error body arrives, beside a 64 KB one (the most that is read).
 * Run with --expose-gc so heap figures start from a collected heap.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { StackletClient } from '../src/api/client';
import { HttpTransport } from '../src/api/transport';
import { ApiError } from '../src/api/errors';
import { median, times, type Figure } from './figure';
import { serve, stop } from './processes';

const MB = 1024 * 1024;
const NAME_CHARS = MB;
const HONEST_PAGES = 60;
const STALL_RUNS = 5;

function collect(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

/** The peak heap growth (MB) while `run` runs, sampled every 2 ms from a collected heap, and what it ended in. */
async function peakHeapGrowth<T>(run: () => Promise<T>): Promise<{ mb: number; outcome: T | unknown }> {
  collect();
  const before = process.memoryUsage().heapUsed;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 2);
  let outcome: T | unknown;
  try {
    outcome = await run();
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  } catch (error) {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
    outcome = error;
  } finally {
    clearInterval(sampler);
  }
  return { mb: (peak - before) / MB, outcome };
}

/** A volume listing from a hostile service started with `claimedPages`; the client is closed afterwards. */
async function listFrom(claimedPages: number): Promise<{ mb: number; outcome: unknown }> {
  const service = await serve(['out/test/unit/support/hostileService.js', String(claimedPages), '1', String(NAME_CHARS)], 1);
  const client = new StackletClient({ baseUrl: service.url, token: 'stk_bench_hostile_0001', retry: { maxAttempts: 1 } });
  try {
    return await peakHeapGrowth(() => client.listVolumes());
  } finally {
    await client.dispose();
    await stop(service);
  }
}

/**
 * The longest event-loop stall (ms) during each of STALL_RUNS requests for an error body of `bytes`, and the
 * 20 ms after it (so that every run has samples, and work the answer left behind is seen). One request first
 * warms the code paths up, for both sizes alike.
 */
async function stalls(http: HttpTransport, bytes: number): Promise<number[]> {
  const runs: number[] = [];
  await http.request('GET', '/v1/error', { query: { bytes, status: 500 } }).catch(() => undefined);
  for (let run = 0; run < STALL_RUNS; run++) {
    const histogram = monitorEventLoopDelay({ resolution: 1 });
    histogram.enable();
    const error = await http.request('GET', '/v1/error', { query: { bytes, status: 500 } }).then(
      () => undefined,
      (e: unknown) => e,
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    histogram.disable();
    if (!(error instanceof ApiError) || error.status !== 500) throw new Error(`the ${bytes}-byte error body did not end as HTTP 500: ${String(error)}`);
    runs.push(histogram.max / 1e6);
  }
  return runs;
}

export async function hostileFigures(log: (line: string) => void): Promise<Figure[]> {
  const honest = await listFrom(HONEST_PAGES);
  const honestItems = (honest.outcome as { items?: unknown[] }).items?.length;
  if (honestItems !== HONEST_PAGES) throw new Error(`the honest listing ended in ${String(honest.outcome)}`);
  const hostile = await listFrom(1e9);
  if (!(hostile.outcome instanceof ApiError) || hostile.outcome.kind !== 'limit') {
    throw new Error(`the billion-page listing did not end in the client's limit error: ${String(hostile.outcome)}`);
  }
  log(`hostile: billion-page listing peaked at +${hostile.mb.toFixed(0)} MB and ended in "${hostile.outcome.message}"`);
  log(`hostile: honest listing of ${HONEST_PAGES} × 1 MB names peaked at +${honest.mb.toFixed(0)} MB`);

  const service = await serve(['out/test/unit/support/hostileService.js', '1', '1', '1'], 1);
  // The error route is the hostile service's own: asked through the client's transport, which reads the body.
  const http = new HttpTransport({ baseUrl: service.url, token: 'stk_bench_hostile_0001', retry: { maxAttempts: 1 } });
  let big: number[];
  let small: number[];
  try {
    small = await stalls(http, 64 * 1024);
    big = await stalls(http, 60 * MB);
  } finally {
    await http.close();
    await stop(service);
  }
  const worst = Math.max(...big);
  const baseline = Math.max(...small);
  log(`hostile: longest stalls, 60 MB error body ${big.map((ms) => ms.toFixed(1)).join(', ')} ms; 64 KB ${small.map((ms) => ms.toFixed(1)).join(', ')} ms (median ${median(big).toFixed(1)} / ${median(small).toFixed(1)})`);
  const measuredWithGc = typeof (globalThis as { gc?: unknown }).gc === 'function';

  return [
    {
      id: 'hostile.listingHeap',
      label: 'peak heap growth while a listing claims 1e9 pages of 1 MB names (ends in the client\'s limit error)',
      value: hostile.mb,
      unit: 'MB',
      better: 'lower',
      target: { value: 256, text: '≤ 256 MB' },
      baseline: { label: `an honest listing of ${HONEST_PAGES} such pages, read whole`, value: honest.mb },
      ratio: { value: hostile.mb / honest.mb, text: `${times(hostile.mb / honest.mb)} the honest listing` },
      ...(measuredWithGc ? {} : { note: 'run without --expose-gc: the figure includes garbage' }),
    },
    {
      id: 'hostile.errorBodyStall',
      label: `longest event-loop stall while a 60 MB error body arrives (worst of ${STALL_RUNS})`,
      value: worst,
      unit: 'ms',
      better: 'lower',
      target: { value: 100, text: '≤ 100 ms' },
      baseline: { label: 'a 64 KB error body, worst of the same number', value: baseline },
      ratio: { value: worst / baseline, text: `${times(worst / baseline)} the 64 KB body` },
    },
  ];
}
