import { sql, type Kysely } from 'kysely';
import type { SortKey } from '../../db/keyset';
import type { DB } from '../../db/schema';

/** Newest first, ties by id: the order of the value, bonus and audit lists and their exports. */
export const NEWEST_FIRST: SortKey[] = [
  { expression: sql.ref('created_at'), direction: 'desc' },
  { expression: sql.ref('id'), direction: 'desc' },
];

/**
 * Rows fetched by primary key once per export and kept while it runs: a million metric values
 * name only the 10,000 staff and a handful of types, so after the first batches every lookup is
 * a hit. Bounded by the size of the looked-up table. A record deleted during the export may
 * still name its rows; an export is not a snapshot (db/keyset.ts).
 */
export function lookupCache<T>(load: (ids: number[]) => Promise<(T & { id: number })[]>) {
  const known = new Map<number, T | null>();
  return {
    async get(ids: Iterable<number>): Promise<Map<number, T | null>> {
      const missing = [...new Set(ids)].filter((id) => !known.has(id));
      if (missing.length > 0) {
        const rows = await load(missing);
        for (const id of missing) known.set(id, null);
        for (const row of rows) known.set(row.id, row);
      }
      return known;
    },
  };
}

/** The name and email of each employee an export's rows point at. */
export function employeeLookup(db: Kysely<DB>) {
  return lookupCache((ids) =>
    db
      .selectFrom('employees')
      .select(['id', 'email', 'first_name', 'last_name'])
      .where('id', 'in', ids)
      .execute(),
  );
}
