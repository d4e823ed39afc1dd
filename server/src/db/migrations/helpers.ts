import {
  PostgresAdapter,
  sql,
  type ColumnDataType,
  type CreateTableBuilder,
  type Kysely,
} from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations work on any schema */

/**
 * The few places where SQLite and PostgreSQL DDL differ. Migrations import only this file and
 * Kysely, never application code, so an old migration keeps meaning what it meant.
 */

export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export interface ColumnTypes {
  timestamp: ColumnDataType;
  date: ColumnDataType;
  bigint: ColumnDataType;
  real: ColumnDataType;
}

export function columnTypes(db: Kysely<any>): ColumnTypes {
  return isPostgres(db)
    ? { timestamp: 'timestamptz', date: 'date', bigint: 'bigint', real: 'double precision' }
    : { timestamp: 'text', date: 'text', bigint: 'integer', real: 'real' };
}

/** An auto-incrementing integer primary key named `id`. */
export function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

/** created_at and updated_at, always written by the application as ISO strings. */
export function withTimestamps<T extends string>(
  db: Kysely<any>,
  table: CreateTableBuilder<T, 'id'>,
) {
  const { timestamp } = columnTypes(db);
  return table
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .addColumn('updated_at', timestamp, (col) => col.notNull());
}

export const lower = (column: string) => sql`lower(${sql.ref(column)})`;
