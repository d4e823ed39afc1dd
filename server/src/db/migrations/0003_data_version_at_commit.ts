/* eslint-disable @typescript-eslint/no-explicit-any -- migrations work on any schema */
import { sql, type Kysely } from 'kysely';
import { derivedStatement } from '../derived';
import { statementDataVersionTriggers } from './baseline-replaced.postgres';
import { isPostgres } from './helpers';

/**
 * PostgreSQL only: the data version (list_totals' `data_version` row) moves at commit. Its
 * statement triggers moved it wherever a write first touched one of its tables, so writers of
 * different kinds locked it before or after their employee's rows, in opposite orders, and
 * deadlocked (two-instances.test.ts). Deferred row triggers of the same names move it once a
 * transaction as it commits, after every other row it locks (derived/data-version.ts).
 */

const TRIGGERS = Object.keys(statementDataVersionTriggers).map((key) => {
  const [table, name] = key.split('.') as [string, string];
  return { table, name };
});

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql.raw(derivedStatement('postgres', 'function', 'data_version_bump')).execute(db);
  for (const { table, name } of TRIGGERS) {
    await sql.raw(`drop trigger ${name} on ${table}`).execute(db);
    await sql.raw(derivedStatement('postgres', 'trigger', name, table)).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const { table, name } of TRIGGERS) {
    await sql.raw(`drop trigger ${name} on ${table}`).execute(db);
    await sql.raw(statementDataVersionTriggers[`${table}.${name}`]!).execute(db);
  }
}
