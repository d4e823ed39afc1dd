import { sql, type RawBuilder } from 'kysely';
import type { TableVersionsTable } from './schema';

/** A table whose version (migration 0021) moves when what list items show of its rows may. */
export type VersionedTable = TableVersionsTable['name'];

/**
 * The versions of `tables` as one text (`3.0`), for every item of a page alike: what the items
 * show of those tables' rows is as it was while this text is the same.
 */
export function tableVersions(tables: readonly VersionedTable[]): RawBuilder<string | null> {
  if (tables.length === 0) return sql<null>`null`;
  // One lookup by name each, joined in the order given: an aggregate over them would sort.
  const versionOf = (table: VersionedTable) =>
    sql`cast((select version from table_versions where name = ${sql.lit(table)}) as text)`;
  return sql<string>`(${sql.join(tables.map(versionOf), sql` || '.' || `)})`;
}

/**
 * The columns of a list page's keys statement, which reads one row whatever the page
 * (lib/remembered-items.ts, `PageKeys`): `keys` (`pageKeysText`) and `tables`, the versions of
 * the tables the items also show.
 */
export function pageKeyColumns(
  id: RawBuilder<unknown>,
  version: RawBuilder<unknown>,
  order: RawBuilder<unknown>,
  tables: readonly VersionedTable[] = [],
): RawBuilder<unknown> {
  return sql`${pageKeysText(id, version, order)} as keys, ${tableVersions(tables)} as tables`;
}

/**
 * A page's rows' ids and own versions as one text (`id version,id version,…`), aggregated from
 * the page's rows.
 *
 * One text instead of two or more integers a row: JavaScript is handed one value, not a hundred
 * (on SQLite, 40 against 54 µs for a page of 50 metric values with the processor's caches as a
 * request leaves them). `order` is the page's order again, in the terms of the rows aggregated:
 * an aggregate over an ordered subquery is not bound to keep its order.
 */
export function pageKeysText(
  id: RawBuilder<unknown>,
  version: RawBuilder<unknown>,
  order: RawBuilder<unknown>,
): RawBuilder<string | null> {
  return sql<string | null>`string_agg(cast(${id} as text) || ' ' || cast(${version} as text), ','
    order by ${order})`;
}
