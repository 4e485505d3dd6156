/**
 * One agent tool as every door describes it: its name, title, description for the model, input (a zod shape
 * whose every field is described, with an enum where the values are known), output (the zod schema of the
 * envelope it answers, which the MCP server gives as `structuredContent`) and all four MCP annotations. The MCP
 * server registers each tool from its spec, and `npm run manifest` writes the language model tools' input
 * schemas in package.json from the same specs, so the three never drift apart. No vscode import.
 */
import * as z from 'zod/mini';
import { SEARCH_KINDS } from '../kinds/registry';
import { briefSchema } from './briefSchema';

/** A zod object's fields. */
export type Shape = Record<string, z.ZodMiniType>;

/** What a client may assume of a tool (MCP's ToolAnnotations): every tool says all four. */
export interface ToolAnnotations {
  /** It changes nothing. */
  readonly readOnlyHint: boolean;
  /** It may replace or destroy what is there (data, rules, a resource). */
  readonly destructiveHint: boolean;
  /** Calling it again with the same input changes nothing more. */
  readonly idempotentHint: boolean;
  /** It reaches beyond the signed-in account (the open web): never, for these tools. */
  readonly openWorldHint: boolean;
}

export interface ToolSpec<I extends Shape = Shape> {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly input: I;
  /** The whole answer as `structuredContent`: the envelope around the tool's data (see `envelope`). */
  readonly output: z.ZodMiniObject;
  readonly annotations: ToolAnnotations;
}

/** What every read tool is: it changes nothing, so calling it again is harmless. */
export const READ_ONLY: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

/** `schema` with its description (what the model reads of the field). */
export function described<T extends z.ZodMiniType>(schema: T, description: string): T {
  return schema.check(z.describe(description)) as T;
}

/** A short text field, as the agent core's input checks take it. */
export const text = (description: string) => described(z.string().check(z.maxLength(200)), description);

/** An ID as the answers give it: a number (a stacklet's) or a string (a UUID, a slug); either is accepted. */
export const id = (description: string) => described(z.union([z.string().check(z.minLength(1), z.maxLength(200)), z.int()]), description);

/** One of `values`. */
export const oneOf = <const T extends readonly [string, ...string[]]>(values: T, description: string) => described(z.enum(values), description);

/** A kind of resource the tools find and describe. */
export const kind = (description: string) => oneOf(SEARCH_KINDS as unknown as readonly [string, ...string[]], description);

export const cursor = z.optional(text('The cursor of the previous answer, to get the next items.'));

// ── output ─────────────────────────────────────────────────────────────────

/** An ID in an answer. */
export const idValue = z.union([z.string(), z.number()]);

/**
 * A kind in an answer: one of those the inputs' `kind` enum lists (`kind` above), which the output schemas do
 * not repeat (ten names in each place an answer gives a kind).
 */
export const kindValue = z.string();

/**
 * Any object (a resource's fields, a plan): `{"type":"object"}` once said briefly (./briefSchema.ts); a record
 * of strings would add `propertyNames`, which every object's keys are anyway.
 */
export const anyObject = z.looseObject({});

/** A resource named in an answer. */
export const resourceHead = z.object({ kind: kindValue, id: idValue, name: z.string() });

/** How many values the envelope cut to fit (src/agent/envelope.ts). */
const cut = z.optional(z.number());

/**
 * The envelope of every answer (src/agent/envelope.ts) around `data`: the note, where it came from, the data
 * and, where `data` has items, the cursor for more (only items are paged). `data` gains `cut` when values
 * were cut to fit.
 */
export function envelope(data: Shape): z.ZodMiniObject {
  return z.object({
    note: z.string(),
    source: z.enum(['emulator', 'service']),
    data: z.object({ ...data, cut }),
    ...('items' in data ? { cursor: z.optional(z.string()) } : {}),
  });
}

/** The data of a paged answer: `items` (as many as fit from the cursor on) and `total`, besides `rest`. */
export function paged(item: z.ZodMiniType, rest: Shape = {}): Shape {
  return { ...rest, total: z.number(), items: z.array(item) };
}

/**
 * The JSON Schema (2020-12, MCP's dialect when a schema names none) of `schema`, without `$schema` and said
 * briefly (./briefSchema.ts): a model gains nothing from the dialect's address, which would otherwise be on
 * every input and output schema. `io` "input" describes what a value may be before parsing (no
 * `additionalProperties: false` on objects, as the MCP SDK gives a tool's input), "output" what parsing gives.
 */
export function jsonSchema(schema: z.ZodMiniType, io: 'input' | 'output' = 'output'): Record<string, unknown> {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io }) as Record<string, unknown>;
  return briefSchema(rest) as Record<string, unknown>;
}

/** The JSON Schema of a spec's input, as a manifest reads it (a field it does not describe is refused). */
export function inputJsonSchema(spec: Pick<ToolSpec, 'input'>): Record<string, unknown> {
  return jsonSchema(z.object(spec.input));
}

/** What a write tool answers once sent: the plan the user confirmed and what the service answered. */
export const WRITE_OUTPUT = envelope({
  plan: anyObject,
  result: anyObject,
});
