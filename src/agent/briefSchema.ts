/**
 * A JSON Schema said in fewer bytes and meaning the same, for what a model reads of every tool in every session
 * (issue 37). zod writes an object of any fields, which the tools carry dozens of times, at length:
 * `{"type":"object","properties":{},"additionalProperties":{}}`, where no properties and any others is what
 * `{"type":"object"}` says already.
 *
 * An ID (a string of 1–200 characters, or a number) stays zod's `anyOf`: `{"type":["string","number"],…}` would
 * mean the same and be shorter, but Gemini's function calling refuses a list of types, and clients that pass
 * an MCP server's schemas on to it as they are would lose every tool. No vscode import.
 */

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);
const isEmpty = (value: unknown) => isNode(value) && Object.keys(value).length === 0;

/** `schema` (as z.toJSONSchema writes it) with each object of any fields said briefly, at any depth. */
export function briefSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(briefSchema);
  if (!isNode(schema)) return schema;
  const brief: Node = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, briefSchema(value)]));
  if (brief['type'] === 'object' && isEmpty(brief['properties']) && isEmpty(brief['additionalProperties'])) {
    delete brief['properties'];
    delete brief['additionalProperties'];
  }
  return brief;
}
