/** Places (id prefixes) remembered at most: tag grouping makes one per tag, and tags come and go in a session. */
const MAX_PLACES = 500;

/**
 * The content of a view's rows by listing item, made once while the item and the rows' other inputs stay the
 * same. The store never changes an item in place (an update replaces it, src/kinds/resourceStore.ts), so an item
 * object a row was made from before, with the same inputs, makes the same row; and a refresh keeps the objects of
 * the items that did not change (src/model/sameItems.ts). VS Code fetching a whole view
 * again, and a rebuild for another listing's change (a volume's redraws the Stacklets view), then find 10,000
 * rows made, and ShownRows tells them unchanged by their content's identity rather than by comparing each.
 * It holds content, not the nodes handed VS Code: those take content from newer builds (ResourceNode.adopt).
 */
export class RowCache<T extends object, C> {
  private inputs: readonly unknown[] = [];
  private readonly places = new Map<string, WeakMap<T, C>>();

  /** The inputs of the rows made from now on besides their items (compared by ===): any change forgets every row. */
  use(inputs: readonly unknown[]): void {
    if (inputs.length === this.inputs.length && inputs.every((value, index) => value === this.inputs[index])) return;
    this.inputs = inputs;
    this.places.clear();
  }

  /** The content of the row of `item` at `place` (the prefix of its id: an item may be shown in more than one place). */
  row(item: T, place: string, make: () => C): C {
    let rows = this.places.get(place);
    if (!rows) {
      if (this.places.size >= MAX_PLACES) this.places.clear();
      this.places.set(place, (rows = new WeakMap()));
    }
    let content = rows.get(item);
    if (content === undefined) rows.set(item, (content = make()));
    return content;
  }
}
