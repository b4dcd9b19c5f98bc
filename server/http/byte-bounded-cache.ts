/**
 * A least-recently-used cache bounded by the size of what it holds: entries are weighed (`sizeOf`, about a byte per
 * character for text) and the least recently used go first once `maxBytes` is passed. An entry larger than the whole
 * budget is not kept.
 */
export function byteBoundedCache<T>(maxBytes: number, sizeOf: (value: T) => number) {
  const entries = new Map<string, { value: T; size: number }>();
  let bytes = 0;
  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.size;
  };
  return {
    get(key: string): T | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      // Most recently used last: a Map iterates in insertion order.
      entries.delete(key);
      entries.set(key, entry);
      return entry.value;
    },
    set(key: string, value: T): void {
      remove(key);
      const size = sizeOf(value) + key.length;
      if (size > maxBytes) return;
      while (bytes + size > maxBytes) remove(entries.keys().next().value!);
      entries.set(key, { value, size });
      bytes += size;
    },
    delete: remove,
    clear(): void {
      entries.clear();
      bytes = 0;
    },
    get bytes(): number {
      return bytes;
    },
  };
}
