/**
 * Turns zod issues into the 422 body's `errors`: one `{field, message}` per problem, the field written as a
 * path (`inbound_rules[0].port`) and the message saying the rule. The rules of src/api/requests.ts already
 * carry the validators' own words; the error map below only rewords zod's generic messages.
 */
import * as z from 'zod/mini';
import { ApiError, type FieldError } from './errors';
import '../api/zodLocale';

type Issue = z.core.$ZodRawIssue;

export function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out;
}

const article = (noun: string): string => (/^[aeiou]/.test(noun) ? `an ${noun}` : `a ${noun}`);

function expectedText(expected: string): string {
  if (expected === 'int') return 'a whole number';
  if (expected === 'record') return 'an object';
  return article(expected);
}

function bound(issue: { origin?: string; inclusive?: boolean }, limit: unknown, side: 'least' | 'most'): string {
  const n = Number(limit);
  switch (issue.origin) {
    case 'array':
    case 'set':
      return `must have at ${side} ${n} item${n === 1 ? '' : 's'}`;
    case 'string':
      return `must be at ${side} ${n} character${n === 1 ? '' : 's'}`;
    default:
      if (issue.inclusive === false) return side === 'least' ? `must be greater than ${n}` : `must be less than ${n}`;
      return `must be at ${side} ${n}`;
  }
}

/** Per-parse error map: plain words for zod's built-in checks; custom messages pass through untouched. */
function describe(issue: Issue): string | undefined {
  const input = (issue as { input?: unknown }).input;
  switch (issue.code) {
    case 'invalid_type':
      return input === undefined ? 'is required' : `must be ${expectedText(String(issue.expected))}`;
    case 'too_small':
      return bound(issue, issue.minimum, 'least');
    case 'too_big':
      return bound(issue, issue.maximum, 'most');
    case 'invalid_format':
      return issue.format === 'regex' ? 'has an invalid format' : `must be a valid ${issue.format}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map(String).join(', ')}`;
    case 'not_multiple_of':
      return `must be a multiple of ${String(issue.divisor)}`;
    case 'invalid_union': {
      const { options, discriminator } = issue as { options?: unknown[]; discriminator?: string };
      if (Array.isArray(options)) {
        // A discriminated union reports its whole object as the input: look at the discriminator itself.
        const value = discriminator !== undefined && typeof input === 'object' && input !== null ? (input as Record<string, unknown>)[discriminator] : input;
        const list = options.map(String).join(', ');
        return value === undefined ? `is required (one of ${list})` : `must be one of ${list}`;
      }
      // Every branch refused the type: name the types that would have been accepted.
      const expected = (issue.errors ?? [])
        .map((branch) => branch.find((i) => i.code === 'invalid_type' && i.path?.length === 0))
        .map((i) => (i && 'expected' in i ? expectedText(String(i.expected)) : undefined));
      if (expected.length > 0 && expected.every((e) => e !== undefined)) {
        return input === undefined ? 'is required' : `must be ${expected.join(' or ')}`;
      }
      return 'is not valid';
    }
    default:
      return undefined;
  }
}

/** Validates `value` with `schema`, or throws the 422 naming every field and its rule. */
export function parseBody<S extends z.core.$ZodType>(schema: S, value: unknown): z.output<S> {
  const result = z.safeParse(schema, value, { error: describe });
  if (result.success) return result.data;
  const errors: FieldError[] = result.error.issues.map((issue) => ({
    field: fieldPath(issue.path),
    message: issue.message,
  }));
  throw ApiError.invalid(errors);
}
