// The places of a firewall document's stacklet ids, where the editor shows each stacklet's name.
import * as assert from 'node:assert/strict';
import { stackletIdsIn } from '../../src/kinds/firewall/documentStackletIds';

describe('firewall documents: stacklet ids', () => {
  it('finds each whole number of the top-level stacklet_ids, with its place, in JSONC with comments and a trailing comma', () => {
    const text = '// header\n{\n  "name": "fw",\n  "inbound_rules": [{ "port": 22 }],\n  "stacklet_ids": [12, /* x */ 345,],\n}\n';
    const found = stackletIdsIn(text);
    assert.deepEqual(found.map((f) => f.id), [12, 345]);
    for (const f of found) assert.equal(text.slice(f.offset, f.offset + f.length), String(f.id));
  });

  it('finds nothing without the array, in a nested one, or in text that is not JSON; skips what is not a whole number', () => {
    assert.deepEqual(stackletIdsIn('{ "name": "fw" }'), []);
    assert.deepEqual(stackletIdsIn('{ "other": { "stacklet_ids": [1] } }'), []);
    assert.deepEqual(stackletIdsIn('not json'), []);
    assert.deepEqual(stackletIdsIn('{ "stacklet_ids": "1, 2" }'), []);
    assert.deepEqual(stackletIdsIn('{ "stacklet_ids": [1.5, "2", 3] }').map((f) => f.id), [3]);
  });
});
