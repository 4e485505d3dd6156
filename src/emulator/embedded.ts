/**
 * The emulator inside the extension host, for "Try the local emulator". Its code is a chunk of its own in the
 * build (esbuild.mjs), loaded on first use, so activation never pays for it. It listens on loopback only,
 * answers only loopback Host names (see EmulatorOptions.allowedHosts), and its token is new at every start:
 * the CLI's demo token is public, and any local process or rebound web page could use a known one.
 *
 * Its world outlives the window when given a place to keep it (`WorldStorage`): read at start, written a
 * moment after changes (not on every request) once no task runs, and at stop. What is kept is bounded and
 * carries a format number (src/emulator/savedWorld.ts); a world that cannot be read is dropped for the demo.
 */
import { randomBytes } from 'node:crypto';
import { systemClock, type Clock } from '../model/clock';
import type { EmulatorHandle } from './server';

/** A token nobody else knows, in the service's token shape. */
export function freshEmulatorToken(): string {
  return `stk_local_${randomBytes(16).toString('hex')}`;
}

/** Where the world is kept between starts (the extension's global storage); text in, text out. */
export interface WorldStorage {
  read(): Promise<string | undefined>;
  write(text: string): Promise<void>;
  clear(): Promise<void>;
}

export interface EmbeddedOptions {
  readonly storage?: WorldStorage;
  /** What happened to the kept world (read, dropped, too large), for the log. */
  readonly log?: (message: string) => void;
  /** Time for the emulator's tasks and the writes' timers (tests move it themselves). */
  readonly clock?: Clock;
}

/** A change is written this long after it, together with the changes that follow meanwhile. */
export const WRITE_DELAY_MS = 1500;

export class EmbeddedEmulator {
  private running: Promise<EmulatorHandle> | undefined;
  private timer: unknown;
  private readonly clock: Clock;
  /** The text last read or written: an unchanged world is not written again (the text holds no time). */
  private lastText: string | undefined;
  /** Writes, one after the other. */
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly options: EmbeddedOptions = {}) {
    this.clock = options.clock ?? systemClock;
  }

  get isRunning(): boolean {
    return this.running !== undefined;
  }

  /** Starts it on a free loopback port (once), with the kept world if there is one; answers its URL and this start's token. */
  async ensureStarted(): Promise<{ url: string; token: string }> {
    if (!this.running) {
      const starting = this.start();
      this.running = starting;
      starting.catch(() => {
        if (this.running === starting) this.running = undefined;
      });
    }
    const handle = await this.running;
    return { url: handle.url, token: handle.demoToken };
  }

  /** Stops it; its world is written first (every running task ended, as it would have). */
  async stop(): Promise<void> {
    const running = this.running;
    this.running = undefined;
    this.cancelWrite();
    const handle = await running?.catch(() => undefined);
    if (!handle) return;
    this.write(handle, true);
    await handle.close();
    await this.writing;
  }

  /** Stops it and forgets the kept world: the next start has the demo data again. */
  async reset(): Promise<void> {
    const running = this.running;
    this.running = undefined;
    this.cancelWrite();
    await (await running?.catch(() => undefined))?.close();
    await this.writing;
    this.lastText = undefined;
    await this.options.storage?.clear();
    this.options.log?.('The local emulator’s world was reset to the demo data.');
  }

  /** Settles when the writes begun so far have ended. */
  flushed(): Promise<void> {
    return this.writing;
  }

  private async start(): Promise<EmulatorHandle> {
    const { startEmulator, readSavedWorld } = await import('./server.js');
    const text = await this.options.storage?.read().catch((error: unknown) => {
      this.options.log?.(`Could not read the local emulator’s kept world: ${String(error)}`);
      return undefined;
    });
    let restore;
    if (text !== undefined) {
      const read = readSavedWorld(text);
      if (read.ok) {
        restore = read.world;
        this.lastText = text;
        this.options.log?.('The local emulator starts with the world it kept.');
      } else {
        this.options.log?.(`The local emulator’s kept world was dropped for the demo data: ${read.reason}.`);
      }
    }
    const clock = this.clock;
    const handle = await startEmulator({ port: 0, host: '127.0.0.1', demoToken: freshEmulatorToken(), clock: () => clock.now(), ...(restore ? { restore } : {}) });
    if (this.options.storage) handle.onChange(() => this.scheduleWrite(handle, WRITE_DELAY_MS));
    return handle;
  }

  private scheduleWrite(handle: EmulatorHandle, delayMs: number): void {
    if (this.timer !== undefined) return;
    // The system clock's timers never keep the extension host alive; stop() writes what is left.
    this.timer = this.clock.setTimer(() => {
      this.timer = undefined;
      this.write(handle, false);
    }, delayMs);
  }

  private cancelWrite(): void {
    if (this.timer !== undefined) this.clock.clearTimer(this.timer);
    this.timer = undefined;
  }

  /** Writes the world if it changed; while tasks run, tries again when the first is due. */
  private write(handle: EmulatorHandle, finishTasks: boolean): void {
    const storage = this.options.storage;
    if (!storage) return;
    const saved = handle.save({ finishTasks });
    if (saved.kind === 'busy') return this.scheduleWrite(handle, Math.max(100, saved.until - this.clock.now()));
    if (saved.kind === 'too-large') {
      // Keeping an older world would bring back a past the user has moved on from: the next start has the demo.
      this.options.log?.(`The local emulator’s world (${saved.bytes} bytes) is too large to keep; the next start has the demo data.`);
      this.lastText = undefined;
      this.writing = this.writing.then(() => storage.clear()).catch((error: unknown) => this.options.log?.(`Could not clear the local emulator’s kept world: ${String(error)}`));
      return;
    }
    if (saved.text === this.lastText) return;
    this.lastText = saved.text;
    this.writing = this.writing.then(() => storage.write(saved.text)).catch((error: unknown) => this.options.log?.(`Could not keep the local emulator’s world: ${String(error)}`));
  }
}
