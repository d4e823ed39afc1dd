/**
 * Texts (or their UTF-8 bytes, as answers are sent) by key, least recently used first out, within
 * a size in bytes that counts each entry's key, text and bookkeeping (so a million tiny answers
 * cannot outgrow it through their keys).
 *
 * When an addition goes over the size, the oldest entries go until the store is down to
 * `lowWater` of it, not just one: a JavaScript Map iterates from its oldest slot, stepping over the
 * slots its deletions left until it next compacts, so evicting one entry per addition walked
 * thousands of empty slots each time once the cache was full. Evicting a batch
 * pays that walk once for hundreds of additions.
 */
export interface LruTextStore<T extends { text: string | Uint8Array }> {
  /** The entry, now the most recently used; undefined when absent. */
  get(key: string): T | undefined;
  /** Whether the key is held, leaving its place in the order alone. */
  has(key: string): boolean;
  set(key: string, value: T): void;
  clear(): void;
  /** Bytes held, as counted. */
  readonly bytes: number;
  readonly size: number;
}

/** A Map entry's own memory beyond its key and text, roughly (entry slot, object, headers). */
export const ENTRY_OVERHEAD_BYTES = 160;

export function createLruTextStore<T extends { text: string | Uint8Array }>({
  maxBytes,
  lowWater = 0.9,
}: {
  maxBytes: number;
  lowWater?: number;
}): LruTextStore<T> {
  const entries = new Map<string, T>();
  let bytes = 0;
  const sizeOf = (key: string, value: T) => key.length + value.text.length + ENTRY_OVERHEAD_BYTES;

  function evictOldest() {
    const target = maxBytes * lowWater;
    for (const [key, value] of entries) {
      if (bytes <= target) break;
      entries.delete(key);
      bytes -= sizeOf(key, value);
    }
  }

  return {
    get(key) {
      const value = entries.get(key);
      if (value === undefined) return undefined;
      entries.delete(key);
      entries.set(key, value);
      return value;
    },
    has: (key) => entries.has(key),
    set(key, value) {
      const known = entries.get(key);
      if (known !== undefined) {
        entries.delete(key);
        bytes -= sizeOf(key, known);
      }
      entries.set(key, value);
      bytes += sizeOf(key, value);
      if (bytes > maxBytes) evictOldest();
    },
    clear() {
      entries.clear();
      bytes = 0;
    },
    get bytes() {
      return bytes;
    },
    get size() {
      return entries.size;
    },
  };
}
