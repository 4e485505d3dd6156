// Starts ./forwardProxyProcess (a real forward proxy) on 127.0.0.1 and reads its counts.
import { fork, type ChildProcess } from 'node:child_process';
import dns = require('node:dns');
import { once } from 'node:events';
import * as path from 'node:path';
import type { ProxyStats } from './forwardProxyProcess';

export type { ProxyStats };

/** The name the test proxy alone resolves (to 127.0.0.1). */
export const PROXY_ONLY_HOST = 'api.stacklet.test';

export interface ForwardProxy {
  /** http://127.0.0.1:<port> */
  readonly url: string;
  stats(): Promise<ProxyStats>;
  /** Zeroes the counts. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

function ask(child: ChildProcess, message: string): Promise<ProxyStats> {
  return new Promise((resolve) => {
    const onMessage = (reply: { stats?: ProxyStats }) => {
      if (!reply.stats) return;
      child.off('message', onMessage);
      resolve(reply.stats);
    };
    child.on('message', onMessage);
    child.send(message);
  });
}

export async function startForwardProxy(options: { credentials?: string } = {}): Promise<ForwardProxy> {
  const args = ['--resolve', `${PROXY_ONLY_HOST}=127.0.0.1`, ...(options.credentials ? ['--credentials', options.credentials] : [])];
  const child = fork(path.join(__dirname, 'forwardProxyProcess.js'), args, { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const [ready] = (await Promise.race([
    once(child, 'message'),
    once(child, 'exit').then(() => {
      throw new Error('the forward proxy exited while starting');
    }),
  ])) as [{ port: number }];
  return {
    url: `http://127.0.0.1:${ready.port}`,
    stats: () => ask(child, 'stats'),
    reset: async () => void (await ask(child, 'reset')),
    async close() {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.disconnect();
      const timer = setTimeout(() => child.kill('SIGKILL'), 2000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * Until the returned function is called, this process's DNS answers "not found" for `name` at once, without
 * asking the machine's resolver: as for a laptop whose DNS does not know the company's names, and so that a
 * test never sends a query off this machine.
 */
export function unknownHereOnly(name: string = PROXY_ONLY_HOST): () => void {
  const lookup = dns.lookup;
  (dns as { lookup: unknown }).lookup = function (host: string, options: unknown, callback?: unknown) {
    if (host.toLowerCase() !== name) return (lookup as (...args: unknown[]) => void).call(dns, host, options, callback);
    const cb = (typeof options === 'function' ? options : callback) as (error: Error) => void;
    process.nextTick(() => cb(Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND', hostname: host })));
  };
  return () => void ((dns as { lookup: unknown }).lookup = lookup);
}
