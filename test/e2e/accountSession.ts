// What the e2e suites share to set up a run: a token of the suite's own (not the emulator's well-known demo
// token, so finding it on disk means a leak), a session whose emulator holds that account, and the emulator's
// /_emulator control endpoints.
import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { startE2eSession, type E2eSession, type WorkbenchServerOptions } from '../harness/workbench';
import * as ui from './ui';

export function e2eToken(): string {
  return `stk_e2e_${randomBytes(12).toString('hex')}`;
}

/** GET (without a body) or POST (with one) an /_emulator control endpoint of the session's emulator. */
export async function emulatorControl<T>(session: E2eSession, path: string, body?: unknown): Promise<T> {
  const init = body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
  const response = await fetch(`${session.emulator.url}/_emulator${path}`, init);
  assert.ok(response.ok, `/_emulator${path}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

/** A request to the session's emulator as the account of `token` makes it (a co-tenant, say): the parsed answer. */
export async function asAccount<T>(session: E2eSession, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${session.emulator.url}${path}`, {
    method,
    headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  assert.ok(response.ok, `${method} ${path}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

/** A request as the emulator's log keeps it (`path` is the route: `/v1/firewalls/:uuid`). */
export interface Logged {
  method: string;
  path: string;
  status: number;
  account?: string;
  /** A mutation's body. */
  body?: unknown;
}

/** What the account of `email` sent that could change something (every method but GET and HEAD). */
export async function mutationsOf(session: E2eSession, email: string): Promise<Logged[]> {
  const { requests } = await emulatorControl<{ requests: Logged[] }>(session, '/requests?limit=500');
  return requests.filter((r) => r.method !== 'GET' && r.method !== 'HEAD' && r.account === email);
}

/** A workbench and Chromium whose emulator has the demo content under `account`, with `config` applied. */
export async function startSessionWithAccount(
  kind: string,
  account: { token: string; email: string },
  config?: { taskMs?: number },
  alsoInstall?: readonly string[],
  settings?: Pick<WorkbenchServerOptions, 'userSettings' | 'folderSettings'>,
): Promise<E2eSession> {
  const session = await startE2eSession({ kind, ...(alsoInstall ? { alsoInstall } : {}), ...settings });
  try {
    await emulatorControl(session, '/accounts', { ...account, seed: 'demo' });
    if (config) await emulatorControl(session, '/config', config);
  } catch (error) {
    await session.close();
    throw error;
  }
  console.log(`      workbench ${session.address}\n      artifacts ${session.run.artifacts}`);
  return session;
}

/**
 * The hooks every e2e suite needs: a session with `account` before its tests, closed after them, and each test
 * skipped once a step failed (later steps build on earlier ones). `session` is set once `before` has run.
 * `alsoInstall` gives VSIXs installed beside ours (a test-only probe extension).
 */
export function accountSuite(
  kind: string,
  account: { token: string; email: string },
  config?: { taskMs?: number },
  alsoInstall?: () => Promise<readonly string[]>,
  settings?: Pick<WorkbenchServerOptions, 'userSettings' | 'folderSettings'>,
): { readonly session: E2eSession } {
  const suite: { session: E2eSession } = { session: undefined as unknown as E2eSession };
  beforeEach(function () {
    if (suite.session?.steps.failed) this.skip();
  });
  before(async function () {
    this.timeout(240_000);
    suite.session = await startSessionWithAccount(kind, account, config, await alsoInstall?.(), settings);
  });
  after(async function () {
    this.timeout(90_000);
    await suite.session?.close();
  });
  return suite;
}

/**
 * The hooks of a suite on a workbench of its own (no account added): the session before its tests, after
 * `prepare` (files for the workspace, say), closed after them, and each test skipped once a step failed.
 */
export function workbenchSuite(options: WorkbenchServerOptions, prepare?: (session: E2eSession) => void | Promise<void>): { readonly session: E2eSession } {
  const suite: { session: E2eSession } = { session: undefined as unknown as E2eSession };
  beforeEach(function () {
    if (suite.session?.steps.failed) this.skip();
  });
  before(async function () {
    this.timeout(240_000);
    suite.session = await startE2eSession(options);
    await prepare?.(suite.session);
    console.log(`      workbench ${suite.session.address}\n      artifacts ${suite.session.run.artifacts}`);
  });
  after(async function () {
    this.timeout(90_000);
    await suite.session?.close();
  });
  return suite;
}

/** A suite's first step: the workbench opened and signed in to the suite's account from the welcome view, `row` listed. */
export function signInStep(suite: { readonly session: E2eSession }, account: { token: string; email: string }, row = 'web-1'): Promise<void> {
  return suite.session.steps.step('sign in', 90_000, async (page) => {
    await ui.openWorkbench(page, suite.session.address);
    await ui.signInThroughWelcome(page, suite.session.emulator.url, account.token, account.email);
    await ui.viewRow(page, 'Stacklets', row).waitFor();
  });
}
