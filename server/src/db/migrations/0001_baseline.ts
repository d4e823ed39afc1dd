/* eslint-disable @typescript-eslint/no-explicit-any -- migrations work on any schema */
import { sql, type Kysely } from 'kysely';
import { postgresDataSchema } from './baseline-data.postgres';
import { sqliteDataSchema } from './baseline-data.sqlite';
import { postgresDerivedSchema } from './baseline-derived.postgres';
import { sqliteDerivedSchema } from './baseline-derived.sqlite';
import { isPostgres } from './helpers';

/**
 * The whole schema as the old chain (0001_initial .. 0035_recent_joiners_index, old-chain.ts)
 * left it: the data tables and their plain indexes, then the derived part (tables computed from
 * them, their triggers and the rows they start with). A database that ran the old chain has
 * exactly this schema and is carried to it without running it (old-chain.ts).
 */
function statements(db: Kysely<any>): readonly string[] {
  return isPostgres(db)
    ? [...postgresDataSchema, ...postgresDerivedSchema]
    : [...sqliteDataSchema, ...sqliteDerivedSchema];
}

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements(db)) await sql.raw(statement).execute(db);
}

const CREATED_TRIGGER = /^create trigger (\w+)/i;
const CREATED_TABLE = /^create (?:virtual )?table (\w+)/i;
const CREATED_FUNCTION = /^create (?:or replace )?function (\w+\([^)]*\))/i;

/**
 * Drops what up created, newest first: SQLite's triggers before any table (dropping a table
 * runs its triggers' statements, which must not name a table already gone); PostgreSQL's go
 * with their tables. The pg_trgm extension stays: other objects may use it.
 */
export async function down(db: Kysely<any>): Promise<void> {
  const created = [...statements(db)].reverse();
  const cascade = isPostgres(db) ? ' cascade' : '';
  if (!isPostgres(db)) {
    for (const statement of created) {
      const trigger = CREATED_TRIGGER.exec(statement)?.[1];
      if (trigger) await sql.raw(`drop trigger ${trigger}`).execute(db);
    }
  }
  for (const statement of created) {
    const table = CREATED_TABLE.exec(statement)?.[1];
    if (table) await sql.raw(`drop table if exists ${table}${cascade}`).execute(db);
  }
  for (const statement of created) {
    const fn = CREATED_FUNCTION.exec(statement)?.[1];
    if (fn) await sql.raw(`drop function ${fn}`).execute(db);
  }
}
