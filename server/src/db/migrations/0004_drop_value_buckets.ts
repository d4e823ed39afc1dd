/* eslint-disable @typescript-eslint/no-explicit-any -- migrations work on any schema */
import { sql, type Kysely } from 'kysely';
import {
  valueBucketFunctions,
  valueBucketRebuild,
  valueBucketTables,
  valueBucketTriggers,
} from './baseline-value-buckets';
import { isPostgres } from './helpers';

/**
 * The metric values counted per UTC hour and day of created_at (metric_value_hours,
 * metric_value_days) go, with their triggers and, on PostgreSQL, their functions: a deep page of
 * all values no longer starts from them but is read from the nearer end of the list
 * (db/nearer-end-pages.ts), and every write of a value no longer keeps them. Down creates them
 * again and counts every value into them.
 */

const TABLES = ['metric_value_hours', 'metric_value_days'] as const;

function triggers(db: Kysely<any>) {
  return Object.entries(valueBucketTriggers[isPostgres(db) ? 'postgres' : 'sqlite']).map(
    ([key, text]) => {
      const [table, name] = key.split('.') as [string, string];
      return { table, name, text };
    },
  );
}

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  for (const { table, name } of triggers(db)) {
    await sql
      .raw(postgres ? `drop trigger ${name} on ${table}` : `drop trigger ${name}`)
      .execute(db);
  }
  if (postgres) {
    for (const name of Object.keys(valueBucketFunctions)) {
      await sql.raw(`drop function ${name}()`).execute(db);
    }
  }
  for (const table of TABLES) await sql.raw(`drop table ${table}`).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const engine = isPostgres(db) ? 'postgres' : 'sqlite';
  for (const text of valueBucketTables[engine]) await sql.raw(text).execute(db);
  if (engine === 'postgres') {
    for (const text of Object.values(valueBucketFunctions)) await sql.raw(text).execute(db);
  }
  for (const { text } of triggers(db)) await sql.raw(text).execute(db);
  for (const text of valueBucketRebuild[engine]) await sql.raw(text).execute(db);
}
