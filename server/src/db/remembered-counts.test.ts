import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { countAtVersion } from './remembered-counts';
import type { DB } from './schema';

/** A database stands only for the key of its own remembered counts here. */
const database = () => ({}) as Kysely<DB>;

function counter(answers: number[]) {
  let calls = 0;
  return {
    count: () => Promise.resolve(answers[calls++] ?? -1),
    get calls() {
      return calls;
    },
  };
}

describe('search counts remembered per data version', () => {
  it('counts once per version, and again when the version moves', async () => {
    const db = database();
    const made = counter([5, 6]);
    expect(await countAtVersion(db, 7, 'staff son', made.count)).toBe(5);
    expect(await countAtVersion(db, 7, 'staff son', made.count)).toBe(5);
    expect(made.calls).toBe(1);
    expect(await countAtVersion(db, 8, 'staff son', made.count)).toBe(6);
    expect(made.calls).toBe(2);
  });

  it('keeps each key apart, and each database', async () => {
    const [db, other] = [database(), database()];
    expect(await countAtVersion(db, 1, 'a', () => Promise.resolve(1))).toBe(1);
    expect(await countAtVersion(db, 1, 'b', () => Promise.resolve(2))).toBe(2);
    expect(await countAtVersion(other, 1, 'a', () => Promise.resolve(3))).toBe(3);
    expect(await countAtVersion(db, 1, 'a', () => Promise.resolve(9))).toBe(1);
  });

  it('joins a first count under way instead of counting again', async () => {
    const db = database();
    const made = counter([4]);
    const counts = await Promise.all(
      Array.from({ length: 20 }, () => countAtVersion(db, 3, 'q', made.count)),
    );
    expect(counts).toEqual(Array(20).fill(4));
    expect(made.calls).toBe(1);
  });

  it('does not let a caller with an older version replace a newer count', async () => {
    const db = database();
    expect(await countAtVersion(db, 10, 'k', () => Promise.resolve(10))).toBe(10);
    expect(await countAtVersion(db, 9, 'k', () => Promise.resolve(9))).toBe(9);
    expect(await countAtVersion(db, 10, 'k', () => Promise.resolve(-1))).toBe(10);
  });

  it('counts every time without a version, and forgets a count that failed', async () => {
    const db = database();
    const made = counter([1, 2]);
    await countAtVersion(db, null, 'k', made.count);
    await countAtVersion(db, null, 'k', made.count);
    expect(made.calls).toBe(2);
    await expect(
      countAtVersion(db, 1, 'k', () => Promise.reject(new Error('lost'))),
    ).rejects.toThrow('lost');
    expect(await countAtVersion(db, 1, 'k', () => Promise.resolve(7))).toBe(7);
  });
});
