/**
 * Results cached in memory (spec §4): the same search is not sent twice, and the oldest entry is
 * dropped when the cache is full. A failed search is not kept.
 */
type Searchable = { search: (...args: never[]) => Promise<unknown> };

export function withResultCache<C extends Searchable>(client: C, size: number): C {
  const cache = new Map<string, Promise<unknown>>();
  const search = (...args: Parameters<C["search"]>) => {
    const key = JSON.stringify(args);
    const hit = cache.get(key);
    if (hit) {
      // Most recently used goes to the back, so the front is always the oldest.
      cache.delete(key);
      cache.set(key, hit);
      return hit;
    }
    const pending = client.search(...args);
    cache.set(key, pending);
    pending.catch(() => cache.delete(key));
    while (cache.size > size) cache.delete(cache.keys().next().value as string);
    return pending;
  };
  return { ...client, search } as C;
}
