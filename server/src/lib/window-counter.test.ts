import { describe, expect, it } from 'vitest';
import { createWindowCounter } from './window-counter';

describe('window counter', () => {
  it('admits up to the limit in a window, then says how many seconds are left', () => {
    const counter = createWindowCounter<number>({ limit: 3, windowMs: 60_000, maxKeys: 10 });
    const start = 1_000_000;
    expect([1, 2, 3].map((i) => counter.count(7, start + i))).toEqual([0, 0, 0]);
    expect(counter.count(7, start + 4)).toBe(60);
    expect(counter.count(7, start + 30_500)).toBe(30);
    // Another key is counted alone.
    expect(counter.count(8, start + 30_500)).toBe(0);
    // The window started with the first event: once it is over, the count starts again.
    expect(counter.count(7, start + 60_001)).toBe(0);
    expect(counter.count(7, start + 60_002)).toBe(0);
  });

  it('forgets ended windows first, then the oldest tenth, when it counts too many keys', () => {
    const counter = createWindowCounter<number>({ limit: 1, windowMs: 1_000, maxKeys: 20 });
    for (let key = 0; key < 10; key++) counter.count(key, 0);
    for (let key = 10; key < 20; key++) counter.count(key, 5_000);
    expect(counter.size).toBe(20);
    counter.count(20, 5_500);
    // The ten whose window had ended went, nobody else.
    expect(counter.size).toBe(11);
    expect(counter.count(10, 5_600)).toBeGreaterThan(0);

    for (let key = 21; key < 30; key++) counter.count(key, 5_700);
    expect(counter.size).toBe(20);
    counter.count(30, 5_800);
    // None had ended: the two oldest (18 kept of 20) start again from nothing.
    expect(counter.size).toBe(19);
    expect(counter.count(10, 5_900)).toBe(0);
    expect(counter.count(12, 5_900)).toBeGreaterThan(0);
  });
});
