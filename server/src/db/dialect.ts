import { PostgresAdapter, sql, type Kysely, type RawBuilder } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- these helpers accept any schema */

/** The few query-level differences between SQLite and PostgreSQL, in one place. */

export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** A timestamp parameter usable in a select list (PostgreSQL needs its type spelt out there). */
export function timestampValue(db: Kysely<any>, iso: string): RawBuilder<string> {
  return isPostgres(db) ? sql<string>`cast(${iso} as timestamptz)` : sql<string>`${iso}`;
}

/** A text parameter usable in a select list. */
export function textValue(value: string): RawBuilder<string> {
  return sql<string>`cast(${value} as text)`;
}

/**
 * One JSON array of `value` over the rows of a subquery, in `order` if given (null when there are
 * none): a few rows read inside another statement's one row, one round trip instead of two.
 * PostgreSQL's driver hands back the array parsed; SQLite, the text (`parsedJson`).
 */
export function jsonArray(
  db: Kysely<any>,
  value: RawBuilder<unknown>,
  order?: RawBuilder<unknown>,
): RawBuilder<unknown> {
  const ordered = order ? sql` order by ${order}` : sql``;
  return isPostgres(db)
    ? sql`json_agg(${value}${ordered})`
    : sql`json_group_array(${value}${ordered})`;
}

/** A JSON object of `columns` of the row aliased `alias`, named as they are. */
export function jsonObject(
  db: Kysely<any>,
  alias: string,
  columns: readonly string[],
): RawBuilder<unknown> {
  const fields = sql.join(
    columns.map((column) => sql`${sql.lit(column)}, ${sql.ref(`${alias}.${column}`)}`),
  );
  return isPostgres(db) ? sql`json_build_object(${fields})` : sql`json_object(${fields})`;
}

/** A value read by `jsonArray`, parsed whichever database read it. */
export function parsedJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}
