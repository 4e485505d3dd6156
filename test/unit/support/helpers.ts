// Helpers shared by the unit tests that talk HTTP to the emulator or expect the client's errors.
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { request, type Dispatcher } from 'undici';
import { ApiError, isApiError } from '../../../src/api/errors';
import { AccountRegistry, type SecretStore, type StateStore } from '../../../src/auth/accountRegistry';
import { DEMO_TOKEN } from '../../../src/emulator/options';
import { startEmulator, type EmulatorHandle } from '../../../src/emulator/server';
import { StackletClient } from '../../../src/api/client';
import type { ActionContext } from '../../../src/actions/definition';
import { ResourceStore } from '../../../src/kinds/resourceStore';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface Res {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: Json;
}

/** One raw request to the emulator (a string body is sent as it is); `token: null` sends no Authorization. */
export async function call(emu: EmulatorHandle, method: string, path: string, body?: unknown, token: string | null = DEMO_TOKEN): Promise<Res> {
  const headers: Record<string, string> = {};
  if (token !== null) headers['authorization'] = `Token ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await request(emu.url + path, {
    method: method as Dispatcher.HttpMethod,
    headers,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.body.text();
  let json: Json;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.statusCode, headers: res.headers, text, json };
}

/** The rejection of `promise`, which must be an ApiError. */
export async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(isApiError(error), `expected an ApiError, got ${String(error)}`);
    return error;
  }
  assert.fail('expected a rejection');
}

/** The rejection of `promise`, which must be an error of `type` (an agent's refusal, a bad input). */
export async function rejectionOf<E extends Error>(promise: Promise<unknown>, type: new (...args: never[]) => E): Promise<E> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof type, String(error));
    return error;
  }
  assert.fail('not refused');
}

/** A small deterministic PRNG (mulberry32): a "random" fault pattern or workload that is the same on every run. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Counts unhandled rejections and uncaught exceptions from `start()` until `stop()`. */
export function crashRecorder(): { readonly crashes: unknown[]; stop(): void } {
  const crashes: unknown[] = [];
  const record = (error: unknown): void => void crashes.push(error);
  process.on('unhandledRejection', record);
  process.on('uncaughtException', record);
  return {
    crashes,
    stop() {
      process.off('unhandledRejection', record);
      process.off('uncaughtException', record);
    },
  };
}

/** In-memory stand-ins with the shape of VS Code's SecretStorage and Memento, and the registry over them. */
export function memoryStores(): {
  secrets: Map<string, string>;
  state: Map<string, unknown>;
  stateStore: StateStore;
  registry: AccountRegistry;
} {
  const secrets = new Map<string, string>();
  const state = new Map<string, unknown>();
  const secretStore: SecretStore = {
    get: async (key) => secrets.get(key),
    store: async (key, value) => void secrets.set(key, value),
    delete: async (key) => void secrets.delete(key),
  };
  const stateStore: StateStore = {
    get: <T>(key: string) => state.get(key) as T | undefined,
    update: async (key, value) => void (value === undefined ? state.delete(key) : state.set(key, value)),
  };
  return { secrets, state, stateStore, registry: new AccountRegistry(secretStore, stateStore) };
}

export type JsonPath = (string | number)[];

/** Every path to a value inside `value` (the root excluded), looking at the first `maxItems` of each array. */
export function jsonPaths(value: Json, maxItems = Infinity, prefix: JsonPath = []): JsonPath[] {
  if (value === null || typeof value !== 'object') return [];
  const keys: (string | number)[] = Array.isArray(value) ? value.map((_, i) => i).slice(0, maxItems) : Object.keys(value);
  return keys.flatMap((key) => [[...prefix, key], ...jsonPaths(value[key], maxItems, [...prefix, key])]);
}

/** A copy of `value` with `change` applied to the parent of `path` and the path's last key. */
export function edit(value: Json, path: JsonPath, change: (parent: Json, key: string | number) => void): Json {
  const copy = structuredClone(value);
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key];
  change(parent, path[path.length - 1]!);
  return copy;
}

/** `leaf` wrapped `depth` times, alternately in an array and in an object. */
export function nest(depth: number, leaf: Json = 1): Json {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? [value] : { a: value };
  return value;
}

export interface ScriptedReply {
  status: number;
  headers: Record<string, string>;
  text: string;
}

/** A server on 127.0.0.1 that answers every request with the current `reply`, whatever was asked. */
export async function scriptedServer(): Promise<{ url: string; reply: ScriptedReply; close(): Promise<void> }> {
  const state = { reply: { status: 200, headers: {}, text: '{}' } as ScriptedReply };
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const { status, headers, text } = state.reply;
      res.writeHead(status, { ...headers, 'content-length': Buffer.byteLength(text) });
      res.end(status === 204 || status === 304 ? undefined : text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get reply() {
      return state.reply;
    },
    set reply(value: ScriptedReply) {
      state.reply = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A one-route server on 127.0.0.1 answering every request with `handler`; counts the requests it saw. */
export async function tinyServer(handler: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
  let seen = 0;
  const server = http.createServer((req, res) => {
    seen++;
    req.resume();
    req.on('end', () => handler(req, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get seen() {
      return seen;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** The demo account's emulator, a client of it and an action context on both: what the action definitions' tests plan and send through. */
export interface AgentEmulator {
  readonly emu: EmulatorHandle;
  readonly client: StackletClient;
  readonly ctx: ActionContext;
}

/** Starts an emulator whose tasks take `taskMs` on `clock`, with a client that does not retry (a refusal is the answer). */
export async function startAgentEmulator(taskMs: number, clock: () => number): Promise<AgentEmulator> {
  const emu = await startEmulator({ port: 0, host: '127.0.0.1', taskMs, clock });
  const client = new StackletClient({ baseUrl: emu.url, token: emu.demoToken, retry: { maxAttempts: 1 }, requestTimeoutMs: 5000 });
  return { emu, client, ctx: { source: 'emulator', store: new ResourceStore(client), client } };
}

export async function stopAgentEmulator({ emu, client }: AgentEmulator): Promise<void> {
  await client.dispose();
  await emu.close();
}
