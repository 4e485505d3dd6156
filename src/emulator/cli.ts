/**
 * `node dist/emulator.js --port <n> [...]`: runs the emulator until SIGINT/SIGTERM. The first two lines of
 * output are a contract other tools read: the listening URL, then the demo token. With `--tls`, a third line
 * names the file holding the run's CA certificate (for NODE_EXTRA_CA_CERTS), removed at exit.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { createAuthority, issueCertificate } from './certificates';
import { DEFAULT_HOST, DEFAULT_PORT, FAULT_KINDS, type EmulatorOptions, type FaultKind } from './options';
import { startEmulator } from './server';
import { TRAILING_SLASH_MODES } from './trailingSlash';

const USAGE = `Usage: node dist/emulator.js [options]

  --port <n>             port to listen on; 0 picks a free port (default ${DEFAULT_PORT})
  --host <address>       address to bind (default ${DEFAULT_HOST})
  --allow-host <name>    also answer requests whose Host header names <name> (repeatable); the loopback
                         names are always answered, any other Host gets 403 (DNS rebinding)
  --latency-ms <n>       delay added before every response (default 0)
  --fault-rate <0..1>    share of /v1 requests that fail (default 0)
  --fault-kinds <list>   comma-separated subset of ${FAULT_KINDS.join(',')}
  --hang-ms <n>          how long a 'hang' fault holds the connection (default 30000)
  --task-ms <n>          how long a task runs (default 3000)
  --seed <demo|empty>    content of the demo account (default demo)
  --extra-stacklets <n>  add n generated stacklets to the demo account
  --control              enable the /_emulator/* control endpoints
  --token <token>        use this token for the demo account instead of the built-in one
  --tls                  serve HTTPS with a certificate from a CA made for this run (its file is printed)
  --trailing-slash <m>   serve only paths ending in '/' and redirect the others (GET 301, writes 308);
                         m is redirect, or refuse-writes to refuse writes with 404 instead
  --help                 show this help
`;

class UsageError extends Error {}

function number(flag: string, raw: string | undefined, check: (n: number) => boolean): number {
  const value = raw === undefined || raw.trim() === '' ? NaN : Number(raw);
  if (!Number.isFinite(value) || !check(value)) throw new UsageError(`${flag}: invalid value '${raw ?? ''}'`);
  return value;
}

const whole = (n: number): boolean => Number.isInteger(n) && n >= 0;

/** The options, and whether to make a CA and certificate for HTTPS (`--tls`). */
export type CliOptions = EmulatorOptions & { generateTls?: boolean };

export function parseArgs(argv: readonly string[]): CliOptions | 'help' {
  const options: CliOptions = { port: DEFAULT_PORT };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const eq = arg.indexOf('=');
    const flag = arg.startsWith('--') && eq !== -1 ? arg.slice(0, eq) : arg;
    const inline = arg.startsWith('--') && eq !== -1 ? arg.slice(eq + 1) : undefined;
    const value = (): string => {
      if (inline !== undefined) return inline;
      const next = argv[++i];
      if (next === undefined || next.startsWith('--')) throw new UsageError(`${flag} needs a value`);
      return next;
    };
    switch (flag) {
      case '--help':
      case '-h':
        return 'help';
      case '--port':
        options.port = number(flag, value(), (n) => whole(n) && n <= 65535);
        break;
      case '--host':
        options.host = value();
        break;
      case '--allow-host': {
        const name = value();
        if (!/^[A-Za-z0-9.-]{1,253}$/.test(name) && isIP(name) === 0) throw new UsageError(`--allow-host: '${name}' is not a host name or IP address`);
        options.allowedHosts = [...(options.allowedHosts ?? []), name];
        break;
      }
      case '--latency-ms':
        options.latencyMs = number(flag, value(), whole);
        break;
      case '--fault-rate':
        options.faultRate = number(flag, value(), (n) => n >= 0 && n <= 1);
        break;
      case '--fault-kinds': {
        const kinds = value().split(',').map((k) => k.trim()).filter(Boolean);
        const unknown = kinds.find((k) => !(FAULT_KINDS as readonly string[]).includes(k));
        if (unknown !== undefined || kinds.length === 0) throw new UsageError(`--fault-kinds: unknown kind '${unknown ?? ''}'`);
        options.faultKinds = kinds as FaultKind[];
        break;
      }
      case '--hang-ms':
        options.hangMs = number(flag, value(), whole);
        break;
      case '--task-ms':
        options.taskMs = number(flag, value(), whole);
        break;
      case '--seed': {
        const seed = value();
        if (seed !== 'demo' && seed !== 'empty') throw new UsageError(`--seed: expected demo or empty, got '${seed}'`);
        options.seed = seed;
        break;
      }
      case '--extra-stacklets':
        options.extraStacklets = number(flag, value(), (n) => whole(n) && n <= 1_000_000);
        break;
      case '--control':
        if (inline !== undefined) throw new UsageError('--control takes no value');
        options.control = true;
        break;
      case '--token': {
        const token = value();
        if (!/^\S{8,200}$/.test(token)) throw new UsageError('--token: expected 8 to 200 characters without spaces');
        options.demoToken = token;
        break;
      }
      case '--tls':
        if (inline !== undefined) throw new UsageError('--tls takes no value');
        options.generateTls = true;
        break;
      case '--trailing-slash': {
        const mode = value();
        const known = TRAILING_SLASH_MODES.find((candidate) => candidate === mode);
        if (known === undefined) throw new UsageError(`--trailing-slash: expected ${TRAILING_SLASH_MODES.join(' or ')}, got '${mode}'`);
        options.quirks = { ...options.quirks, trailingSlash: known };
        break;
      }
      default:
        throw new UsageError(`unknown option '${arg}'`);
    }
  }
  return options;
}

/** A CA for this run and a certificate it issued for loopback, the bound address and the allowed names. */
function runCertificates(options: CliOptions): { tls: { cert: string; key: string }; caFile: string } {
  const authority = createAuthority();
  const host = options.host ?? DEFAULT_HOST;
  const names = [...new Set(['localhost', '127.0.0.1', '::1', ...(host === '0.0.0.0' || host === '::' ? [] : [host]), ...(options.allowedHosts ?? [])])];
  const folder = mkdtempSync(path.join(tmpdir(), 'stacklet-emulator-'));
  const caFile = path.join(folder, 'ca.pem');
  writeFileSync(caFile, authority.cert);
  process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
  return { tls: issueCertificate(authority, { names }), caFile };
}

async function main(): Promise<void> {
  let options: CliOptions | 'help';
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`emulator: ${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (options === 'help') {
    process.stdout.write(USAGE);
    return;
  }
  const { generateTls, ...emulatorOptions } = options;
  const certificates = generateTls ? runCertificates(options) : undefined;
  const emulator = await startEmulator({ ...emulatorOptions, ...(certificates ? { tls: certificates.tls } : {}) });
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    // close() resolves once every connection is gone; exit either way shortly after, never hang on a signal.
    setTimeout(() => process.exit(0), 2000).unref();
    void emulator.close().then(() => process.exit(0));
  };
  // Handlers first: whoever reads the lines below may signal at once.
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  process.stdout.write(`Stacklet emulator listening on ${emulator.url}\nDemo token: ${emulator.demoToken}\n`);
  if (certificates) process.stdout.write(`CA certificate: ${certificates.caFile}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`emulator: ${(error as Error)?.message ?? String(error)}\n`);
  process.exit(1);
});
