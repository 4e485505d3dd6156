/**
 * The emulator inside the extension host, for "Try the local emulator". Its code is a chunk of its own in the
 * build (esbuild.mjs), loaded on first use, so activation never pays for it. It listens on loopback only,
 * answers only loopback Host names (see EmulatorOptions.allowedHosts), and its token is new at every start:
 * the CLI's demo token is public, and any local process or rebound web page could use a known one.
 */
import { randomBytes } from 'node:crypto';

/** A token nobody else knows, in the service's token shape. */
export function freshEmulatorToken(): string {
  return `stk_local_${randomBytes(16).toString('hex')}`;
}

export class EmbeddedEmulator {
  private running: Promise<{ url: string; demoToken: string; close(): Promise<void> }> | undefined;


  get isRunning(): boolean {
    return this.running !== undefined;
  }

  /** Starts it on a free loopback port (once); answers its URL and this start's token. */
  async ensureStarted(): Promise<{ url: string; token: string }> {
    if (!this.running) {
      const starting = import('./server.js').then(({ startEmulator }) => startEmulator({ port: 0, host: '127.0.0.1', demoToken: freshEmulatorToken() }));
      this.running = starting;
      starting.catch(() => {
        if (this.running === starting) this.running = undefined;
      });
    }
    const handle = await this.running;
    return { url: handle.url, token: handle.demoToken };
  }

  async stop(): Promise<void> {
    const running = this.running;
    this.running = undefined;
    if (running) await (await running.catch(() => undefined))?.close();
  }
}
