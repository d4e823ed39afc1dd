/* eslint-disable @typescript-eslint/no-explicit-any -- migrations work on any schema */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

/**
 * An index on `employee_monthly_scores` that holds the monthly totals beside its key, so the
 * employee dashboard's months (employee-dashboard.repository.ts: a range of up to two dozen
 * months of one employee) are read from the index alone.
 *
 * Why: through the primary key, each month was a second search, into the table's own b-tree
 * (240,000 rows at the benchmark's scale). On SQLite, with 50 clients, that made the dashboard's
 * statement the largest single cost of the route: 17,300 requests a second before, 20,000 after
 * (six alternating pairs of 4 s, computed). On PostgreSQL the months are then an index-only scan.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const statement = isPostgres(db)
    ? `create index employee_monthly_scores_totals_idx on employee_monthly_scores
         (employee_id, month) include (metric_count, value_sum_hundredths)`
    : `create index employee_monthly_scores_totals_idx on employee_monthly_scores
         (employee_id, month, metric_count, value_sum_hundredths)`;
  await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index employee_monthly_scores_totals_idx`.execute(db);
}
