/**
 * JSON text of replies. List pages reuse each record's JSON text while nothing has changed (the world's
 * revision moves on every mutation and every finished task), so serving a page of a 10,000-stacklet account
 * costs a join, not a stringify of every record on every request.
 */
const cache = new WeakMap<object, { revision: number; json: string }>();

export function cachedJson(value: object, revision: number): string {
  const hit = cache.get(value);
  if (hit && hit.revision === revision) return hit.json;
  const json = JSON.stringify(value);
  cache.set(value, { revision, json });
  return json;
}

/**
 * Serialises `body`; with `cacheItems`, the elements of its top-level arrays (stored records) come from the
 * cache. Other values are serialised as usual.
 */
export function serializeBody(body: unknown, cacheItems: boolean, revision: number): string {
  if (!cacheItems || typeof body !== 'object' || body === null || Array.isArray(body)) return JSON.stringify(body);
  const parts: string[] = [];
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined) continue;
    const json = Array.isArray(value)
      ? `[${value.map((item: unknown) => (typeof item === 'object' && item !== null ? cachedJson(item, revision) : JSON.stringify(item))).join(',')}]`
      : JSON.stringify(value);
    parts.push(`${JSON.stringify(key)}:${json}`);
  }
  return `{${parts.join(',')}}`;
}
