// The MCP server's check of a user's answer against the question's schema (in place of the SDK's ajv): what it
// reads it checks, and what it does not read it refuses to check rather than let pass.
import * as assert from 'node:assert/strict';
import { elicitationValidator } from '../../src/mcp/elicitationValidator';

describe('elicitationValidator', () => {
  const typed = elicitationValidator.getValidator({ type: 'object', properties: { typed: { type: 'string', title: 'Type to confirm', description: 'd' } }, required: ['typed'] });

  it('takes a string for a required string field, and extra fields', () => {
    assert.deepEqual(typed({ typed: 'web-1', extra: true }), { valid: true, data: { typed: 'web-1', extra: true }, errorMessage: undefined });
  });

  it('refuses a missing or mistyped required field, naming it', () => {
    for (const answer of [{}, { typed: 5 }, null, 'web-1']) {
      const result = typed(answer);
      assert.equal(result.valid, false, JSON.stringify(answer));
      assert.ok(result.errorMessage, JSON.stringify(answer));
    }
    assert.match(typed({ typed: 5 }).errorMessage ?? '', /at typed/);
  });

  it('checks optional fields, integers, booleans and choices when given', () => {
    const check = elicitationValidator.getValidator({ type: 'object', properties: { n: { type: 'integer' }, b: { type: 'boolean' }, size: { type: 'string', enum: ['s', 'm'] } } });
    assert.equal(check({}).valid, true);
    assert.equal(check({ n: 2, b: false, size: 'm' }).valid, true);
    assert.equal(check({ n: 2.5 }).valid, false);
    assert.equal(check({ b: 'yes' }).valid, false);
    assert.equal(check({ size: 'xl' }).valid, false);
  });

  it('refuses to check a schema it does not read: a pattern, a nested object, a non-object question', () => {
    assert.throws(() => elicitationValidator.getValidator({ type: 'object', properties: { typed: { type: 'string', pattern: '^a' } } }), /pattern/);
    assert.throws(() => elicitationValidator.getValidator({ type: 'object', properties: { inner: { type: 'object' } } }), /inner/);
    assert.throws(() => elicitationValidator.getValidator({ type: 'string' }), /object/);
  });
});
