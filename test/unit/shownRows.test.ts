// What a view hands VS Code again after a rebuild (src/views/shownRows.ts): nothing for the same rows, the
// changed rows alone, a list whole when its rows came, went or moved. Rows are plain stand-ins for
// ResourceNode here (the record needs an id, the content and adopt).
import * as assert from 'node:assert/strict';
import type { ResourceNode } from '../../src/views/resourceNode';
import { ROOT, ShownRows, type RowPrint } from '../../src/views/shownRows';

interface Content {
  readonly label: string;
  readonly open?: number;
  readonly data?: unknown;
}

class Row {
  constructor(
    readonly id: string,
    public content: Content,
  ) {}

  get init() {
    return this.content.data === undefined ? {} : { resource: { data: this.content.data } };
  }

  adopt(newer: Row): void {
    this.content = newer.content;
  }
}

const print = (node: ResourceNode): RowPrint => {
  const { content } = node as unknown as Row;
  return { text: content.label, open: content.open };
};
const rows = (...specs: [string, Content][]) => specs.map(([id, content]) => new Row(id, content) as unknown as ResourceNode);
const ids = (nodes: readonly ResourceNode[]) => nodes.map((node) => node.id);

describe('the rows a view handed VS Code', () => {
  const three = () => rows(['a', { label: 'A' }], ['b', { label: 'B' }], ['c', { label: 'C' }]);

  it('hands nothing again for the same rows, and keeps the objects handed before', () => {
    const shown = new ShownRows(print);
    const first = shown.record(ROOT, three(), true);
    assert.deepEqual({ whole: first.whole, rows: first.rows }, { whole: false, rows: [] }, 'a first build redraws nothing');
    const again = shown.record(ROOT, three(), true);
    assert.deepEqual({ whole: again.whole, rows: again.rows }, { whole: false, rows: [] });
    assert.ok(again.nodes.every((node, index) => node === first.nodes[index]), 'the same objects');
  });

  it('redraws a changed row alone, in the object VS Code was handed, with the newer content', () => {
    const shown = new ShownRows(print);
    const first = shown.record(ROOT, three(), true);
    const change = shown.record(ROOT, rows(['a', { label: 'A' }], ['b', { label: 'B, resized' }], ['c', { label: 'C' }]), true);
    assert.equal(change.whole, false);
    assert.deepEqual(change.rows, [first.nodes[1]]);
    assert.equal((change.nodes[1] as unknown as Row).content.label, 'B, resized');
  });

  it('prints no row of a first build, and prints a row from what it still holds when a newer build comes', () => {
    const printed: string[] = [];
    const counting = (node: ResourceNode): RowPrint => {
      printed.push((node as unknown as Row).content.label);
      return print(node);
    };
    const shown = new ShownRows(counting);
    shown.record(ROOT, three(), true);
    assert.deepEqual(printed, [], 'a first listing of 10,000 rows prints none');
    const change = shown.record(ROOT, rows(['a', { label: 'A' }], ['b', { label: 'B2' }], ['c', { label: 'C' }]), true);
    assert.deepEqual(printed, ['A', 'A', 'B', 'B2', 'C', 'C'], 'each row before and after it took the newer content');
    assert.deepEqual(ids(change.rows), ['b']);
    printed.length = 0;
    shown.record(ROOT, rows(['a', { label: 'A' }], ['b', { label: 'B2' }], ['c', { label: 'C' }]), true);
    assert.deepEqual(printed, ['A', 'B2', 'C'], 'then once a build');
  });

  it('prints nothing again for a row built from the same content (RowCache), but a counting row', () => {
    // A stand-in whose content is the object it was built from, as ResourceNode's init is.
    class Built {
      constructor(readonly id: string, public init: { label: string; counts?: string }) {}
      adopt(newer: Built): void {
        this.init = newer.init;
      }
    }
    const contents = [{ label: 'A' }, { label: 'Volumes', counts: 'volume' }, { label: 'C' }];
    const build = () => contents.map((content, index) => new Built(String(index), content) as unknown as ResourceNode);
    const printed: string[] = [];
    const shown = new ShownRows((node) => {
      const { label } = (node as unknown as Built).init;
      printed.push(label);
      return { text: label, open: undefined };
    });
    const first = shown.record(ROOT, build(), true);
    printed.length = 0;
    const again = shown.record(ROOT, build(), true);
    assert.deepEqual(printed, ['Volumes'], 'only the counting row, whose count its listing holds');
    assert.deepEqual({ whole: again.whole, rows: again.rows }, { whole: false, rows: [] });
    assert.ok(again.nodes.every((node, index) => node === first.nodes[index]), 'the objects handed before');
    contents[2] = { label: 'C, resized' };
    const changed = shown.record(ROOT, build(), true);
    assert.deepEqual(ids(changed.rows), ['2'], 'newer content is compared as before');
  });

  it('redraws a row whose resource changed where its row shows the same', () => {
    const shown = new ShownRows(print);
    shown.record(ROOT, rows(['a', { label: 'A', data: { tags: ['x'] } }], ['b', { label: 'B', data: { tags: [] } }], ['c', { label: 'C' }]), true);
    const change = shown.record(ROOT, rows(['a', { label: 'A', data: { tags: ['x', 'y'] } }], ['b', { label: 'B', data: { tags: [] } }], ['c', { label: 'C' }]), true);
    assert.deepEqual(ids(change.rows), ['a']);
  });

  it('hands a list whole when rows came, went or moved, when a row gained children, or most rows changed', () => {
    const cases: [string, ResourceNode[]][] = [
      ['came', rows(['a', { label: 'A' }], ['b', { label: 'B' }], ['c', { label: 'C' }], ['d', { label: 'D' }])],
      ['went', rows(['a', { label: 'A' }], ['c', { label: 'C' }])],
      ['moved', rows(['b', { label: 'B' }], ['a', { label: 'A' }], ['c', { label: 'C' }])],
      ['children', rows(['a', { label: 'A', open: 1 }], ['b', { label: 'B' }], ['c', { label: 'C' }])],
      ['most changed', rows(['a', { label: 'A2' }], ['b', { label: 'B2' }], ['c', { label: 'C' }])],
    ];
    for (const [what, list] of cases) {
      const shown = new ShownRows(print);
      shown.record(ROOT, three(), true);
      assert.equal(shown.record(ROOT, list, true).whole, true, what);
    }
  });

  it('lets a build older than the rows change nothing, and hands its list whole next time', () => {
    const shown = new ShownRows(print);
    const first = shown.record(ROOT, three(), true);
    const stale = shown.record(ROOT, rows(['a', { label: 'A, old' }], ['b', { label: 'B' }], ['c', { label: 'C' }]), false);
    assert.equal((stale.nodes[0] as unknown as Row).content.label, 'A', 'the newer content stays');
    assert.equal(stale.nodes[0], first.nodes[0]);
    assert.equal(shown.record(ROOT, three(), true).whole, true, 'what VS Code was handed is not known: the list is handed again');
    assert.equal(shown.record(ROOT, three(), true).whole, false);
  });

  it('forgets the lists not kept, and the rows only they held', () => {
    const shown = new ShownRows(print);
    shown.record(ROOT, three(), true);
    shown.record('a', rows(['a/1', { label: 'A1' }]), true);
    shown.keep(new Set([ROOT]));
    assert.equal(shown.has('a'), false);
    assert.equal(shown.node('a/1'), undefined);
    assert.ok(shown.node('a'));
  });
});
