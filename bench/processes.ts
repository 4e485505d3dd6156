/**
 * Servers the benchmark starts in processes of their own, as a remote service would be: the emulator CLI
 * (`node dist/emulator.js`) and the bare baseline server. Sharing the benchmark's event loop would charge the
 * server's work to the client being measured.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

export interface Served {
  readonly url: string;
  readonly token?: string;
  readonly child: ChildProcess;
  /** The first lines it printed (the emulator's third, with --tls, names its CA file). */
  readonly lines: readonly string[];
}

/** Starts `node <args>` and resolves with the URL (and token) it prints on its first lines. */
export async function serve(args: readonly string[], lines: number): Promise<Served> {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const read: string[] = [];
  const reader = createInterface({ input: child.stdout! });
  for await (const line of reader) {
    read.push(line);
    if (read.length === lines) break;
  }
  const url = /(https?:\/\/\S+)/.exec(read[0] ?? '')?.[1];
  if (!url) throw new Error(`no URL from node ${args.join(' ')}: ${read.join(' / ')}`);
  const token = read[1]?.replace(/^Demo token:\s*/, '');
  return { url, child, lines: read, ...(token ? { token } : {}) };
}

export async function stop(served: Served): Promise<void> {
  served.child.kill('SIGTERM');
  if (served.child.exitCode === null) await once(served.child, 'exit');
}

/** The emulator CLI with `args`, its control endpoints on (three lines with --tls). */
export function serveEmulator(args: readonly string[]): Promise<Served> {
  return serve(['dist/emulator.js', '--port', '0', '--control', ...args], args.includes('--tls') ? 3 : 2);
}

/** Changes the running emulator's quirks, latency or faults through its control endpoint. */
export async function configureEmulator(emulator: Served, change: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${emulator.url}/_emulator/config`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(change) });
  if (!response.ok) throw new Error(`POST /_emulator/config: HTTP ${response.status} ${await response.text()}`);
}
