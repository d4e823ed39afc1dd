/* eslint-disable @typescript-eslint/no-explicit-any -- migrations work on any schema */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

/**
 * PostgreSQL only: every statement that writes staff, metric values, bonuses or score totals
 * takes the insights advisory lock of migration 0004 before it touches a single row.
 *
 * 0004's triggers take that lock after their statement has already locked rows (AFTER triggers),
 * so two transactions could take the same two locks in opposite orders and deadlock: editing a
 * value locks its employee_scores row and then waits for the advisory lock, while recording a
 * value for the same employee holds the advisory lock (its insert's trigger) and then waits for
 * that employee_scores row. PostgreSQL aborted one of them and the API answered 500 (found by
 * the crash test's concurrent clients). A BEFORE ... FOR EACH STATEMENT trigger runs before the
 * statement locks anything, so every writer now takes the advisory lock first, in one order.
 * SQLite runs one writer at a time and needs nothing.
 */

const LOCK_KEY = 7_341_002;
const TABLES = [
  'employees',
  'performance_metrics',
  'bonuses',
  'employee_scores',
  'employee_monthly_scores',
  'employee_metric_type_scores',
];

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql
    .raw(
      `create function insights_lock_first() returns trigger language plpgsql as $$
       begin
         perform pg_advisory_xact_lock(${LOCK_KEY});
         return null;
       end $$`,
    )
    .execute(db);
  for (const table of TABLES) {
    await sql
      .raw(
        `create trigger insights_lock_first before insert or update or delete on ${table}
           for each statement execute function insights_lock_first()`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const table of TABLES) {
    await sql.raw(`drop trigger insights_lock_first on ${table}`).execute(db);
  }
  await sql.raw('drop function insights_lock_first()').execute(db);
}
