/**
 * Keys seen once and not yet again: a cache asks it whether a key is worth keeping, so that an
 * answer is kept only when its key comes back (the "doorkeeper" of TinyLFU caches). Most keys
 * are asked for once: a search while its text is typed, a page visited in passing, a URL made
 * unique. Kept at once, each such answer was copied by the garbage collector into the old
 * generation and then evicted unread.
 *
 * It remembers a 32-bit hash of each key in a fixed table of `slots`, one key a slot: a key is
 * forgotten when a later one lands in its slot. Holding the keys themselves (a Set of strings,
 * cleared when full) kept every request's key for a second or two under load, long enough for
 * the garbage collector to copy each into the old generation. Two keys with the same hash in the
 * same slot make the second look repeated: its answer is then kept at its first ask, which
 * costs memory, never a wrong answer.
 */
export interface RepeatFilter {
  /** True when the key was seen since the last clear (and forgets it); records it otherwise. */
  seenBefore(key: string): boolean;
  clear(): void;
}

/**
 * FNV-1a over the key's UTF-16 code units, then MurmurHash3's finaliser so that the low bits
 * (the slot) differ between keys that differ only near their end; never 0 (an empty slot).
 */
function hashOf(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  }
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return (hash ^ (hash >>> 16)) >>> 0 || 1;
}

export function createRepeatFilter(slots: number): RepeatFilter {
  const size = 2 ** Math.ceil(Math.log2(Math.max(slots, 1)));
  const seen = new Uint32Array(size);
  const mask = size - 1;
  return {
    seenBefore(key) {
      const hash = hashOf(key);
      const slot = hash & mask;
      if (seen[slot] === hash) {
        seen[slot] = 0;
        return true;
      }
      seen[slot] = hash;
      return false;
    },
    clear: () => seen.fill(0),
  };
}
