// Where a document's problems are: a line for an offset (the command line's and the agents' `file:line`), and a
// problem at the value a path names, the syntax tree built once for every problem of a plan.
import * as assert from 'node:assert/strict';
import { lineLocator, problemLocator } from '../../src/documents/jsonDocument';

describe('locating a document\'s problems', () => {
  it('gives the line of every offset, as counting the newlines before it does', () => {
    const text = '{\n  "a": 1,\n\n  "b": [\n    2\n  ]\n}';
    const line = lineLocator(text);
    for (let offset = 0; offset <= text.length; offset++) assert.equal(line(offset), text.slice(0, offset).split('\n').length, `offset ${offset}`);
    assert.equal(lineLocator('')(0), 1);
  });

  it('places problems at the value a path names, or the deepest part of it there is', () => {
    const text = '{\n  "stacklets": [\n    { "name": "web-1", "size": "s" }\n  ]\n}';
    const locate = problemLocator(text);
    const size = locate(['stacklets', 0, 'size'], 'no size is "s"');
    assert.equal(text.slice(size.offset, size.offset + size.length), '"s"');
    const missing = locate(['stacklets', 0, 'region'], 'region?');
    assert.equal(text.slice(missing.offset, missing.offset + missing.length), '{ "name": "web-1", "size": "s" }');
    assert.deepEqual(problemLocator('not json at all [')(['x'], 'bad').message, 'bad');
  });
});
