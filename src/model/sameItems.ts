import equal from 'fast-deep-equal';

/**
 * A listing read again, with each item equal to one it had before replaced by that earlier object. The views
 * keep what they made from an item by its identity (src/views/rowCache.ts), so a refresh that changed one
 * stacklet on every page (every page's answer is new, every item a new object) rebuilds one row per page, not
 * all of them. An item is looked for at its own index first (a listing mostly keeps its order), then, once
 * something came or went, by `key`. Items are plain JSON, which is what deep equality compares.
 */
export function keepSame<T>(before: readonly T[], after: readonly T[], key?: (item: T) => string | number): readonly T[] {
  if (before.length === 0) return after;
  let byKey: Map<string | number, T> | undefined;
  return after.map((item, index) => {
    const at = before[index];
    if (!key) return at !== undefined && equal(at, item) ? at : item;
    // The keys first: deep equality compares an object's last properties first, and an id comes first.
    const id = key(item);
    if (at !== undefined && key(at) === id) return equal(at, item) ? at : item;
    byKey ??= new Map(before.map((old) => [key(old), old]));
    const old = byKey.get(id);
    return old !== undefined && equal(old, item) ? old : item;
  });
}
