/**
 * Serialized answers of hot public GETs, kept for a short time. Concurrent misses for the same key share one
 * computation, and `clear()` drops everything at once when the data behind the answers changes. The time limit
 * bounds staleness where several server processes share a database and only one of them saw the write.
 */
export type ResponseCache = {
  get(key: string, produce: () => Promise<unknown>): Promise<string>;
  clear(): void;
};

export function responseCache({ ttlMs, maxEntries }: { ttlMs: number; maxEntries: number }): ResponseCache {
  const entries = new Map<string, { expires: number; body: Promise<string> }>();
  let generation = 0;
  return {
    get(key, produce) {
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.expires > now) return hit.body;
      const startedIn = generation;
      const body = produce().then((value) => JSON.stringify(value));
      // Oldest first out: a Map iterates in insertion order.
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { expires: now + ttlMs, body });
      const forget = () => {
        if (entries.get(key)?.body === body) entries.delete(key);
      };
      // Computed from data a write has since changed: serve it to those who asked, keep it for nobody.
      body.then(() => generation !== startedIn && forget(), forget);
      return body;
    },
    clear() {
      generation += 1;
      entries.clear();
    },
  };
}
