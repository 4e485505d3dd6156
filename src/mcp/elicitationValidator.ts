/**
 * How the server checks a user's answer to its question (a form elicitation) against the schema it asked with.
 *
 * The MCP SDK's default is ajv with its formats: 100 KB minified, a third of the server's own code, evaluated at
 * every start of `npx -y stacklet-mcp`. The specification keeps an elicitation's schema to a flat object of
 * primitive properties, and this server only asks with such (no field, or one string typed to confirm), so zod,
 * which the server carries anyway, checks the answer. The bundles leave ajv out (esbuild.mjs). A schema outside
 * that subset is a mistake of this code: it throws, and the SDK answers the tool call with an error rather than
 * taking an answer it did not check.
 */
import * as z from 'zod/mini';
import type { JsonSchemaType, JsonSchemaValidator, jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';

/** What a property may say that this check reads or that only labels it. */
const READ = new Set(['type', 'title', 'description', 'enum', 'enumNames', 'default']);

function primitive(name: string, property: JsonSchemaType): z.ZodMiniType {
  const unread = Object.keys(property).filter((key) => !READ.has(key));
  if (unread.length > 0) throw new Error(`The question's field ${name} says what this check does not read: ${unread.join(', ')}`);
  if (property.enum !== undefined) {
    const values = property.enum;
    return z.unknown().check(z.refine((value) => values.includes(value as never), { message: `${name}: not one of the choices offered` }));
  }
  switch (property.type) {
    case 'string': return z.string();
    case 'number': return z.number();
    case 'integer': return z.int();
    case 'boolean': return z.boolean();
    default: throw new Error(`The question's field ${name} is not a primitive an elicitation may ask for`);
  }
}

export const elicitationValidator: jsonSchemaValidator = {
  getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
    if (schema.type !== 'object') throw new Error('An elicitation asks with an object schema');
    const required = new Set(schema.required ?? []);
    const shape = Object.fromEntries(Object.entries(schema.properties ?? {}).map(([name, property]) => {
      if (typeof property !== 'object') throw new Error(`The question's field ${name} has no schema`);
      const checked = primitive(name, property);
      return [name, required.has(name) ? checked : z.optional(checked)];
    }));
    const answer = z.looseObject(shape);
    return (input) => {
      const result = answer.safeParse(input);
      return result.success
        ? { valid: true, data: result.data as T, errorMessage: undefined }
        : { valid: false, data: undefined, errorMessage: z.prettifyError(result.error) };
    };
  },
};
