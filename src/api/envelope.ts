/**
 * Reading the service's envelopes: `{ "stacklet": {…} }`, `{ "stacklets": […], "meta": {…} }`. Tolerant of
 * the forms the documentation shows besides (singular key for a list, a bare object or array). The whole
 * answer fails, as an ApiError naming the path of the bad field, only when its top level cannot be read: not
 * JSON of the right type, no envelope key, or the single resource it carries. An item of a list that cannot
 * be read becomes a ListProblem beside the items that could.
 */
import * as l10n from '@vscode/l10n';
import type * as z from 'zod/mini';
import { plural } from './plural';
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
  /** Masks the token in what the answer put into an error or a problem (its keys, names, ids). */
  readonly redact?: (text: string) => string;
}

export function invalidResponse(where: Where, detail: string, fieldPath?: string): ApiError {
  const redact = where.redact ?? ((text: string) => text);
  return new ApiError(l10n.t('Unexpected answer from {0} {1}: {2}', where.method, where.path, redact(detail)), {
    kind: 'invalid-response',
    method: where.method,
    path: where.path,
    ...(fieldPath !== undefined ? { fieldPath: redact(fieldPath) } : {}),
  });
}

/** What is wrong with a value that could not be read: the full path of the first bad field, and why. */
interface Unreadable {
  readonly fieldPath: string;
  readonly reason: string;
}

/**
 * From how many items a page is read with the object parsers zod generates (`new Function`) on an object
 * schema's first use. Generating them costs more than it saves on a few items: cold, in plain Node, 6 stacklets
 * read in 5.7 ms with them and 3.5 without, 100 in 13.5 and 12.2, 200 in 20.6 and 23.9. The first rows are a
 * few; a large account's pages are 100 and more.
 */
const GENERATED_FROM = 100;
const WITHOUT_GENERATED = { jitless: true } as const;

/** Reads `value` (found under `key`) with `schema`, or says where and why it cannot be read. */
function check<S extends z.ZodMiniType>(schema: S, value: unknown, key: string, generated = false): { data: z.output<S> } | Unreadable {
  let result: ReturnType<S['safeParse']>;
  try {
    // No context at all for the generated parsers: with `{ jitless: false }`, 10,000 stacklets took 2.4× JSON.parse, not 1.9×.
    result = schema.safeParse(value, generated ? undefined : WITHOUT_GENERATED) as ReturnType<S['safeParse']>;
  } catch (error) {
    // Pathological input (nesting deep enough to exhaust the stack) must still end as our own error.
    return { fieldPath: key, reason: l10n.t('could not be read ({0})', (error as Error).name) };
  }
  if (result.success) return { data: result.data as z.output<S> };
  const issue = result.error.issues[0]!;
  const others = result.error.issues.length - 1;
  const more = others === 0 ? '' : plural(others, l10n.t(' (and 1 more problem)'), l10n.t(' (and {0} more problems)', others));
  return { fieldPath: formatPath([key, ...issue.path]), reason: `${issue.message}${more}` };
}

/** Validates `value` (found under `key`) with `schema`; a failure names the field's full path. */
export function validate<S extends z.ZodMiniType>(schema: S, value: unknown, key: string, where: Where): z.output<S> {
  const result = check(schema, value, key);
  if ('data' in result) return result.data;
  throw invalidResponse(where, `${result.fieldPath}: ${result.reason}`, result.fieldPath);
}

/** The single resource of a response: under `key` (or an alias), or the body itself when unwrapped. */
export function readOne<S extends z.ZodMiniType>(schema: S, body: unknown, keys: readonly string[], where: Where): z.output<S> {
  if (!isRecord(body)) throw invalidResponse(where, l10n.t('expected a JSON object, got {0}', describe(body)));
  for (const key of keys) {
    if (isRecord(body[key])) return validate(schema, body[key], key, where);
  }
  // A key holding a non-object is either a field of an unwrapped resource (a userdata script's own
  // `userdata` text) or a broken envelope: only a body that passes as the resource itself is the former.
  const present = keys.find((key) => key in body);
  if (present !== undefined) {
    const direct = schema.safeParse(body, WITHOUT_GENERATED);
    if (direct.success) return direct.data as z.output<S>;
    throw invalidResponse(where, l10n.t('{0}: expected an object, got {1}', present, describe(body[present])), present);
  }
  return validate(schema, body, keys[0]!, where);
}

/**
 * A part of a list answer that could not be read: an item (its `index` in the answer's list, and its id and
 * name when those at least could be read), or the paging information (no index). Shown as an error row.
 */
export interface ListProblem {
  /** The page of the listing the answer was; set by the client, which knows it. */
  readonly page?: number;
  readonly index?: number;
  /** The full path of the first bad field: `volumes[3].region.slug`. */
  readonly fieldPath: string;
  /** Why, as zod words it: `Invalid input: expected string, received undefined`. */
  readonly reason: string;
  readonly id?: string | number;
  readonly name?: string;
}

export interface ListPage<T> {
  readonly items: T[];
  readonly meta: Meta | undefined;
  readonly problems: ListProblem[];
}

/** The id and name of an item that could not be read, when they at least are there. */
function identify(item: unknown, redact: (text: string) => string): Pick<ListProblem, 'id' | 'name'> {
  if (!isRecord(item)) return {};
  const id = [item.id, item.uuid, item.slug].find((value) => typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)));
  return {
    ...(id !== undefined ? { id: typeof id === 'string' ? redact(id) : (id as number) } : {}),
    ...(typeof item.name === 'string' ? { name: redact(item.name) } : {}),
  };
}

/**
 * A page of a list: the array under `key` (or an alias), or a bare array. Items that cannot be read and a
 * `meta` that cannot be read are problems of the page; without a readable `meta` the page is taken as the
 * only one.
 */
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
    if (found === undefined) throw invalidResponse(where, l10n.t('the answer has no "{0}" list', keys[0]!), keys[0]);
    key = found;
    raw = body[found];
  } else {
    throw invalidResponse(where, l10n.t('expected a JSON object, got {0}', describe(body)));
  }
  if (!Array.isArray(raw)) throw invalidResponse(where, l10n.t('{0}: expected a list, got {1}', key, describe(raw)), key);
  const problems: ListProblem[] = [];
  const redact = where.redact ?? ((text: string) => text);
  if (isRecord(body) && body.meta !== undefined && body.meta !== null) {
    const read = check(Meta, body.meta, 'meta');
    if ('data' in read) meta = read.data;
    else problems.push({ fieldPath: redact(read.fieldPath), reason: redact(read.reason) });
  }
  const items: z.output<S>[] = [];
  const generated = raw.length >= GENERATED_FROM;
  raw.forEach((item: unknown, index) => {
    const read = check(schema, item, `${key}[${index}]`, generated);
    if ('data' in read) items.push(read.data);
    else problems.push({ index, fieldPath: redact(read.fieldPath), reason: redact(read.reason), ...identify(item, redact) });
  });
  return { items, meta, problems };
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return l10n.t('a list');
  return typeof value === 'string' ? l10n.t('a string') : typeof value;
}
