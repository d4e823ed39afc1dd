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
