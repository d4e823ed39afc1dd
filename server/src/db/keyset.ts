import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { PageCursor } from '#contract/page-cursor';

/**
 * Reading a whole table in its list order, a batch at a time, by keyset ("seek") pagination:
 * each batch starts strictly after the sort key values of the previous batch's last row. Unlike
 * an offset, that costs the same for the last batch as for the first, and unlike one long
 * cursor it holds no connection or lock between batches, so other requests run in between
 * (SQLite has a single connection). The order must be total (end with a unique key such as the
 * id), so that every row is read exactly once; rows written meanwhile may or may not be read.
 */

export interface SortKey {
  /** What the rows are ordered by: a column or an expression such as lower(last_name). */
  expression: Expression<unknown>;
  direction: 'asc' | 'desc';
}

/** The column each key's value is selected as, to read the cursor from the last row. */
export const keyAlias = (index: number) => `k${index}`;

/** Selects every key under its alias. */
export function keyColumns(keys: readonly SortKey[]) {
  return keys.map((key, index) => sql<unknown>`${key.expression}`.as(keyAlias(index)));
}

/**
 * Rows that come after `cursor` in the order of `keys`: (k1 > v1) or (k1 = v1 and k2 > v2) or
 * ..., with `>` read as `<` for descending keys. A null cursor value only occurs in a group a
 * previous key sorts apart (nulls last); there it equals null and has nothing after it. The
 * first key is also bounded on its own (k1 >= v1), which an index on it can serve.
 */
export function afterCursor(
  keys: readonly SortKey[],
  cursor: readonly unknown[],
): RawBuilder<SqlBool> {
  const alternatives: RawBuilder<SqlBool>[] = [];
  const equalSoFar: RawBuilder<SqlBool>[] = [];
  keys.forEach((key, index) => {
    const value = cursor[index];
    const after = key.direction === 'asc' ? sql.raw('>') : sql.raw('<');
    if (value !== null && value !== undefined) {
      alternatives.push(
        sql.join([...equalSoFar, sql<SqlBool>`${key.expression} ${after} ${value}`], sql` and `),
      );
      equalSoFar.push(sql<SqlBool>`${key.expression} = ${value}`);
    } else {
      equalSoFar.push(sql<SqlBool>`${key.expression} is null`);
    }
  });
  const anyAfter = sql<SqlBool>`(${sql.join(
    alternatives.map((condition) => sql`(${condition})`),
    sql` or `,
  )})`;
  const [first] = keys;
  const firstValue = cursor[0];
  if (!first || firstValue === null || firstValue === undefined) return anyAfter;
  const bound = first.direction === 'asc' ? sql.raw('>=') : sql.raw('<=');
  return sql<SqlBool>`${first.expression} ${bound} ${firstValue} and ${anyAfter}`;
}

/** Lets pending I/O (other requests) run: SQLite's queries answer without ever yielding. */
const otherWorkFirst = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Every row, batch by batch. `fetch` answers up to `limit` rows after the cursor condition
 * (null for the first batch), ordered by `keys` and carrying their values under keyAlias(i).
 * Stops at the first short batch. Between batches, other requests get their turn: without
 * that, an export from SQLite (whose driver is synchronous) would hold the event loop until
 * the socket pushed back.
 */
export async function* keysetBatches<Row extends Record<string, unknown>>(options: {
  keys: readonly SortKey[];
  batchSize: number;
  fetch(after: RawBuilder<SqlBool> | null, limit: number): Promise<Row[]>;
}): AsyncGenerator<Row[]> {
  const { keys, batchSize } = options;
  let after: RawBuilder<SqlBool> | null = null;
  for (;;) {
    const rows = await options.fetch(after, batchSize);
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
    await otherWorkFirst();
    const last = rows[rows.length - 1]!;
    after = afterCursor(
      keys,
      keys.map((_, index) => last[keyAlias(index)]),
    );
  }
}

/** The order of the lists read newest first, `created_at desc, id desc`: a total order. */
export const NEWEST_FIRST_KEYS: readonly SortKey[] = [
  { expression: sql.ref('created_at'), direction: 'desc' },
  { expression: sql.ref('id'), direction: 'desc' },
];

/**
 * Which rows of a list a page holds: `limit` rows `offset` rows down (page numbers), or the
 * `limit` rows after the row a cursor names (contract/page-cursor.ts), which is read with
 * afterCursor and one row more than the limit, to tell whether any follow.
 */
export type ListWindow = { limit: number; offset: number } | { limit: number; cursor: PageCursor };

/**
 * A page's rows and whether rows follow it. After a cursor, the rows read are one more than the
 * page when some follow. At a page number, some follow unless the page is short or ends at the
 * list's `total`, read in the same statement as the page's keys (the totals kept on write).
 */
export function pageAndMore<Row>(
  rows: Row[],
  window: ListWindow,
  total: number,
): { rows: Row[]; more: boolean } {
  if ('cursor' in window) {
    const more = rows.length > window.limit;
    return { rows: more ? rows.slice(0, window.limit) : rows, more };
  }
  // The rows as they are: a remembered page is answered as the very array kept.
  return { rows, more: rows.length === window.limit && window.offset + window.limit < total };
}
