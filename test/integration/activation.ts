// Activation as the integration tier sees it: index.ts activates the extension before any suite runs, timing
// the call and counting what the emulator received meanwhile; the performance suite reports and checks it.
import * as vscode from 'vscode';
import { totalRequests } from '../../src/emulator/stats';
import type { StackletExtensionApi } from '../../src/extension';
import { EXTENSION_ID } from './emulatorAccess';
import { testEmulator } from './testEnvironment';

export interface ActivationFacts {
  /** Whether something activated the extension before the tier could (then the timings are not ours). */
  readonly alreadyActive: boolean;
  /** activate() as the extension timed it. */
  readonly activateMs: number;
  /** `Extension.activate()` as seen from outside: loading the bundle and running activate(). */
  readonly wallMs: number;
  /** Requests the emulator received from activation until a short settle after it. */
  readonly requests: number;
}

let facts: ActivationFacts | undefined;

async function emulatorRequestCount(): Promise<number> {
  const response = await fetch(`${testEmulator().apiUrl}/_emulator/stats`);
  const stats = (await response.json()) as { requestCount: Record<string, number> };
  return totalRequests(stats.requestCount);
}

export async function measureActivation(): Promise<void> {
  const extension = vscode.extensions.getExtension<StackletExtensionApi>(EXTENSION_ID);
  if (!extension) throw new Error(`${EXTENSION_ID} is not installed`);
  const alreadyActive = extension.isActive;
  const before = await emulatorRequestCount();
  const started = performance.now();
  const api = await extension.activate();
  const wallMs = performance.now() - started;
  // Anything activation set off (a session restore, a view load) would reach the emulator within this.
  await new Promise((resolve) => setTimeout(resolve, 500));
  facts = { alreadyActive, activateMs: api.activationMs, wallMs, requests: (await emulatorRequestCount()) - before };
  console.log(`${process.env.STACKLET_TEST_OUTPUT_TAG ?? ''}[activation] activate() ${api.activationMs.toFixed(2)} ms; Extension.activate() ${wallMs.toFixed(1)} ms; ${facts.requests} request(s)${alreadyActive ? ' (already active before the tier)' : ''}`);
}

export function activationFacts(): ActivationFacts {
  if (!facts) throw new Error('the integration tier did not measure activation (see test/integration/index.ts)');
  return facts;
}
