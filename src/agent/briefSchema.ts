/**
 * A JSON Schema said in fewer bytes and meaning the same, for what a model reads of every tool in every session
 * (issue 37). zod writes two forms at length, which the tools carry dozens of times:
 * - an object of any fields as `{"type":"object","properties":{},"additionalProperties":{}}`: no properties and
 *   any others is what `{"type":"object"}` says already;
 * - an ID (a string of 1–200 characters, or a number) as `anyOf` of a constrained string and a bare number:
 *   `minLength` and `maxLength` apply to strings only, so `{"type":["string","number"],"minLength":1,…}` accepts
 *   and refuses the same values.
 * Nothing else is touched. No vscode import.
 */

type Node = Record<string, unknown>;

/** The keywords that constrain a string and nothing else (JSON Schema ignores them for other types). */
const STRING_ONLY = new Set(['type', 'minLength', 'maxLength', 'pattern']);

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);
const isEmpty = (value: unknown) => isNode(value) && Object.keys(value).length === 0;

/** `anyOf: [constrained string, bare number]` as one schema of both types, or undefined when it is not that. */
function stringOrNumber(anyOf: unknown): Node | undefined {
  if (!Array.isArray(anyOf) || anyOf.length !== 2) return undefined;
  const [text, number] = anyOf as unknown[];
  if (!isNode(text) || text['type'] !== 'string' || !Object.keys(text).every((key) => STRING_ONLY.has(key))) return undefined;
  if (!isNode(number) || Object.keys(number).length !== 1 || (number['type'] !== 'number' && number['type'] !== 'integer')) return undefined;
  return { ...text, type: ['string', number['type']] };
}

/** `schema` (as z.toJSONSchema writes it) with those two forms said briefly, at any depth. */
export function briefSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(briefSchema);
  if (!isNode(schema)) return schema;
  const brief: Node = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, briefSchema(value)]));
  if (brief['type'] === 'object' && isEmpty(brief['properties']) && isEmpty(brief['additionalProperties'])) {
    delete brief['properties'];
    delete brief['additionalProperties'];
  }
  const both = brief['type'] === undefined ? stringOrNumber(brief['anyOf']) : undefined;
  if (both) {
    delete brief['anyOf'];
    Object.assign(brief, both);
  }
  return brief;
}
