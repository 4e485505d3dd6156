// A real forward proxy in a process of its own (the `proxy` package, a Squid-like HTTP proxy), for tests and
// the benchmark: `node forwardProxyProcess.js [--credentials user:pass] [--resolve name=address]…`.
// `--resolve` makes a name known to this process alone, as a company's DNS is known to its proxy and not to
// the laptop: a client that reaches api.stacklet.test at all has gone through here. It counts what it did
// and answers the parent (fork IPC) with the counts.
import dns = require('node:dns');
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProxyStats {
  /** CONNECT requests received. */
  connects: number;
  /** Tunnels opened (CONNECTs that passed authentication). */
  tunnels: number;
  /** CONNECTs answered 407. */
  refused: number;
  /** Plain (non-CONNECT) requests: a request sent in clear to the proxy. */
  plainRequests: number;
  /** host:port of every CONNECT. */
  targets: string[];
  /** Requests or CONNECTs that carried an Authorization header (the API token must never reach a proxy). */
  withAuthorization: number;
}

function option(name: string): string[] {
  const values: string[] = [];
  process.argv.forEach((arg, i) => arg === name && process.argv[i + 1] !== undefined && values.push(process.argv[i + 1]!));
  return values;
}

async function main(): Promise<void> {
  const names = new Map(option('--resolve').map((pair) => pair.split('=') as [string, string]));
  const lookup = dns.lookup;
  // The proxy package connects with net.connect, which asks dns.lookup at each call.
  (dns as { lookup: unknown }).lookup = function (host: string, options: unknown, callback?: unknown) {
    const cb = (typeof options === 'function' ? options : callback) as (...args: unknown[]) => void;
    const address = names.get(host);
    if (address === undefined) return (lookup as (...args: unknown[]) => void).call(dns, host, options, callback);
    const family = address.includes(':') ? 6 : 4;
    const all = typeof options === 'object' && options !== null && (options as { all?: boolean }).all;
    process.nextTick(() => (all ? cb(null, [{ address, family }]) : cb(null, address, family)));
  };

  const credentials = option('--credentials')[0];
  const expected = credentials ? `Basic ${Buffer.from(credentials).toString('base64')}` : undefined;
  const stats: ProxyStats = { connects: 0, tunnels: 0, refused: 0, plainRequests: 0, targets: [], withAuthorization: 0 };
  const { createProxy } = await import('proxy');
  const server = createProxy(http.createServer());
  server.prependListener('connect', (req: http.IncomingMessage) => {
    stats.connects++;
    stats.targets.push(req.url ?? '');
    if (req.headers.authorization !== undefined) stats.withAuthorization++;
  });
  server.prependListener('request', (req: http.IncomingMessage) => {
    stats.plainRequests++;
    if (req.headers.authorization !== undefined) stats.withAuthorization++;
  });
  server.authenticate = (req) => {
    const ok = expected === undefined || req.headers['proxy-authorization'] === expected;
    if (req.method === 'CONNECT') {
      if (ok) stats.tunnels++;
      else stats.refused++;
    }
    return ok;
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.on('message', (message: unknown) => {
    if (message === 'stats') process.send!({ stats });
    if (message === 'reset') {
      Object.assign(stats, { connects: 0, tunnels: 0, refused: 0, plainRequests: 0, targets: [], withAuthorization: 0 });
      process.send!({ stats });
    }
  });
  process.on('disconnect', () => process.exit(0));
  process.send!({ port: (server.address() as AddressInfo).port });
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
