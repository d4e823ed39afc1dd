import { PostgresAdapter, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations work on any schema */

/**
 * What migrations need to tell the engines apart. Migrations import only this file, their own
 * statements and Kysely, never application code, so a migration keeps meaning what it meant.
 */
export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
