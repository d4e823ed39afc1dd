/* eslint-disable @typescript-eslint/no-explicit-any -- migrations work on any schema */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

/**
 * The first page of the average-score list by name reads its keys from two walks in the same
 * order, no lookup a row (average-scores.repository.ts, `firstNamePage`):
 *
 * - The score rows by name (their names kept by 0022's triggers), holding the count and sum an
 *   entry's version shows: PostgreSQL beside the keys, SQLite, which has no INCLUDE, as the last
 *   keys (as 0022's rank index).
 * - PostgreSQL: 0001's `employees (last_name, first_name)` now ends in `id`, the list's last
 *   tie-breaker, so the staff's walk reads the index alone (a SQLite index holds the rowid).
 *
 * The page's 50 score rows were looked up one by one: the keys statement took 0.139 ms on
 * PostgreSQL at 10,000 staff (pgbench, one client, the short reads' settings; a `select 1`
 * 0.038); with the two walks 0.075-0.083.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop index employees_name_idx`.execute(db);
    await sql`create index employees_name_idx on employees (last_name, first_name, id)`.execute(db);
    await sql`create index employee_scores_name_idx
      on employee_scores (last_name, first_name, employee_id)
      include (metric_count, value_sum_hundredths)`.execute(db);
  } else {
    await sql`create index employee_scores_name_idx on employee_scores
      (last_name, first_name, employee_id, metric_count, value_sum_hundredths)`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index employee_scores_name_idx`.execute(db);
  if (isPostgres(db)) {
    await sql`drop index employees_name_idx`.execute(db);
    await sql`create index employees_name_idx on employees (last_name, first_name)`.execute(db);
  }
}
