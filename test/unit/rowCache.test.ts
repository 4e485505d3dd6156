// The rows a view keeps by listing item (src/views/rowCache.ts): made once per item, place and inputs.
import * as assert from 'node:assert/strict';
import { RowCache } from '../../src/views/rowCache';

describe('the rows a view keeps by listing item', () => {
  const items = [{ id: 1 }, { id: 2 }];

  function counted() {
    const made: string[] = [];
    const cache = new RowCache<{ id: number }, { text: string }>();
    const row = (item: { id: number }, place: string) => cache.row(item, place, () => {
      made.push(`${place}/${item.id}`);
      return { text: `${place}/${item.id}` };
    });
    return { cache, made, row };
  }

  it('makes a row once for the same item object, place and inputs', () => {
    const { cache, made, row } = counted();
    cache.use(['store', false]);
    const first = items.map((item) => row(item, 'stacklet'));
    cache.use(['store', false]);
    const again = items.map((item) => row(item, 'stacklet'));
    assert.deepEqual(made, ['stacklet/1', 'stacklet/2']);
    assert.ok(again.every((content, index) => content === first[index]), 'the same content objects');
  });

  it('makes it again for a new object of the same item, another place, or other inputs', () => {
    const { cache, made, row } = counted();
    cache.use(['store', false]);
    row(items[0]!, 'stacklet');
    row({ id: 1 }, 'stacklet');
    assert.equal(made.length, 2, 'a refresh brings new objects: an update replaces an item, never changes it');
    row(items[0]!, 'stacklets/tag/web/stacklet');
    assert.equal(made.length, 3, 'the same stacklet under its second tag');
    row(items[0]!, 'stacklet');
    assert.equal(made.length, 3, 'each place keeps its own');
    cache.use(['store', true]);
    row(items[0]!, 'stacklet');
    assert.equal(made.length, 4, 'a setting the rows show changed');
    cache.use(['another store', true]);
    row(items[0]!, 'stacklet');
    assert.equal(made.length, 5, 'another session');
  });

  it('forgets its places past a bound, and still makes the rows asked for', () => {
    const { cache, made, row } = counted();
    cache.use([]);
    for (let tag = 0; tag < 600; tag++) row(items[0]!, `stacklets/tag/${tag}/stacklet`);
    assert.equal(made.length, 600);
    row(items[0]!, 'stacklets/tag/599/stacklet');
    assert.equal(made.length, 600, 'the newest places are kept');
    row(items[0]!, 'stacklets/tag/0/stacklet');
    assert.equal(made.length, 601, 'the oldest were forgotten');
  });
});
