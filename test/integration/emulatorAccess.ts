// What integration suites use to ask the harness's emulator directly (not through the extension): the
// service as one account sees it, and the test-only /_emulator control endpoints.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { StackletExtensionApi, StackletTestHooks } from '../../src/extension';
import type { Prompter } from '../../src/ui/prompter';
import { ScriptedPrompter } from './scriptedPrompter';
import { testEmulator } from './testEnvironment';

export const EXTENSION_ID = 'stacklet.stacklet-cloud';

/** The extension's live objects (its workbench loaded): activate() answers a way to them in ExtensionMode.Test only. */
export async function extensionApi(): Promise<StackletExtensionApi> {
  const hooks = await vscode.extensions.getExtension<StackletTestHooks | undefined>(EXTENSION_ID)!.activate();
  if (!hooks) throw new Error(`${EXTENSION_ID} gave no test API: the integration tier must run in ExtensionMode.Test`);
  return hooks.load();
}

/** Requests the test emulator has received on one route (`GET /v1/stacklets`), from its control endpoint. */
export async function routeCount(route: string): Promise<number> {
  return (await control<{ requestCount: Record<string, number> }>('/_emulator/stats')).requestCount[route] ?? 0;
}

export async function signOutAll(a: StackletExtensionApi): Promise<void> {
  for (const account of [...a.session.accounts]) await a.session.signOut(account.id);
}

/** One request as the account of `token` makes it; the body parsed when there is one. */
export async function serviceRequest<T>(token: string, method: string, path: string, body?: unknown): Promise<{ status: number; json: T }> {
  const response = await fetch(`${testEmulator().apiUrl}${path}`, {
    method,
    headers: { Authorization: `Token ${token}`, 'content-type': 'application/json' },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, json: (text ? JSON.parse(text) : undefined) as T };
}

/** A GET that must answer 200. */
export async function serviceGet<T>(token: string, path: string): Promise<T> {
  const { status, json } = await serviceRequest<T>(token, 'GET', path);
  assert.equal(status, 200, `GET ${path}`);
  return json;
}

/** A control endpoint: GET without a body, POST with one. */
export async function control<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${testEmulator().apiUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  assert.ok(response.ok, `${path}: ${response.status}`);
  return (await response.json()) as T;
}

/** Changes the emulator's faults, latency or task time (POST /_emulator/config); answers the whole config. */
export async function configureEmulator(change: Record<string, unknown>): Promise<Record<string, unknown>> {
  return (await control<{ config: Record<string, unknown> }>('/_emulator/config', change)).config;
}

/** A request as the emulator logged it. */
export interface Sent {
  method: string;
  path: string;
  route: string;
  status: number;
  account?: string;
  body?: unknown;
}

export async function recentRequests(): Promise<Sent[]> {
  return (await control<{ requests: Sent[] }>('/_emulator/requests?limit=500')).requests;
}

/** What the account of `email` sent that could change something (every method but GET), after `before`. */
export function mutationsSince(email: string, before: readonly Sent[], after: readonly Sent[]): Sent[] {
  return requestsSince(email, before, after).filter((r) => r.method !== 'GET' && r.method !== 'HEAD');
}

/** Every request the account of `email` sent after `before`. */
export function requestsSince(email: string, before: readonly Sent[], after: readonly Sent[]): Sent[] {
  const last = before.length > 0 ? JSON.stringify(before[before.length - 1]) : undefined;
  let start = 0;
  if (last !== undefined) {
    for (let i = after.length - 1; i >= 0; i--) {
      if (JSON.stringify(after[i]) === last) {
        start = i + 1;
        break;
      }
    }
  }
  return after.slice(start).filter((r) => r.account === email);
}

/**
 * Signs in through stacklet.signIn as a user does: the URL and then the token typed at its two prompts (the
 * command takes no token from arguments). `confirmPlainHttp` answers the question asked before a token goes
 * unencrypted to another machine. Answers what the command answered, with what was asked.
 */
export async function signInByCommand(a: StackletExtensionApi, apiUrl: string, token: string, options: { confirmPlainHttp?: boolean } = {}): Promise<boolean> {
  const prompter = new ScriptedPrompter().script(
    { input: apiUrl },
    ...(options.confirmPlainHttp !== undefined ? [{ confirm: options.confirmPlainHttp }] : []),
    { input: token },
  );
  const restore = a.setPrompter(prompter);
  try {
    return (await vscode.commands.executeCommand<boolean>('stacklet.signIn')) ?? false;
  } finally {
    restore();
  }
}

/**
 * A suite's own account, so the demo account other suites read stays as it was: every account signed out, one
 * made for `token` with the demo data, signed in to through the command, and `prompter` answering the
 * commands' questions. Answers what puts the prompter back and signs out again.
 */
export async function ownAccount(a: StackletExtensionApi, email: string, token: string, prompter: Prompter): Promise<() => Promise<void>> {
  await signOutAll(a);
  await control('/_emulator/accounts', { token, email, seed: 'demo' });
  assert.equal(await signInByCommand(a, testEmulator().apiUrl, token), true);
  const restore = a.setPrompter(prompter);
  return async () => {
    restore();
    await signOutAll(a);
  };
}
