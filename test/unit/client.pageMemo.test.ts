// A listing page whose answer comes back byte for byte the same is taken as read before (src/api/pageMemo.ts):
// its items are the same objects, so the views' rows are too; a page that changed is read anew. Against the
// emulator over HTTP, and PageMemo's bound in plain Node.
import * as assert from 'node:assert/strict';
import { StackletClient } from '../../src/api/client';
import { PageMemo } from '../../src/api/pageMemo';
import { startEmulator, type EmulatorHandle } from '../../src/emulator/server';
import { waitFor } from '../harness/processes';

describe('listing pages read again', () => {
  let emu: EmulatorHandle;
  const clients: StackletClient[] = [];
  const client = (options: { maxItems?: number } = {}) => {
    const made = new StackletClient({ baseUrl: emu.url, token: emu.demoToken, perPage: 100, retry: { maxAttempts: 1 }, ...(options.maxItems ? { listingLimits: { maxItems: options.maxItems } } : {}) });
    clients.push(made);
    return made;
  };

  before(async () => {
    emu = await startEmulator({ port: 0, seed: 'empty', extraStacklets: 250 });
  });

  after(async () => {
    await Promise.all(clients.map((made) => made.dispose()));
    await emu.close();
  });

  it('keeps the items of pages that came back the same, and reads the page that changed anew', async () => {
    const stacklets = client();
    const first = (await stacklets.listStacklets()).items;
    assert.equal(first.length, 250);
    const again = (await stacklets.listStacklets()).items;
    assert.ok(again.every((item, index) => item === first[index]), 'three pages the same: the same objects');

    const renamed = first[150]!;
    await stacklets.renameStacklet(renamed.id, 'renamed-on-page-2');
    // The rename is a task: the listing shows it once the task is done.
    const after = await waitFor('the rename to be listed', 10_000, async () => {
      const items = (await stacklets.listStacklets()).items;
      return items[150]?.name === 'renamed-on-page-2' && !items[150].task ? items : undefined;
    }, 100);
    const sameAt = after.map((item, index) => item === first[index]);
    assert.deepEqual([sameAt.slice(0, 100).every(Boolean), sameAt.slice(100, 200).some(Boolean), sameAt.slice(200).every(Boolean)], [true, false, true], 'pages 1 and 3 kept, page 2 read anew');
    assert.equal(after[150]!.name, 'renamed-on-page-2');
    assert.deepEqual(after[149], first[149], 'the rest of page 2 reads as before');
  });

  it('reads the same answers anew in another client, and still holds a listing to its limits', async () => {
    const one = (await client().listStacklets()).items;
    const other = (await client().listStacklets()).items;
    assert.notEqual(other[0], one[0], 'what a client remembers is its own');
    const limited = client({ maxItems: 200 });
    await assert.rejects(limited.listStacklets(), /items|limit/i);
    await assert.rejects(limited.listStacklets(), /items|limit/i, 'the pages taken again count as they did');
  });

  it('remembers 1,000 pages at most, the least recently read forgotten first', () => {
    const memo = new PageMemo();
    const page = (n: number, bytes = 1) => ({ digest: `digest ${n}`, bytes, read: { page: n } });
    for (let n = 0; n < 1_001; n++) memo.remember(`page ${n}`, page(n));
    assert.equal(memo.digestOf('page 0'), undefined);
    assert.equal(memo.digestOf('page 1'), 'digest 1');
    assert.deepEqual(memo.readOf('page 1', 'digest 1'), { page: 1 });
    assert.equal(memo.readOf('page 1', 'another digest'), undefined, 'another answer is not the page read');
    memo.remember('page 1001', page(1001));
    assert.equal(memo.digestOf('page 1'), 'digest 1', 'page 1 was read again: page 2 went first');
    assert.equal(memo.digestOf('page 2'), undefined);
  });

  it('remembers 64 MB of answers at most, and no answer larger than that', () => {
    const memo = new PageMemo();
    const mb = 1024 * 1024;
    for (let n = 0; n < 5; n++) memo.remember(`page ${n}`, { digest: `digest ${n}`, bytes: 20 * mb, read: n });
    assert.deepEqual([0, 1, 2, 3, 4].map((n) => memo.digestOf(`page ${n}`) !== undefined), [false, false, true, true, true], '60 MB kept of 100');
    memo.remember('page 2', { digest: 'digest 2b', bytes: mb, read: 'smaller' });
    memo.remember('page 5', { digest: 'digest 5', bytes: 20 * mb, read: 5 });
    assert.deepEqual([2, 3, 4, 5].map((n) => memo.digestOf(`page ${n}`) !== undefined), [true, true, true, true], 'an answer read again replaces its size: 61 MB');
    memo.remember('page 6', { digest: 'digest 6', bytes: 20 * mb, read: 6 });
    assert.deepEqual([2, 3, 4, 5, 6].map((n) => memo.digestOf(`page ${n}`) !== undefined), [true, false, true, true, true], 'the least recently read went');
    memo.remember('huge', { digest: 'digest huge', bytes: 65 * mb, read: 'huge' });
    assert.equal(memo.digestOf('huge'), undefined);
    assert.equal(memo.digestOf('page 5'), 'digest 5', 'and forgets nothing for it');
  });
});
