import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { boundedJson, DEFAULT_JSON_LIMITS } from '../../src/model/boundedJson';
import { nest } from './support/helpers';

describe('bounded pretty JSON (View Properties, documents)', () => {
  it('is JSON.stringify(value, null, 2) for any JSON value within the limits (fast-check)', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), (value) => {
        const result = boundedJson(value);
        assert.equal(result.text, JSON.stringify(value, null, 2));
        assert.deepEqual(result.cuts, []);
      }),
      { numRuns: 500, seed: 0x1500 },
    );
  });

  it('writes a value nested 100,000 levels deep without throwing, and says what it left out', () => {
    const deep = nest(100_000);
    assert.throws(() => JSON.stringify(deep), RangeError, 'the built-in would overflow the stack');
    const result = boundedJson({ name: 'x', extra: deep });
    const parsed = JSON.parse(result.text) as { name: string };
    assert.equal(parsed.name, 'x');
    assert.match(result.text, /nested deeper than 64 levels/);
    assert.deepEqual(result.cuts, ['Values nested too deep, left out: 1.']);
  });

  it('keeps huge values to the size limit, as valid JSON that says what is missing', () => {
    const huge = { note: 'y'.repeat(1024 * 1024), items: Array.from({ length: 1_000_000 }, (_, i) => ({ id: i, name: `item-${i}` })) };
    const result = boundedJson(huge, { maxChars: 200_000 });
    assert.ok(result.text.length < 200_000 + DEFAULT_JSON_LIMITS.maxStringChars + 1000, `${result.text.length} characters`);
    const parsed = JSON.parse(result.text) as { items: unknown[]; note: string };
    assert.match(String(parsed.items[parsed.items.length - 1]), /^… [\d,]+ more items$/);
    assert.match(parsed.note, /… \(1,048,576 characters in all\)$/);
    assert.equal(result.cuts.length, 2);
  });

  it('stops any one array at its entry limit', () => {
    const result = boundedJson(Array.from({ length: 50 }, (_, i) => i), { maxEntries: 10 });
    const parsed = JSON.parse(result.text) as unknown[];
    assert.equal(parsed.length, 11);
    assert.equal(parsed[10], '… 40 more items');
  });

  it('writes bidi controls and line separators in strings as escapes that read back the same', () => {
    const value = { name: 'safe\u202etxt.exe\u2066\u2028x' };
    const result = boundedJson(value);
    assert.ok(!/[\u202e\u2066\u2028]/.test(result.text), result.text);
    assert.match(result.text, /\\u202e/);
    assert.deepEqual(JSON.parse(result.text), value);
  });

  it('writes invisible characters in strings as escapes that read back the same, a tag character as its pair', () => {
    const value = { name: 'prod\u200b-db\u2060\ufeff\u00ad\u{e0041}', 'k\u200d': 'x' };
    const result = boundedJson(value);
    // eslint-disable-next-line no-misleading-character-class -- each on its own is what must not be there
    assert.ok(!/[\u200b\u200d\u2060\ufeff\u00ad]|\u{e0041}/u.test(result.text), result.text);
    assert.match(result.text, /prod\\u200b-db\\u2060\\ufeff\\u00ad\\udb40\\udc41/);
    assert.deepEqual(JSON.parse(result.text), value);
  });

  it('survives values JSON cannot write', () => {
    const cyclic: Record<string, unknown> = { a: 1, big: 10n, f: () => 1, u: undefined, n: Number.NaN };
    cyclic.self = cyclic;
    const parsed = JSON.parse(boundedJson(cyclic).text) as Record<string, unknown>;
    assert.deepEqual(parsed, { a: 1, big: '10', n: null, self: '… (circular)' });
  });
});
