/**
 * Answers a service computed for one key (an employee), each with the version of what it shows:
 * handed out again while the version read now is the same, so a caller's own figures are
 * computed once per change instead of on every request. The answers are marked `unchanging`,
 * so each route's serialiser also keeps their text (lib/response-serializer.ts).
 *
 * At most `maxEntries`; past that the oldest tenth goes at once (lib/lru-text-store.ts says why
 * not one at a time). A key's place is refreshed when its answer is stored, not when it is read:
 * reads are the hot path, and a key read often is stored again after every change anyway.
 */
export interface RememberedAnswers<K, A> {
  /** The answer kept for `key` at `version`; undefined when none, or one at another version. */
  at(key: K, version: string | number): A | undefined;
  remember(key: K, version: string | number, answer: A): void;
  readonly size: number;
}

export function createRememberedAnswers<K, A>(maxEntries: number): RememberedAnswers<K, A> {
  const entries = new Map<K, { version: string | number; answer: A }>();
  return {
    at(key, version) {
      const entry = entries.get(key);
      return entry?.version === version ? entry.answer : undefined;
    },
    remember(key, version, answer) {
      entries.delete(key);
      entries.set(key, { version, answer });
      if (entries.size <= maxEntries) return;
      let excess = entries.size - Math.floor(maxEntries * 0.9);
      for (const oldest of entries.keys()) {
        if (excess-- <= 0) break;
        entries.delete(oldest);
      }
    },
    get size() {
      return entries.size;
    },
  };
}
