// A listing read again keeps the objects of the items that did not change (src/model/sameItems.ts), so that
// the views keep what they made from them: in plain Node, and through the store over the emulator.
import * as assert from 'node:assert/strict';
import { StackletClient } from '../../src/api/client';
import { startEmulator } from '../../src/emulator/server';
import { ResourceStore } from '../../src/kinds/resourceStore';
import { keepSame } from '../../src/model/sameItems';

const byId = (item: { id: number }) => item.id;

describe('a listing read again keeps what did not change', () => {
  it('keeps an equal item\'s earlier object, at its place or (with a key) moved, and takes a changed one', () => {
    const before = [{ id: 1, tags: ['a'] }, { id: 2, tags: [] }, { id: 3, tags: ['b'] }];
    const after = [{ id: 0, tags: [] }, { id: 1, tags: ['a'] }, { id: 2, tags: ['c'] }, { id: 3, tags: ['b'] }];
    const kept = keepSame(before, after, byId);
    assert.deepEqual(kept, after, 'the content is the new listing\'s');
    assert.equal(kept[0], after[0], 'a new item is its own');
    assert.equal(kept[1], before[0], 'moved one place down, found by its key');
    assert.equal(kept[2], after[2], 'a changed item is the new object');
    assert.equal(kept[3], before[2]);
  });

  it('without a key, keeps only what is equal at the same place', () => {
    const before = [{ slug: 'a' }, { slug: 'b' }];
    const kept = keepSame(before, [{ slug: 'x' }, { slug: 'a' }, { slug: 'b' }]);
    assert.ok(kept.every((item) => !before.includes(item)), 'moved items are new objects');
    assert.equal(keepSame(before, [{ slug: 'a' }, { slug: 'c' }])[0], before[0]);
  });

  it('never takes an earlier item for another of the same key that differs', () => {
    const before = [{ id: 1, name: 'web' }];
    const after = [{ id: 1, name: 'web-2' }];
    assert.equal(keepSame(before, after, byId)[0], after[0]);
    assert.equal(keepSame([], after, byId), after, 'nothing before: the listing itself');
  });

  it('the store, after a refresh that tagged one stacklet, hands the others\' objects again and the tagged one new', async () => {
    const emu = await startEmulator({ port: 0, host: '127.0.0.1', seed: 'empty', extraStacklets: 60 });
    const client = new StackletClient({ baseUrl: emu.url, token: emu.demoToken, retry: { maxAttempts: 1 } });
    const store = new ResourceStore(client);
    try {
      const first = (await store.get('stacklet')).items;
      const tagged = first[30]!;
      await client.createTag({ name: 'kept', stacklet_ids: [tagged.id] });
      store.invalidate('stacklet');
      const again = (await store.get('stacklet')).items;
      assert.equal(again.length, first.length);
      assert.ok(again[30] !== tagged && again[30]!.id === tagged.id && again[30]!.tags.includes('kept'), 'the tagged stacklet is read anew');
      assert.equal(again.filter((item, index) => item === first[index]).length, first.length - 1, 'every other stacklet keeps its object');
      // Invalidated twice before a load: what is compared with is still the last listing read.
      store.invalidate('stacklet');
      store.invalidate('stacklet');
      const third = (await store.get('stacklet')).items;
      assert.ok(third.every((item, index) => item === again[index]));
      // A filter's variant keeps nothing once invalidated: a tag filter makes one per tag.
      // (Another stacklet tagged, so that the page's answer is new: the client keeps a page whose answer is the same.)
      const filtered = (await store.get('stacklet', { tagName: 'kept' })).items;
      await client.tagResource('kept', { id: first[10]!.id, type: 'stacklet' });
      store.invalidate('stacklet');
      const refiltered = (await store.get('stacklet', { tagName: 'kept' })).items;
      assert.equal(refiltered.length, 2);
      const same = refiltered.find((item) => item.id === tagged.id)!;
      assert.deepEqual(same, filtered[0]);
      assert.notEqual(same, filtered[0]);
    } finally {
      store.dispose();
      await client.dispose();
      await emu.close();
    }
  });
});
