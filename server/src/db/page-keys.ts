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
 * The version an item's key gives its own row in a list whose own table is among the tables its
 * items show: none. That table's version moves with every update of any of its rows (0021), so
 * with every move of a row's own version (0020), whoever writes it (a foreign key's `set null`
 * too); a new row's id was no item's, and a deleted row leaves the list. Such a page's keys are
 * its ids alone, read without its rows: from a search's trigram index, or the walked index.
 * (Reading each row's version looked up the page's rows by id, most of the keys statement's
 * work.)
 */
export const NO_OWN_VERSION = 0;

/**
 * The columns of a list page's keys statement, which reads one row whatever the page
 * (lib/remembered-items.ts, `PageKeys`): `keys` (`pageKeysText`) and `tables`, the versions of
 * the tables the items also show.
 */
export function pageKeyColumns(
  id: RawBuilder<unknown>,
  version: RawBuilder<unknown>,
  tables: readonly VersionedTable[] = [],
): RawBuilder<unknown> {
  return sql`${pageKeysText(id, version)} as keys, ${tableVersions(tables)} as tables`;
}

/**
 * A page's rows' ids and own versions as one text (`id version,id version,…`), aggregated from
 * the page's rows in whatever order the database takes them.
 *
 * One text instead of two or more integers a row: JavaScript is handed one value, not a
 * hundred. Not in the page's order: `string_agg(… order by …)` sorted the page's rows again for
 * nothing; the rows read whole come in order, and pageThrough compares the two as sets.
 */
export function pageKeysText(
  id: RawBuilder<unknown>,
  version: RawBuilder<unknown>,
): RawBuilder<string | null> {
  return sql<string | null>`string_agg(${id} || ' ' || ${version}, ',')`;
}
