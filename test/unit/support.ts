// Helpers shared by the unit tests that talk HTTP to the emulator or expect the client's errors.
import * as assert from 'node:assert/strict';
import { request, type Dispatcher } from 'undici';
import { ApiError, isApiError } from '../../src/api/errors';
import { DEMO_TOKEN, type EmulatorHandle } from '../../src/emulator/server';

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
