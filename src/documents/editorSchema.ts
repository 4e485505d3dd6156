/**
 * The JSON schema VS Code's JSON editor gets for a document kind (contributes.jsonValidation), generated from
 * the kind's zod schema with z.toJSONSchema, never written by hand. It serves completion and hovers only:
 * the extension checks every document itself (exact ranges, its own words), so a schema that also validated
 * would report each mistake twice (issue 16: port 70000 and "SCTP" gave our error and the schema's warning).
 * Hence the validation keywords are dropped, and what they offered for completion is kept as `examples` and
 * `defaultSnippets`, which the JSON editor proposes but never checks.
 */
import * as z from 'zod/mini';

/** Keywords that only constrain a value; `properties` and `items` stay (they drive completion of keys). */
const VALIDATION = new Set([
  'type', 'required', 'additionalProperties', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum',
  'minLength', 'maxLength', 'pattern', 'format', 'minItems', 'maxItems', 'uniqueItems', 'const', 'enum',
  'multipleOf', 'propertyNames', 'not',
]);

type JsonSchema = Record<string, unknown>;

const isSchema = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What completion proposes for a value, from the keywords about to be dropped. */
function completionHints(node: JsonSchema): JsonSchema {
  const type = Array.isArray(node['type']) ? node['type'].find((t) => t !== 'null') : node['type'];
  const examples = [...(Array.isArray(node['examples']) ? node['examples'] : []), ...(Array.isArray(node['enum']) ? node['enum'] : [])]
    .filter((value, index, all) => value !== null && value !== '' && all.indexOf(value) === index);
  if (type === 'boolean') examples.push(true, false);
  if (examples.length > 0) return { examples };
  // A key completed without a proposal gets `"key": ` and nothing more; give it an empty value of its type.
  if (type === 'string') return { defaultSnippets: [{ body: '^"$1"' }] };
  if (type === 'number' || type === 'integer') return { defaultSnippets: [{ body: '^${1:0}' }] };
  return {};
}

/** `anyOf: [X, {type: null}]` (zod's nullish) becomes X with the outer description, so completion sees X. */
function withoutNull(node: JsonSchema): JsonSchema {
  const anyOf = node['anyOf'];
  if (!Array.isArray(anyOf)) return node;
  const rest = anyOf.filter((alternative) => !(isSchema(alternative) && alternative['type'] === 'null'));
  if (rest.length !== 1 || !isSchema(rest[0])) return node;
  const { anyOf: _dropped, ...outer } = node;
  return { ...rest[0], ...outer };
}

function assistOnly(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(assistOnly);
  if (!isSchema(value)) return value;
  const node = withoutNull(value);
  const out: JsonSchema = {};
  for (const [key, child] of Object.entries(node)) {
    if (VALIDATION.has(key) || key === 'examples') continue;
    // Under `properties` the keys are property names (a property may be called "type"), not keywords.
    out[key] = key === 'properties' && isSchema(child)
      ? Object.fromEntries(Object.entries(child).map(([name, schema]) => [name, assistOnly(schema)]))
      : assistOnly(child);
  }
  return { ...out, ...completionHints(node) };
}

/** The completion-and-hover schema of a document kind's zod schema. */
export function editorJsonSchema(schema: z.ZodMiniType): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  // VS Code's JSON editor reads this extension of JSON Schema: our parser accepts trailing commas.
  return { ...(assistOnly(json) as Record<string, unknown>), allowTrailingCommas: true };
}
