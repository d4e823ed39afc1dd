import { describe, expect, it } from 'vitest';
import { createRepeatFilter } from './repeat-filter';

describe('repeat filter', () => {
  it('says a key is repeated only the second time it is seen, then forgets it', () => {
    const filter = createRepeatFilter(10);
    expect(filter.seenBefore('a')).toBe(false);
    expect(filter.seenBefore('b')).toBe(false);
    expect(filter.seenBefore('a')).toBe(true);
    expect(filter.seenBefore('a')).toBe(false);
    expect(filter.seenBefore('b')).toBe(true);
  });

  it('forgets everything at once when full, and keeps no more than its limit', () => {
    const filter = createRepeatFilter(3);
    for (const key of 'abc') filter.seenBefore(key);
    expect(filter.size).toBe(3);
    expect(filter.seenBefore('d')).toBe(false);
    expect(filter.size).toBe(1);
    expect(filter.seenBefore('a')).toBe(false);
    expect(filter.seenBefore('d')).toBe(true);
  });

  it('forgets everything when cleared', () => {
    const filter = createRepeatFilter(3);
    filter.seenBefore('a');
    filter.clear();
    expect(filter.seenBefore('a')).toBe(false);
  });
});
