/**
 * Reading the service's envelopes: `{ "stacklet": {…} }`, `{ "stacklets": […], "meta": {…} }`. Tolerant of
 * the forms the documentation shows besides (singular key for a list, a bare object or array), strict about
 * the resource inside: a body that breaks the schema becomes an ApiError naming the path of the bad field.
 */
import type * as z from 'zod/mini';
import { ApiError } from './errors';
import { Meta } from './schemas';
import './zodLocale';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `['stacklets', 3, 'size', 'vcpu']` → `stacklets[3].size.vcpu`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out === '' ? String(part) : `.${String(part)}`;
  }
  return out;
}

export interface Where {
  readonly method: string;
  readonly path: string;
}

export function invalidResponse(where: Where, detail: string, fieldPath?: string): ApiError {
  return new ApiError(`Unexpected answer from ${where.method} ${where.path}: ${detail}`, {
    kind: 'invalid-response',
    method: where.method,
    path: where.path,
    ...(fieldPath !== undefined ? { fieldPath } : {}),
  });
}

/** Validates `value` (found under `key`) with `schema`; a failure names the field's full path. */
export function validate<S extends z.ZodMiniType>(schema: S, value: unknown, key: string, where: Where): z.output<S> {
  let result: ReturnType<S['safeParse']>;
  try {
    result = schema.safeParse(value) as ReturnType<S['safeParse']>;
  } catch (error) {
    // Pathological input (nesting deep enough to exhaust the stack) must still end as our own error.
    throw invalidResponse(where, `${key} could not be read (${(error as Error).name})`);
  }
  if (result.success) return result.data as z.output<S>;
  const issue = result.error.issues[0]!;
  const fieldPath = formatPath([key, ...issue.path]);
  const more = result.error.issues.length > 1 ? ` (and ${result.error.issues.length - 1} more problems)` : '';
  throw invalidResponse(where, `${fieldPath}: ${issue.message}${more}`, fieldPath);
}

/** The single resource of a response: under `key` (or an alias), or the body itself when unwrapped. */
export function readOne<S extends z.ZodMiniType>(schema: S, body: unknown, keys: readonly string[], where: Where): z.output<S> {
  if (!isRecord(body)) throw invalidResponse(where, `expected a JSON object, got ${describe(body)}`);
  for (const key of keys) {
    if (isRecord(body[key])) return validate(schema, body[key], key, where);
  }
  // A key holding a non-object is either a field of an unwrapped resource (a userdata script's own
  // `userdata` text) or a broken envelope: only a body that passes as the resource itself is the former.
  const present = keys.find((key) => key in body);
  if (present !== undefined) {
    const direct = schema.safeParse(body);
    if (direct.success) return direct.data as z.output<S>;
    throw invalidResponse(where, `${present}: expected an object, got ${describe(body[present])}`, present);
  }
  return validate(schema, body, keys[0]!, where);
}

export interface ListPage<T> {
  readonly items: T[];
  readonly meta: Meta | undefined;
}

/** A page of a list: the array under `key` (or an alias), or a bare array; `meta` when present and valid. */
export function readList<S extends z.ZodMiniType>(
  schema: S,
  body: unknown,
  keys: readonly string[],
  where: Where,
): ListPage<z.output<S>> {
  let raw: unknown;
  let key = keys[0]!;
  let meta: Meta | undefined;
  if (Array.isArray(body)) {
    raw = body;
  } else if (isRecord(body)) {
    const found = keys.find((candidate) => candidate in body);
    if (found === undefined) throw invalidResponse(where, `the answer has no "${keys[0]}" list`, keys[0]);
    key = found;
    raw = body[found];
    if (body.meta !== undefined && body.meta !== null) meta = validate(Meta, body.meta, 'meta', where);
  } else {
    throw invalidResponse(where, `expected a JSON object, got ${describe(body)}`);
  }
  if (!Array.isArray(raw)) throw invalidResponse(where, `${key}: expected a list, got ${describe(raw)}`, key);
  const items = raw.map((item, index) => validate(schema, item, `${key}[${index}]`, where));
  return { items, meta };
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'string' ? 'a string' : typeof value;
}
