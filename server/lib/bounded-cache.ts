/**
 * A map bounded by the total size of what it holds: when a new entry takes it over `maxBytes`, the least recently
 * used entries go first. Sizes are given by the caller (what an entry costs in memory or on disk). An entry bigger
 * than `maxEntryBytes` is not kept at all, so one huge answer cannot push out everything else.
 */
export type BoundedCache<V> = {
  /** The value, now the most recently used; undefined when absent. */
  get(key: string): V | undefined;
  set(key: string, value: V, bytes: number): void;
  delete(key: string): void;
  clear(): void;
  /** The sizes held, in bytes. */
  readonly bytes: number;
  readonly size: number;
  keys(): IterableIterator<string>;
};

export function boundedCache<V>({
  maxBytes,
  maxEntryBytes = maxBytes,
  onEvict,
}: {
  maxBytes: number;
  maxEntryBytes?: number;
  /** Called for every entry pushed out by the bound (not for delete or clear). */
  onEvict?: (key: string, value: V) => void;
}): BoundedCache<V> {
  // A Map iterates in insertion order; a read moves its entry to the end, so the first entry is the least recent.
  const entries = new Map<string, { value: V; bytes: number }>();
  let total = 0;
  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    entries.delete(key);
    total -= entry.bytes;
    return entry;
  };
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      entries.set(key, entry);
      return entry.value;
    },
    set(key, value, bytes) {
      remove(key);
      if (bytes > maxEntryBytes || bytes > maxBytes) return;
      entries.set(key, { value, bytes });
      total += bytes;
      while (total > maxBytes) {
        const oldest = entries.keys().next().value!;
        const evicted = remove(oldest)!;
        onEvict?.(oldest, evicted.value);
      }
    },
    delete(key) {
      remove(key);
    },
    clear() {
      entries.clear();
      total = 0;
    },
    get bytes() {
      return total;
    },
    get size() {
      return entries.size;
    },
    keys: () => entries.keys(),
  };
}
