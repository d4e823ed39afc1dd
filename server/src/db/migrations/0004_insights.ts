/* eslint-disable @typescript-eslint/no-explicit-any -- migrations work on any schema */
import { sql, type Kysely } from 'kysely';
import { columnTypes, isPostgres } from './helpers';
import { createPostgresTriggers, dropPostgresTriggers } from './0004_insights.postgres-triggers';
import { createSqliteTriggers, dropSqliteTriggers } from './0004_insights.sqlite-triggers';

/**
 * Organisation-wide figures kept current by triggers, so the HR dashboard, its charts and a
 * caller's exact rank are read from a handful of rows instead of aggregating 10,000 staff:
 *
 * - insight_totals: how many employees, metric values and bonuses exist, and
 *   ranking_version, which changes whenever anything the rankings show may have changed (a score,
 *   or a ranked employee's name, position or department), so a ranking computed for one version
 *   can be served again until the next;
 * - monthly_metric_totals: metric values per month (the months of employee_monthly_scores,
 *   i.e. the server's time zone), for "+N this month";
 * - daily_bonus_totals: bonuses per UTC day; "this month" in any zone is then the whole days
 *   inside it plus two short created_at index ranges at its ends;
 * - department_totals: staff, scored staff, value count and sum per department (chart);
 * - score_histogram: scored staff per whole-number average score (floor), from which the score
 *   bands of SPEC.md 4 (thresholds 80, 60, 40 are whole numbers) and ranks are counted.
 *
 * Triggers rather than application code keep them, because every path that changes the base
 * tables (metric and bonus services, employee edits and deletes with their cascades, bulk
 * imports, rebuildScoreAggregates) then keeps them right without knowing they exist. On
 * PostgreSQL each trigger first takes one transaction-scoped advisory lock, so writers of these
 * few shared rows queue in one order and cannot deadlock; SQLite has a single writer anyway.
 */

export async function up(db: Kysely<any>): Promise<void> {
  const types = columnTypes(db);

  await db.schema
    .createTable('insight_totals')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('value', types.bigint, (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('monthly_metric_totals')
    .addColumn('month', 'text', (col) => col.primaryKey())
    .addColumn('metric_count', types.bigint, (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('daily_bonus_totals')
    .addColumn('day', 'text', (col) => col.primaryKey())
    .addColumn('bonus_count', types.bigint, (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('department_totals')
    .addColumn('department', 'text', (col) => col.primaryKey())
    .addColumn('staff_count', 'integer', (col) => col.notNull())
    .addColumn('scored_staff_count', 'integer', (col) => col.notNull())
    .addColumn('metric_count', types.bigint, (col) => col.notNull())
    .addColumn('value_sum_hundredths', types.bigint, (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('score_histogram')
    .addColumn('bucket', 'integer', (col) => col.primaryKey())
    .addColumn('staff_count', 'integer', (col) => col.notNull())
    .execute();

  await seedFromExistingData(db);
  if (isPostgres(db)) await createPostgresTriggers(db);
  else await createSqliteTriggers(db);
}

/** The same figures computed from scratch, for a database that already holds data. */
async function seedFromExistingData(db: Kysely<any>): Promise<void> {
  const bucket = isPostgres(db)
    ? sql`cast(floor(average_score) as integer)`
    : sql`cast(average_score as integer)`;
  await sql`insert into insight_totals (name, value)
    select 'employees', count(*) from employees
    union all select 'metric_values', count(*) from performance_metrics
    union all select 'bonuses', count(*) from bonuses
    union all select 'ranking_version', 0`.execute(db);
  const day = isPostgres(db)
    ? sql`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD')`
    : sql`strftime('%Y-%m-%d', created_at)`;
  await sql`insert into daily_bonus_totals (day, bonus_count)
    select ${day}, count(*) from bonuses group by ${day}`.execute(db);
  await sql`insert into monthly_metric_totals (month, metric_count)
    select month, sum(metric_count) from employee_monthly_scores group by month`.execute(db);
  await sql`insert into department_totals
      (department, staff_count, scored_staff_count, metric_count, value_sum_hundredths)
    select e.department, count(*), count(s.employee_id),
      coalesce(sum(s.metric_count), 0), coalesce(sum(s.value_sum_hundredths), 0)
    from employees e left join employee_scores s on s.employee_id = e.id and s.metric_count > 0
    group by e.department`.execute(db);
  await sql`insert into score_histogram (bucket, staff_count)
    select ${bucket}, count(*) from employee_scores where metric_count > 0
    group by ${bucket}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) await dropPostgresTriggers(db);
  else await dropSqliteTriggers(db);
  for (const table of [
    'score_histogram',
    'department_totals',
    'monthly_metric_totals',
    'daily_bonus_totals',
    'insight_totals',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
