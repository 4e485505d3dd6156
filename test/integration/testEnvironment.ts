// What the harness hands to the integration tests (see test/harness/integrationTier.ts and desktop.ts).
import * as fs from 'node:fs';
import * as path from 'node:path';

export interface TestEmulator {
  /** Base URL of the emulator, without /v1. */
  apiUrl: string;
  /** The emulator's demo token. */
  token: string;
}

/** The emulator the harness started, from STACKLET_TEST_API_URL and STACKLET_TEST_TOKEN. */
export function testEmulator(): TestEmulator {
  const apiUrl = process.env.STACKLET_TEST_API_URL;
  const token = process.env.STACKLET_TEST_TOKEN;
  if (!apiUrl || !token) {
    throw new Error('STACKLET_TEST_API_URL and STACKLET_TEST_TOKEN are not set: run these tests through `npm run test:integration` or `npm run test:desktop`');
  }
  return { apiUrl: apiUrl.replace(/\/+$/, ''), token };
}

export interface Manifest {
  publisher: string;
  name: string;
  contributes?: {
    commands?: { command: string }[];
    views?: Record<string, { id: string }[]>;
    viewsContainers?: Record<string, { id: string }[]>;
  };
}

/** The extension's package.json (this file runs from out/test/integration/). */
export function manifest(): Manifest {
  return JSON.parse(fs.readFileSync(path.resolve(__dirname, '..', '..', '..', 'package.json'), 'utf8')) as Manifest;
}
