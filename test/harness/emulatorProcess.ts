// Starts the Stacklet emulator as a child process (`node dist/emulator.js --port 0`, built by `npm run build` from
// src/emulator/cli.ts) and reads its address and demo token from the two lines it prints.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { HarnessError, spawnGroup, tailFile, withTimeout } from './processes';
import { REPO_ROOT } from './provision';

export interface EmulatorProcess {
  /** e.g. http://127.0.0.1:41234 (no /v1). */
  url: string;
  demoToken: string;
  pgid: number;
  logFile: string;
  /** Resolves with the exit code if the emulator exits on its own. */
  exited: Promise<number>;
  stop(): Promise<void>;
}

export interface StartEmulatorOptions {
  /** All output of the emulator is appended here. */
  logFile: string;
  /** Default 0: any free port. */
  port?: number;
  /** Also pass each output line here (e.g. to show it in the terminal). */
  onLine?: (line: string) => void;
  /** Bound on the wait for the two lines; default 20 s. */
  timeoutMs?: number;
  env?: NodeJS.ProcessEnv;
  /** Serve the test-only /_emulator endpoints (the tests ask the emulator what it received). */
  control?: boolean;
}

const LISTENING = /Stacklet emulator listening on (https?:\/\/\S+)/;
const TOKEN = /Demo token: (\S+)/;

/**
 * The command that starts the emulator. STACKLET_EMULATOR_CMD (space-separated, no quoting) replaces
 * `node dist/emulator.js`, for testing the harness itself against a stand-in; `--port N` is appended either way.
 */
export function emulatorCommand(port: number, control = false): { command: string; args: string[] } {
  const override = process.env.STACKLET_EMULATOR_CMD?.trim();
  if (override) {
    const [command, ...args] = override.split(/\s+/);
    return { command: command!, args: [...args, '--port', String(port)] };
  }
  const script = path.join(REPO_ROOT, 'dist', 'emulator.js');
  if (!fs.existsSync(script)) {
    throw new HarnessError(`${path.relative(REPO_ROOT, script)} not found: run \`npm run build\` (it bundles src/emulator/cli.ts)`);
  }
  return { command: process.execPath, args: [script, ...(control ? ['--control'] : []), '--port', String(port)] };
}

export async function startEmulatorProcess(options: StartEmulatorOptions): Promise<EmulatorProcess> {
  const { command, args } = emulatorCommand(options.port ?? 0, options.control);
  fs.writeFileSync(options.logFile, `$ ${command} ${args.join(' ')}\n`);
  const proc = spawnGroup(command, args, { cwd: REPO_ROOT, env: options.env });
  let url: string | undefined;
  let demoToken: string | undefined;
  let announce: (() => void) | undefined;
  const announced = new Promise<void>((resolve) => (announce = resolve));
  let pending = '';
  const onData = (chunk: Buffer) => {
    fs.appendFileSync(options.logFile, chunk);
    pending += chunk.toString('utf8');
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      options.onLine?.(line);
      url ??= LISTENING.exec(line)?.[1]?.replace(/\/+$/, '');
      demoToken ??= TOKEN.exec(line)?.[1];
      if (url && demoToken) announce?.();
    }
  };
  proc.child.stdout?.on('data', onData);
  proc.child.stderr?.on('data', onData);
  const exitedEarly = proc.exited.then((code) => {
    throw new HarnessError(`the emulator exited with code ${code} before announcing its address and demo token:\n${tailFile(options.logFile, 40)}`);
  });
  try {
    await withTimeout(Promise.race([announced, exitedEarly]), options.timeoutMs ?? 20_000, `waiting for the emulator (${command} ${args.join(' ')}) to print "Stacklet emulator listening on …" and "Demo token: …"; log: ${options.logFile}`);
  } catch (e) {
    await proc.stop(2000);
    throw e;
  }
  exitedEarly.catch(() => undefined);
  return { url: url!, demoToken: demoToken!, pgid: proc.pgid, logFile: options.logFile, exited: proc.exited, stop: () => proc.stop(3000) };
}
