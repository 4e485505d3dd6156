import equal from 'fast-deep-equal';
import type { ResourceNode } from './resourceNode';

/** The key of a view's top-level rows; other lists are keyed by their parent row's id. */
export const ROOT = '';

/** What a row shows, to tell whether a newer build of it shows something else. */
export interface RowPrint {
  /** Everything its TreeItem shows but whether it opens. */
  readonly text: string;
  /** Its collapsible state: a row that gains or loses children is redrawn with its parent's list. */
  readonly open: number | undefined;
}

/** How a newer build of one list differs from the list VS Code was handed. */
export interface ListChange {
  /** The rows, one object per id: the ones VS Code was handed before, holding the newer content. */
  readonly nodes: ResourceNode[];
  /** Rows came, went or moved (or most of them changed): the list is handed again whole. */
  readonly whole: boolean;
  /** Otherwise the rows whose content changed, each to be redrawn alone. */
  readonly rows: ResourceNode[];
}

interface ShownList {
  readonly ids: readonly string[];
  /** Built from what may be older than the rows now (the rows changed during its build). */
  readonly dirty: boolean;
}

/**
 * The rows a view handed VS Code, list by list, one object per row id. VS Code keeps memory for every row it is
 * handed until its TreeView is disposed (a DisposableStore per row, microsoft/vscode#202080), so a view built
 * again after a refresh hands it only what differs: nothing when the rows are the same, the changed rows alone
 * (refreshed in place, which VS Code looks up by the object it was handed) when only they changed.
 */
export class ShownRows {
  private readonly nodes = new Map<string, ResourceNode>();
  private readonly prints = new Map<string, RowPrint>();
  private readonly lists = new Map<string, ShownList>();

  constructor(private readonly print: (node: ResourceNode) => RowPrint) {}

  /** Whether the list under `key` was handed. */
  has(key: string): boolean {
    return this.lists.has(key);
  }

  /** The row of this id, as it was handed. */
  node(id: string): ResourceNode | undefined {
    return this.nodes.get(id);
  }

  /**
   * Records a build of the list under `key`. A build that is `current` (nothing the rows depend on changed
   * while it ran) gives its content to the rows handed before; an older one only adds the rows it has new and
   * leaves the list to be handed whole next time.
   */
  record(key: string, built: readonly ResourceNode[], current: boolean): ListChange {
    const previous = this.lists.get(key);
    let whole = !!previous && (previous.dirty || previous.ids.length !== built.length);
    const rows: ResourceNode[] = [];
    const nodes = built.map((fresh, index) => {
      const existing = this.nodes.get(fresh.id);
      if (previous && previous.ids[index] !== fresh.id) whole = true;
      if (!existing) {
        this.nodes.set(fresh.id, fresh);
        // A row is printed when a newer build comes, from what it still holds: a first listing of 10,000 rows
        // prints none. A counting row is printed now, which records its count (ResourceTreeProvider.countOf).
        if (fresh.init.counts !== undefined) this.prints.set(fresh.id, this.print(fresh));
        return fresh;
      }
      if (!current) return existing;
      // The same content as before (RowCache): nothing it shows can differ, but a count, which its listing holds.
      if (existing.init === fresh.init && fresh.init.counts === undefined) return existing;
      const before = this.prints.get(fresh.id) ?? this.print(existing);
      const data = existing.init.resource?.data;
      if (existing !== fresh) existing.adopt(fresh);
      const after = this.print(existing);
      this.prints.set(fresh.id, after);
      if (before.open !== after.open) whole = true;
      else if (before.text !== after.text || !equal(data, existing.init.resource?.data)) rows.push(existing);
      return existing;
    });
    this.lists.set(key, { ids: nodes.map((node) => node.id), dirty: !current });
    // Redrawing most of a list row by row costs VS Code more than drawing it again.
    if (!previous) return { nodes, whole: false, rows: [] };
    return { nodes, whole: whole || (rows.length > 1 && rows.length * 2 > nodes.length), rows };
  }

  /** Keeps the lists under these keys and the rows they hold, and forgets the rest. */
  keep(keys: ReadonlySet<string>): void {
    for (const key of this.lists.keys()) if (!keys.has(key)) this.lists.delete(key);
    const ids = new Set([...this.lists.values()].flatMap((list) => list.ids));
    for (const id of this.nodes.keys()) {
      if (!ids.has(id)) {
        this.nodes.delete(id);
        this.prints.delete(id);
      }
    }
  }

  clear(): void {
    this.nodes.clear();
    this.prints.clear();
    this.lists.clear();
  }
}
