import { describe, expect, it } from 'vitest';
import { createLruTextStore, ENTRY_OVERHEAD_BYTES } from './lru-text-store';

const entry = (text: string) => ({ text });
/** What one entry of a one-character key and a text of `length` characters counts for. */
const cost = (length: number) => 1 + length + ENTRY_OVERHEAD_BYTES;

describe('LRU text store', () => {
  it('counts keys, texts and bookkeeping, and a replaced entry once', () => {
    const store = createLruTextStore({ maxBytes: 10_000 });
    store.set('a', entry('x'.repeat(100)));
    store.set('b', entry('y'.repeat(50)));
    store.set('a', entry('z'.repeat(10)));
    expect(store.size).toBe(2);
    expect(store.bytes).toBe(cost(50) + cost(10));
    expect(store.get('a')?.text).toBe('z'.repeat(10));
  });

  it('drops the least recently used entries down to the low-water mark when full', () => {
    const store = createLruTextStore({ maxBytes: 10 * cost(100), lowWater: 0.5 });
    for (const key of 'abcdefghij') store.set(key, entry('.'.repeat(100)));
    expect(store.size).toBe(10);
    // Reading "a" makes it the most recently used: "b" is now the oldest.
    expect(store.get('a')).toBeDefined();

    store.set('k', entry('.'.repeat(100)));
    // Over by one entry: down to half, the six least recently used gone at once.
    expect(store.size).toBe(5);
    expect(store.bytes).toBeLessThanOrEqual(5 * cost(100));
    for (const gone of 'bcdefg') expect(store.get(gone)).toBeUndefined();
    for (const kept of 'hijak') expect(store.get(kept)).toBeDefined();
  });

  it('tells whether a key is held without making it the most recently used', () => {
    const store = createLruTextStore({ maxBytes: 2 * cost(100), lowWater: 1 });
    store.set('a', entry('.'.repeat(100)));
    store.set('b', entry('.'.repeat(100)));
    expect(store.has('a')).toBe(true);
    expect(store.has('z')).toBe(false);
    // "a" is still the oldest: the next entry pushes it out, not "b".
    store.set('c', entry('.'.repeat(100)));
    expect(store.has('a')).toBe(false);
    expect(store.has('b')).toBe(true);
  });

  it('holds an entry larger than a batch by itself, and nothing beyond its size', () => {
    const store = createLruTextStore({ maxBytes: 1_000 });
    store.set('a', entry('.'.repeat(400)));
    store.set('b', entry('.'.repeat(5_000)));
    expect(store.size).toBe(0);
    expect(store.bytes).toBe(0);
  });

  it('forgets everything on clear', () => {
    const store = createLruTextStore({ maxBytes: 1_000 });
    store.set('a', entry('text'));
    store.clear();
    expect(store.get('a')).toBeUndefined();
    expect(store.bytes).toBe(0);
  });
});
