import * as assert from 'node:assert/strict';
import { collectPages, type FetchedPage } from '../../src/api/paging';

interface Item { id: number }

function pager(total: number, perPage: number, options: { ignorePage?: boolean; overlap?: boolean } = {}) {
  const pages = Math.max(1, Math.ceil(total / perPage));
  const requested: number[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const fetchPage = async (page: number): Promise<FetchedPage<Item>> => {
    requested.push(page);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await new Promise((resolve) => setTimeout(resolve, 5 + ((page * 7) % 5)));
    inFlight--;
    const current = options.ignorePage ? 1 : page;
    const start = (current - 1) * perPage - (options.overlap && current > 1 ? 1 : 0);
    const items = Array.from({ length: Math.max(0, Math.min(perPage, total - start)) }, (_, i) => ({ id: start + i + 1 }));
    return {
      items,
      pagination: { current_page: current, next_page: current < pages ? current + 1 : null, pages, per_page: perPage, previous_page: current > 1 ? current - 1 : null, total },
    };
  };
  return { fetchPage, requested, get maxInFlight() { return maxInFlight; } };
}

describe('collectPages', () => {
  it('reads every page once, concurrently within the bound, in order', async () => {
    const p = pager(260, 25);
    const result = await collectPages(p.fetchPage, { concurrency: 4, keyOf: (i) => i.id });
    assert.equal(result.items.length, 260);
    assert.deepEqual(result.items.map((i) => i.id), Array.from({ length: 260 }, (_, i) => i + 1));
    assert.equal(result.total, 260);
    assert.equal(result.pages, 11);
    assert.deepEqual([...p.requested].sort((a, b) => a - b), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    assert.ok(p.maxInFlight <= 4 && p.maxInFlight > 1, `max in flight ${p.maxInFlight}`);
  });

  it('deduplicates items that shifted between pages', async () => {
    const result = await collectPages(pager(100, 25, { overlap: true }).fetchPage, { concurrency: 3, keyOf: (i) => i.id });
    assert.equal(new Set(result.items.map((i) => i.id)).size, result.items.length);
  });

  it('stops and says so when the service ignores the page parameter', async () => {
    const p = pager(100, 25, { ignorePage: true });
    const result = await collectPages(p.fetchPage, { concurrency: 2, keyOf: (i) => i.id });
    assert.equal(result.items.length, 25);
    assert.match(result.warning!, /ignored the page parameter/);
    assert.ok(p.requested.length <= 4, `requested ${p.requested.length} pages`);
  });

  it('follows next_page when no page count is given, refusing to go backwards', async () => {
    let calls = 0;
    const result = await collectPages<Item>(async (page) => {
      calls++;
      return { items: [{ id: page }], pagination: { current_page: page, next_page: page < 3 ? page + 1 : 1, pages: 0, per_page: 1, total: 3 } as never };
    }, { concurrency: 4, keyOf: (i) => i.id });
    assert.deepEqual(result.items.map((i) => i.id), [1, 2, 3]);
    assert.equal(calls, 3);
    assert.match(result.warning!, /ignored/);
  });

  it('fails the listing with the first page error and stops the other workers', async () => {
    const requested: number[] = [];
    await assert.rejects(
      collectPages<Item>(async (page, signal) => {
        requested.push(page);
        if (page === 3) throw new Error('page 3 broke');
        await new Promise((resolve, reject) => {
          const t = setTimeout(resolve, 50);
          signal?.addEventListener('abort', () => { clearTimeout(t); reject(new Error('aborted')); });
        });
        return { items: [{ id: page }], pagination: { current_page: page, next_page: null, pages: 40, per_page: 1, total: 40 } };
      }, { concurrency: 4, keyOf: (i) => i.id }),
      /page 3 broke/,
    );
    assert.ok(requested.length < 10, `requested ${requested.length}`);
  });

  it('a listing without pagination is its one page', async () => {
    const result = await collectPages<Item>(async () => ({ items: [{ id: 1 }, { id: 1 }, { id: 2 }], pagination: undefined }), { concurrency: 4, keyOf: (i) => i.id });
    assert.deepEqual(result.items.map((i) => i.id), [1, 2]);
    assert.equal(result.total, 2);
  });
});
