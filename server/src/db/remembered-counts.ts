import type { Kysely } from 'kysely';
import type { DB } from './schema';

/**
 * A list's search totals, counted once per data version. Counting a search's matches costs in
 * proportion to them, and a page needs the count before it can choose how to find its rows:
 * for HR's pending questions matching a common word, most of the page's time went to it. The
 * same search is asked again far more often than the data changes (the next page, another
 * person, a list polled), so the count is kept with the data version it was made at and reused
 * while the version holds.
 *
 * The version is the one the guard read with the caller's account (migration 0007 moves it with
 * every write to a table the API reads, on any instance), read before the count, so the count
 * is at least that new: no count outlives the write that changes it. Without a version (a caller
 * the guard did not read), the count is made every time. A first count under way is joined, not
 * repeated: 50 people searching a new term at once would otherwise make 50 counts, which on
 * PostgreSQL compete for the same cores.
 */

interface Remembered<T> {
  version: number;
  count: Promise<T>;
}

const REMEMBERED_COUNTS = 512;
const remembered = new WeakMap<Kysely<DB>, Map<string, Remembered<unknown>>>();

/** A map per database (tests open several), made on first use. */
export function perDatabase<T>(maps: WeakMap<Kysely<DB>, Map<string, T>>, db: Kysely<DB>) {
  let map = maps.get(db);
  if (!map) maps.set(db, (map = new Map()));
  return map;
}

/**
 * `count()`, or what it answered before at this data version for this `key` (which must name
 * the list and everything the count depends on).
 */
export function countAtVersion<T>(
  db: Kysely<DB>,
  version: number | null,
  key: string,
  count: () => Promise<T>,
): Promise<T> {
  if (version === null) return count();
  const counts = perDatabase(remembered, db) as Map<string, Remembered<T>>;
  const known = counts.get(key);
  if (known && known.version === version) return known.count;
  const counting = count();
  // A caller holding an older version (its guard read before a write) does not replace a newer one.
  if (!known || known.version < version) {
    counts.delete(key); // set again last: the map's order is the order of first use
    counts.set(key, { version, count: counting });
    if (counts.size > REMEMBERED_COUNTS) counts.delete(counts.keys().next().value!);
    counting.catch(() => {
      if (counts.get(key)?.count === counting) counts.delete(key);
    });
  }
  return counting;
}
