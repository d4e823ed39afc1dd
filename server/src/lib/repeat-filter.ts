/**
 * Keys seen once and not yet again: a cache asks it whether a key is worth keeping, so that an
 * answer is kept only when its key comes back (the "doorkeeper" of TinyLFU caches). Most keys
 * are asked for once: a search while its text is typed, a page visited in passing, a URL made
 * unique. Kept at once, each such answer was copied by the garbage collector into the old
 * generation and then evicted unread.
 *
 * At most `maxKeys` are remembered; past that all are forgotten at once (a key then has to be
 * seen twice more), which costs one Set's clear instead of an eviction order.
 */
export interface RepeatFilter {
  /** True when the key was seen since the last clear (and forgets it); records it otherwise. */
  seenBefore(key: string): boolean;
  clear(): void;
  readonly size: number;
}

export function createRepeatFilter(maxKeys: number): RepeatFilter {
  const seen = new Set<string>();
  return {
    seenBefore(key) {
      if (seen.delete(key)) return true;
      if (seen.size >= maxKeys) seen.clear();
      seen.add(key);
      return false;
    },
    clear: () => seen.clear(),
    get size() {
      return seen.size;
    },
  };
}
