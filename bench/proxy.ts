/**
 * The full listing of 10,000 stacklets through a forward proxy on loopback against the same listing direct,
 * in the same run. The listing is the paging group's: 400 pages of 25, 12 at a time, 50 ms added to every
 * answer as a network would. The emulator serves HTTPS in its own process; the proxy (the `proxy` package)
 * runs in another and alone resolves the emulator's name, so every proxied connection is a CONNECT tunnel
 * carrying TLS, as through a company proxy. Runs alternate between the two clients; each figure is a median.
 */
import { readFileSync } from 'node:fs';
import { StackletClient } from '../src/api/client';
import { HttpTransport } from '../src/api/transport';
import { PROXY_ONLY_HOST, startForwardProxy, unknownHereOnly } from '../test/unit/support/forwardProxy';
import { median, times, type Figure } from './figure';
import { serveEmulator, stop } from './processes';

const STACKLETS = 10_000;
const LATENCY_MS = 50;
const RUNS = 7;

export async function proxyFigures(log: (line: string) => void): Promise<Figure[]> {
  const restoreLookup = unknownHereOnly();
  const emu = await serveEmulator(['--seed', 'empty', '--extra-stacklets', String(STACKLETS), '--latency-ms', String(LATENCY_MS), '--tls', '--allow-host', PROXY_ONLY_HOST]);
  const proxy = await startForwardProxy();
  const caFile = /^CA certificate: (.+)$/.exec(emu.lines[2] ?? '')?.[1];
  if (!caFile) throw new Error(`the emulator named no CA file: ${emu.lines.join(' / ')}`);
  const trust = { systemCertificates: false, extraCertificates: [readFileSync(caFile, 'utf8')] };
  const port = new URL(emu.url).port;
  const direct = new StackletClient({ baseUrl: emu.url, token: emu.token!, trust });
  const proxied = new StackletClient({ baseUrl: `https://${PROXY_ONLY_HOST}:${port}`, token: emu.token!, trust, proxy: { url: proxy.url } });
  try {
    const listing = async (client: StackletClient): Promise<number> => {
      const started = performance.now();
      const result = await client.listStacklets();
      if (result.items.length !== STACKLETS) throw new Error(`read ${result.items.length} stacklets`);
      return performance.now() - started;
    };
    // 25 per page whatever is asked, as in the paging group.
    const control = new HttpTransport({ baseUrl: emu.url, token: emu.token!, trust });
    await control.request('POST', '/_emulator/config', { body: { quirks: { ignorePerPage: true } } }).finally(() => control.close());
    // Both open their connections (and the proxied one its tunnels) before anything is timed.
    await listing(direct);
    await listing(proxied);
    await proxy.reset();
    const directRuns: number[] = [];
    const proxiedRuns: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      directRuns.push(await listing(direct));
      proxiedRuns.push(await listing(proxied));
    }
    const stats = await proxy.stats();
    if (stats.plainRequests > 0 || stats.withAuthorization > 0) throw new Error('a request reached the proxy in clear');
    const ratio = median(proxiedRuns) / median(directRuns);
    log(`proxy: direct ${directRuns.map(Math.round).join(', ')} ms; through the proxy ${proxiedRuns.map(Math.round).join(', ')} ms; ${stats.tunnels} new tunnels while timed`);
    return [
      {
        id: 'proxy.listing',
        label: `10,000 stacklets (400 pages of 25, +${LATENCY_MS} ms) over HTTPS through a CONNECT proxy on loopback vs direct (median of ${RUNS}, alternating)`,
        value: ratio,
        unit: '× direct',
        better: 'lower',
        target: { value: 1.15, text: '≤ 1.15× direct' },
        baseline: { label: 'direct listing, ms', value: Math.round(median(directRuns)) },
        ratio: { value: ratio, text: `${Math.round(median(proxiedRuns))} ms = ${times(ratio)} the direct ${Math.round(median(directRuns))} ms` },
      },
    ];
  } finally {
    await Promise.all([direct.dispose(), proxied.dispose()]);
    await proxy.close();
    await stop(emu);
    restoreLookup();
  }
}
