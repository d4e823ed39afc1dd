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
 * One JSON array of objects made of `columns` of the rows aliased `alias`, in `order` (null when
 * there are none): a few rows read inside another statement's one row. PostgreSQL's driver
 * hands back the array parsed; SQLite, the text (`parsedJson`).
 */
export function jsonObjects(
  db: Kysely<any>,
  alias: string,
  columns: readonly string[],
  order: RawBuilder<unknown>,
): RawBuilder<unknown> {
  const fields = sql.join(
    columns.map((column) => sql`${sql.lit(column)}, ${sql.ref(`${alias}.${column}`)}`),
  );
  return isPostgres(db)
    ? sql`json_agg(json_build_object(${fields}) order by ${order})`
    : sql`json_group_array(json_object(${fields}) order by ${order})`;
}

/** A value read by `jsonObjects`, parsed whichever database read it. */
export function parsedJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}
