import { describe, expect, it } from 'vitest';
import { createRepeatFilter } from './repeat-filter';

describe('repeat filter', () => {
  it('says a key is repeated only the second time it is seen, then forgets it', () => {
    const filter = createRepeatFilter(16);
    expect(filter.seenBefore('a')).toBe(false);
    expect(filter.seenBefore('b')).toBe(false);
    expect(filter.seenBefore('a')).toBe(true);
    expect(filter.seenBefore('a')).toBe(false);
    expect(filter.seenBefore('b')).toBe(true);
  });

  it('remembers a key until a later one takes its slot, in a table of fixed size', () => {
    const filter = createRepeatFilter(1);
    filter.seenBefore('a');
    expect(filter.seenBefore('b')).toBe(false);
    expect(filter.seenBefore('a')).toBe(false);
    expect(filter.seenBefore('a')).toBe(true);
  });

  it('recognises most of its slots’ worth of keys coming back', () => {
    const filter = createRepeatFilter(16_384);
    const keys = Array.from(
      { length: 2_000 },
      (_, i) => `7\u00002026-11-29\u000042\u0000/api/x?page=${i}`,
    );
    keys.forEach((key) => expect(filter.seenBefore(key)).toBe(false));
    const repeated = keys.filter((key) => filter.seenBefore(key)).length;
    // 2,000 keys in 16,384 slots: some 120 pairs share a slot (2,000² / 2 / 16,384), and in this
    // order both of a pair are forgotten, one on each pass: about 1,760 recognised.
    expect(repeated).toBeGreaterThan(1_700);
  });

  it('forgets everything when cleared', () => {
    const filter = createRepeatFilter(16);
    filter.seenBefore('a');
    filter.clear();
    expect(filter.seenBefore('a')).toBe(false);
  });
});
