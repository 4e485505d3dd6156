/**
 * A full listing of 10,000 stacklets from the emulator with 50 ms added to every answer: the client's
 * concurrent pager against a plain page-by-page loop over the same transport, in the same run.
 */
import { StackletClient } from '../src/api/client';
import { HttpTransport } from '../src/api/transport';
import { DEFAULT_PAGE_CONCURRENCY } from '../src/api/paging';
import { floorFigure, median, times, type Figure } from './figure';
import { configureEmulator, serveEmulator, stop } from './processes';

const STACKLETS = 10_000;
const LATENCY_MS = 50;
const SMALL_PAGE = 25;

/** The least time any client needs: page 1 alone (it tells the page count), then the rest `concurrency` at a time. */
export function pagingFloorMs(pages: number, concurrency: number, latencyMs: number): number {
  return (1 + Math.ceil((pages - 1) / concurrency)) * latencyMs;
}

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = performance.now();
  const result = await run();
  return { ms: performance.now() - started, result };
}

/** What a client without a pager does: ask for page 1, then 2, … until a short page (over the same transport). */
async function sequentialListing(http: HttpTransport): Promise<number> {
  let count = 0;
  for (let page = 1; ; page++) {
    const response = await http.request('GET', '/v1/stacklets', { query: { page, per_page: SMALL_PAGE } });
    const items = (response.json as { stacklets: unknown[] }).stacklets;
    count += items.length;
    if (items.length < SMALL_PAGE) return count;
  }
}

export async function pagingFigures(log: (line: string) => void): Promise<Figure[]> {
  const emu = await serveEmulator(['--seed', 'empty', '--extra-stacklets', String(STACKLETS), '--latency-ms', String(LATENCY_MS)]);
  // ignorePerPage: the service answers 25 per page whatever the client asks, so the listing is 400 pages.
  await configureEmulator(emu, { quirks: { ignorePerPage: true } });
  const client = new StackletClient({ baseUrl: emu.url, token: emu.token! });
  const http = new HttpTransport({ baseUrl: emu.url, token: emu.token! });
  try {
    const pages = Math.ceil(STACKLETS / SMALL_PAGE);
    await client.getProfile(); // opens a connection, so neither contender pays for the first handshake

    await http.request('GET', '/v1/account/profile');
    const sequential = await timed(() => sequentialListing(http));
    if (sequential.result !== STACKLETS) throw new Error(`the sequential loop read ${sequential.result} stacklets`);
    log(`paging: sequential ${pages} pages in ${Math.round(sequential.ms)} ms`);

    const concurrentRuns: number[] = [];
    for (let run = 0; run < 3; run++) {
      const { ms, result } = await timed(() => client.listStacklets());
      if (result.items.length !== STACKLETS || result.pages !== pages) {
        throw new Error(`the pager read ${result.items.length} stacklets in ${result.pages} pages`);
      }
      concurrentRuns.push(ms);
    }
    const concurrent = median(concurrentRuns);
    const floor = pagingFloorMs(pages, DEFAULT_PAGE_CONCURRENCY, LATENCY_MS);
    log(`paging: concurrent runs ${concurrentRuns.map(Math.round).join(', ')} ms; floor ${floor} ms`);

    await configureEmulator(emu, { quirks: { ignorePerPage: false } });
    const honouredRuns: number[] = [];
    let honouredPages = 0;
    for (let run = 0; run < 3; run++) {
      const { ms, result } = await timed(() => client.listStacklets());
      if (result.items.length !== STACKLETS) throw new Error(`the pager read ${result.items.length} stacklets`);
      honouredPages = result.pages;
      honouredRuns.push(ms);
    }
    const honoured = median(honouredRuns);
    const honouredFloor = pagingFloorMs(honouredPages, DEFAULT_PAGE_CONCURRENCY, LATENCY_MS);

    const speedUp = sequential.ms / concurrent;
    return [
      {
        id: 'paging.speedup',
        label: `10,000 stacklets, ${pages} pages of 25, +${LATENCY_MS} ms: pager (${DEFAULT_PAGE_CONCURRENCY} at once) vs sequential`,
        value: speedUp,
        unit: '×',
        better: 'higher',
        target: { value: 8, text: '≥ 8×' },
        baseline: { label: 'sequential loop', value: Math.round(sequential.ms) },
        ratio: { value: speedUp, text: `${times(speedUp)} faster (${Math.round(concurrent)} ms vs ${Math.round(sequential.ms)} ms)` },
      },
      floorFigure('paging.floor', `the same listing against its floor (1 + ⌈${pages - 1}/${DEFAULT_PAGE_CONCURRENCY}⌉) × ${LATENCY_MS} ms = ${floor} ms`, concurrent, floor, 1.3),
      floorFigure('paging.honoured', `the same listing when per_page is honoured (${honouredPages} pages of ${STACKLETS / honouredPages})`, honoured, honouredFloor, undefined, 'reported, no target'),
    ];
  } finally {
    await client.dispose();
    await http.close();
    await stop(emu);
  }
}
