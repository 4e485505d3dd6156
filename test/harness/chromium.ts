// Headless Debian Chromium driven by playwright-core (never `npx playwright install`), with a profile folder of the
// run so that its processes can be found and stopped.
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { findLeftovers, killGroup, ownProcessGroup, trackGroup, untrackGroup, withTimeout } from './processes';
import type { ToolPaths } from './provision';

/**
 * Without the networking flags Chromium keeps trying hosts this machine cannot reach. --headless is added by
 * playwright (headless: true).
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export interface Browser {
  context: BrowserContext;
  page: Page;
  /** Process group of the browser (playwright starts it detached), or undefined if it could not be found. */
  pgid: number | undefined;
  profileDir: string;
  close(): Promise<void>;
}

export async function launchChromium(
  paths: ToolPaths,
  options: { profileDir: string; viewport?: { width: number; height: number }; timeoutMs?: number },
): Promise<Browser> {
  const context = await chromium.launchPersistentContext(options.profileDir, {
    executablePath: paths.chromium,
    headless: true,
    args: CHROMIUM_FLAGS,
    viewport: options.viewport ?? { width: 1440, height: 900 },
    timeout: options.timeoutMs ?? 60_000,
    // the harness's own handlers stop the browser together with everything else
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  // the browser process's command line carries --user-data-dir=<profileDir>
  // (playwright starts it as the leader of its own process group; never signal our own group)
  const found = findLeftovers([], [`--user-data-dir=${options.profileDir}`])[0]?.pgid;
  const pgid = found !== undefined && found > 1 && found !== ownProcessGroup() ? found : undefined;
  if (pgid !== undefined) trackGroup(pgid);
  const page = context.pages()[0] ?? (await context.newPage());
  let closed: Promise<void> | undefined;
  return {
    context,
    page,
    pgid,
    profileDir: options.profileDir,
    close() {
      closed ??= (async () => {
        try {
          await withTimeout(context.close(), 15_000, 'closing Chromium');
        } finally {
          if (pgid !== undefined) {
            await killGroup(pgid, 2000);
            untrackGroup(pgid);
          }
        }
      })();
      return closed;
    },
  };
}
