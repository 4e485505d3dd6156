/**
 * The emulator under load: autocannon (keep-alive, 10 connections) against a list page, the emulator in its
 * own process as `npm run emulator` runs it. Baseline: a bare node:http server in its own process answering
 * the very same bytes, which is the most this machine's Node can serve; the ratio is the emulator's overhead.
 */
import autocannon = require('autocannon');
import { times, type Figure } from './figure';
import { serve, serveEmulator, stop } from './processes';

const SECONDS = 8;
const CONNECTIONS = 10;

const BARE_SERVER = `
const http = require('node:http');
const body = Buffer.from(process.argv[1], 'base64');
const server = http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  res.end(body);
});
server.keepAliveTimeout = 30000;
server.listen(0, '127.0.0.1', () => console.log('listening on http://127.0.0.1:' + server.address().port));
`;

async function load(url: string, token: string | undefined): Promise<autocannon.Result> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    ...(token ? { headers: { authorization: `Token ${token}` } } : {}),
  });
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  }
  return result;
}

export async function emulatorFigures(log: (line: string) => void): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const variant of [
    { id: 'emulator.list', label: 'GET /v1/stacklets (the demo account, page 1)', args: [] as string[], query: '', target: true },
    { id: 'emulator.tagFilter', label: 'GET /v1/stacklets?tag_name=even over 10,000 stacklets', args: ['--seed', 'empty', '--extra-stacklets', '10000'], query: '?tag_name=even', target: false },
  ]) {
    const emulator = await serveEmulator(variant.args);
    let emu: autocannon.Result;
    let body: Buffer;
    try {
      const url = `${emulator.url}/v1/stacklets${variant.query}`;
      const answer = await fetch(url, { headers: { authorization: `Token ${emulator.token}` } });
      body = Buffer.from(await answer.arrayBuffer());
      if (!answer.ok) throw new Error(`${url}: HTTP ${answer.status}`);
      emu = await load(url, emulator.token);
    } finally {
      await stop(emulator);
    }
    const bare = await serve(['-e', BARE_SERVER, body.toString('base64')], 1);
    let baseline: autocannon.Result;
    try {
      baseline = await load(`${bare.url}/`, undefined);
    } finally {
      await stop(bare);
    }
    const rps = emu.requests.average;
    log(`emulator: ${variant.id} ${Math.round(rps)} req/s, p99 ${emu.latency.p99} ms; bare server ${Math.round(baseline.requests.average)} req/s, p99 ${baseline.latency.p99} ms (${body.length} B answers)`);
    figures.push(
      {
        id: `${variant.id}.rps`,
        label: `emulator, ${variant.label}: requests per second (${CONNECTIONS} keep-alive connections, ${SECONDS} s)`,
        value: rps,
        unit: 'req/s',
        better: 'higher',
        ...(variant.target ? { target: { value: 3000, text: '≥ 3,000 req/s' } } : {}),
        baseline: { label: 'bare node:http server, same bytes', value: Math.round(baseline.requests.average) },
        ratio: { value: rps / baseline.requests.average, text: `${times(rps / baseline.requests.average)} the bare server` },
      },
      {
        id: `${variant.id}.p99`,
        label: `emulator, ${variant.label}: p99 latency`,
        value: emu.latency.p99,
        unit: 'ms',
        better: 'lower',
        ...(variant.target ? { target: { value: 20, text: '≤ 20 ms' } } : {}),
        baseline: { label: 'bare node:http server, same bytes', value: baseline.latency.p99 },
        ratio: { value: emu.latency.p99 / Math.max(baseline.latency.p99, 1), text: `${times(emu.latency.p99 / Math.max(baseline.latency.p99, 1))} the bare server` },
        // Milliseconds round to whole numbers here: a 20 % rule on 2 ms would flag 3 ms.
        tracked: { value: Math.max(emu.latency.p99, 5), better: 'lower' },
      },
    );
  }
  return figures;
}
