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
