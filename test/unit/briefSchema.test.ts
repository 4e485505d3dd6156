// The tools' JSON Schemas said briefly (src/agent/briefSchema.ts) mean what zod wrote: for every tool's input
// and output schema, the brief form and zod's accept and refuse the same values (checked with the MCP SDK's own
// validator), the long form of an object of any fields is gone, and an ID keeps zod's anyOf (a list of types is refused by
// Gemini's function calling).
import * as assert from 'node:assert/strict';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv-provider.js';
import * as z from 'zod/mini';
import { writeToolSpec } from '../../src/actions/writeTool';
import { WRITE_TOOLS } from '../../src/kinds/operations';
import { briefSchema } from '../../src/agent/briefSchema';
import { READ_TOOLS } from '../../src/agent/readTools';
import { idField } from '../../src/actions/fields';
import { anyObject, jsonSchema } from '../../src/agent/toolSpec';

const validator = new AjvJsonSchemaValidator();
const accepts = (schema: unknown, value: unknown) => validator.getValidator(schema as never)(value).valid;
const zodSchema = (schema: z.ZodMiniType) => z.toJSONSchema(schema);

describe('tool schemas said briefly', () => {
  it('says an object of any fields in fewer bytes, accepting and refusing the same values', () => {
    const cases: [z.ZodMiniType, unknown[]][] = [
      [anyObject, [{}, { a: 1, b: [null] }, [], 'x', 1, null]],
      [z.object({ plan: anyObject, ids: z.array(idField('An ID.')) }), [{ plan: {}, ids: [1, 'a'] }, { plan: [], ids: [] }, { plan: {}, ids: [''] }, { plan: {} }]],
    ];
    for (const [schema, values] of cases) {
      const long = zodSchema(schema);
      const brief = briefSchema(long);
      assert.ok(JSON.stringify(brief).length < JSON.stringify(long).length, JSON.stringify(brief));
      for (const value of values) assert.equal(accepts(brief, value), accepts(long, value), `${JSON.stringify(brief)} on ${JSON.stringify(value)}`);
    }
    assert.deepEqual(briefSchema(zodSchema(anyObject)), { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object' });
  });

  it('leaves an ID as zod\'s anyOf, never a list of two types', () => {
    assert.deepEqual(briefSchema(zodSchema(idField('An ID.'))), zodSchema(idField('An ID.')));
  });

  it('leaves any other union and object as zod wrote it', () => {
    for (const schema of [
      z.union([z.string().check(z.minLength(1)), z.boolean()]),
      z.union([z.string().check(z.regex(/^a/)), z.number().check(z.minimum(0))]),
      z.union([z.string(), z.number(), z.null()]),
      z.object({ a: z.string() }),
      z.record(z.string(), z.number()),
    ]) {
      assert.deepEqual(briefSchema(zodSchema(schema)), zodSchema(schema));
    }
  });

  // An input schema is what a client passes on as the function's parameters; outputs are only validated.
  it('keeps every tool\'s schemas meaning what zod wrote, with no long form of an object, and no list of two types in an input', () => {
    const specs = [...READ_TOOLS.map((tool) => tool.spec), ...WRITE_TOOLS.map(writeToolSpec)];
    for (const spec of specs) {
      for (const [io, brief, long] of [
        ['input', jsonSchema(z.object(spec.input), 'input'), z.toJSONSchema(z.object(spec.input), { io: 'input' })],
        ['output', jsonSchema(spec.output), z.toJSONSchema(spec.output)],
      ] as const) {
        const text = JSON.stringify(brief);
        assert.equal(text.includes('"properties":{},"additionalProperties":{}'), false, spec.name);
        // ["number","null"] (zod's nullable) is what clients fold into Gemini's `nullable`; two other types are not.
        if (io === 'input') assert.equal(/"type":\["(?!null")[a-z]+","(?!null")[a-z]+"/.test(text), false, `${spec.name}: ${text}`);
        assert.deepEqual(briefSchema(long), { ...brief, $schema: long.$schema }, spec.name);
      }
    }
  });
});
