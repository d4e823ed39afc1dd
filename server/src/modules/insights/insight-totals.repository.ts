import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../../db/dialect';
import type { DB } from '../../db/schema';
import { bumpDataVersion } from '../list-totals/list-totals.repository';

/**
 * The organisation-wide figures that triggers keep current (migration 0004_insights), and the
 * same figures computed from the base tables, to check or repair them.
 */

export interface InsightTotals {
  totals: { employees: number; metric_values: number; bonuses: number };
  monthly: Map<string, number>;
  /** Bonuses per UTC day. */
  bonusDays: Map<string, number>;
  departments: Map<
    string,
    { staff: number; scored: number; metricCount: number; valueSumHundredths: number }
  >;
  /** Scored staff per whole-number score. */
  histogram: Map<number, number>;
}

/** The maintained figures as they are stored (rows whose count went back to 0 are left out). */
export async function readInsightTotals(db: Kysely<DB>): Promise<InsightTotals> {
  const [totals, monthly, bonusDays, departments, histogram] = await Promise.all([
    db.selectFrom('insight_totals').select(['name', 'value']).execute(),
    db.selectFrom('monthly_metric_totals').selectAll().execute(),
    db.selectFrom('daily_bonus_totals').selectAll().execute(),
    db.selectFrom('department_totals').selectAll().execute(),
    db.selectFrom('score_histogram').selectAll().execute(),
  ]);
  const total = (name: string) =>
    totals.filter((row) => row.name === name).reduce((sum, row) => sum + Number(row.value), 0);
  const departmentSums = new Map<
    string,
    { staff: number; scored: number; metricCount: number; valueSumHundredths: number }
  >();
  for (const row of departments) {
    const sum = departmentSums.get(row.department) ?? {
      staff: 0,
      scored: 0,
      metricCount: 0,
      valueSumHundredths: 0,
    };
    sum.staff += Number(row.staff_count);
    sum.scored += Number(row.scored_staff_count);
    sum.metricCount += Number(row.metric_count);
    sum.valueSumHundredths += Number(row.value_sum_hundredths);
    departmentSums.set(row.department, sum);
  }
  return {
    totals: {
      employees: total('employees'),
      metric_values: total('metric_values'),
      bonuses: total('bonuses'),
    },
    monthly: nonZeroSums(monthly.map((row) => [row.month, Number(row.metric_count)])),
    bonusDays: nonZeroSums(bonusDays.map((row) => [row.day, Number(row.bonus_count)])),
    departments: new Map([...departmentSums].filter(([, sum]) => sum.staff !== 0)),
    histogram: nonZeroSums(histogram.map((row) => [Number(row.bucket), Number(row.staff_count)])),
  };
}

/** A figure per key, summed over its shards' rows (PostgreSQL, ADR 30); those at 0 left out. */
function nonZeroSums<K>(rows: readonly (readonly [K, number])[]): Map<K, number> {
  const sums = new Map<K, number>();
  for (const [key, value] of rows) sums.set(key, (sums.get(key) ?? 0) + value);
  return new Map([...sums].filter(([, sum]) => sum !== 0));
}

const bucketOf = (db: Kysely<DB>) =>
  isPostgres(db)
    ? sql<number>`cast(floor(average_score) as integer)`
    : sql<number>`cast(average_score as integer)`;

/** The same figures from the base tables (full scans: for checks and repairs, not requests). */
export async function recomputeInsightTotals(db: Kysely<DB>): Promise<InsightTotals> {
  const counts = await db
    .selectNoFrom((eb) => [
      eb.selectFrom('employees').select(eb.fn.countAll<number>().as('n')).as('employees'),
      eb
        .selectFrom('performance_metrics')
        .select(eb.fn.countAll<number>().as('n'))
        .as('metric_values'),
      eb.selectFrom('bonuses').select(eb.fn.countAll<number>().as('n')).as('bonuses'),
    ])
    .executeTakeFirstOrThrow();
  const monthly = await db
    .selectFrom('employee_monthly_scores')
    .select((eb) => ['month', eb.fn.sum<number>('metric_count').as('n')])
    .groupBy('month')
    .execute();
  const day = isPostgres(db)
    ? sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD')`
    : sql<string>`strftime('%Y-%m-%d', created_at)`;
  const bonusDays = await db
    .selectFrom('bonuses')
    .select((eb) => [day.as('day'), eb.fn.countAll<number>().as('n')])
    .groupBy(day)
    .execute();
  const departments = await db
    .selectFrom('employees as e')
    .leftJoin('employee_scores as s', (join) =>
      join.onRef('s.employee_id', '=', 'e.id').on('s.metric_count', '>', 0),
    )
    .select((eb) => [
      'e.department',
      eb.fn.countAll<number>().as('staff'),
      eb.fn.count<number>('s.employee_id').as('scored'),
      eb.fn.coalesce(eb.fn.sum<number>('s.metric_count'), sql<number>`0`).as('metric_count'),
      eb.fn.coalesce(eb.fn.sum<number>('s.value_sum_hundredths'), sql<number>`0`).as('value_sum'),
    ])
    .groupBy('e.department')
    .execute();
  const bucket = bucketOf(db);
  const histogram = await db
    .selectFrom('employee_scores')
    .select((eb) => [bucket.as('bucket'), eb.fn.countAll<number>().as('n')])
    .where('metric_count', '>', 0)
    .groupBy(bucket)
    .execute();
  return {
    totals: {
      employees: Number(counts.employees),
      metric_values: Number(counts.metric_values),
      bonuses: Number(counts.bonuses),
    },
    monthly: new Map(
      monthly.filter((row) => Number(row.n) !== 0).map((row) => [row.month, Number(row.n)]),
    ),
    bonusDays: new Map(bonusDays.map((row) => [row.day, Number(row.n)])),
    departments: new Map(
      departments.map((row) => [
        row.department,
        {
          staff: Number(row.staff),
          scored: Number(row.scored),
          metricCount: Number(row.metric_count),
          valueSumHundredths: Number(row.value_sum),
        },
      ]),
    ),
    histogram: new Map(histogram.map((row) => [Number(row.bucket), Number(row.n)])),
  };
}

/** The data tables the kept totals are counted from. */
const COUNTED_TABLES = [
  'audit_entries',
  'bonuses',
  'employees',
  'performance_metrics',
  'questions',
  'users',
] as const;

/**
 * PostgreSQL, in a transaction that recounts kept totals: holds every data table they are counted
 * from against writes and the given totals against everything but reads until it ends, so nothing
 * changes between a count and its write. Writers write a data table before its totals; these
 * locks are taken in that order too.
 */
export async function lockKeptTotals(
  trx: Kysely<DB>,
  totals: readonly (keyof DB)[],
): Promise<void> {
  if (!isPostgres(trx)) return;
  const names = (tables: readonly string[]) => sql.join(tables.map((table) => sql.id(table)));
  await sql`lock table ${names(COUNTED_TABLES)} in share mode`.execute(trx);
  await sql`lock table ${names(totals)} in exclusive mode`.execute(trx);
}

/** Replaces the maintained figures with freshly computed ones (one transaction). */
export async function rebuildInsightTotals(db: Kysely<DB>): Promise<void> {
  const rebuild = async (trx: Kysely<DB>) => {
    // Writers wait meanwhile, so nothing changes between the count and the write.
    await lockKeptTotals(trx, [
      'employee_scores',
      'employee_monthly_scores',
      'insight_totals',
      'monthly_metric_totals',
      'daily_bonus_totals',
      'department_totals',
      'score_histogram',
    ]);
    const fresh = await recomputeInsightTotals(trx);
    await trx.deleteFrom('insight_totals').where('name', '!=', 'ranking_version').execute();
    await trx.deleteFrom('monthly_metric_totals').execute();
    await trx.deleteFrom('daily_bonus_totals').execute();
    await trx.deleteFrom('department_totals').execute();
    await trx.deleteFrom('score_histogram').execute();
    await trx
      .insertInto('insight_totals')
      .values(
        (['employees', 'metric_values', 'bonuses'] as const).map((name) => ({
          name,
          value: fresh.totals[name],
        })),
      )
      .execute();
    // The version is a sum of shards on PostgreSQL: adding to one moves it.
    await trx
      .insertInto('insight_totals')
      .values({ name: 'ranking_version', value: 1 })
      .onConflict((oc) =>
        (isPostgres(trx) ? oc.columns(['name', 'shard']) : oc.column('name')).doUpdateSet({
          value: sql`insight_totals.value + 1`,
        }),
      )
      .execute();
    const monthly = [...fresh.monthly].map(([month, metric_count]) => ({ month, metric_count }));
    if (monthly.length) await trx.insertInto('monthly_metric_totals').values(monthly).execute();
    const days = [...fresh.bonusDays].map(([day, bonus_count]) => ({ day, bonus_count }));
    for (let i = 0; i < days.length; i += 500) {
      await trx
        .insertInto('daily_bonus_totals')
        .values(days.slice(i, i + 500))
        .execute();
    }
    const departments = [...fresh.departments].map(([department, d]) => ({
      department,
      staff_count: d.staff,
      scored_staff_count: d.scored,
      metric_count: d.metricCount,
      value_sum_hundredths: d.valueSumHundredths,
    }));
    if (departments.length) await trx.insertInto('department_totals').values(departments).execute();
    const buckets = [...fresh.histogram].map(([bucket, staff_count]) => ({ bucket, staff_count }));
    if (buckets.length) await trx.insertInto('score_histogram').values(buckets).execute();
    // No tag given for an answer of the old figures may be answered 304 again (plugins/etag.ts).
    await bumpDataVersion(trx);
  };
  if (db.isTransaction) await rebuild(db);
  else await db.transaction().execute(rebuild);
}

/** The tables the triggers keep for the dashboards, a handful of rows each (migration 0004). */
const KEPT_TOTALS = [
  'insight_totals',
  'monthly_metric_totals',
  'daily_bonus_totals',
  'department_totals',
  'score_histogram',
] as const;

/**
 * PostgreSQL: rewrites the tables the triggers keep, after a bulk write has committed (an import,
 * a rebuild). One statement writing thousands of rows updates their few rows thousands of times,
 * and none of the old versions can be pruned while it runs: after the bench's load a table of a
 * few dozen rows was spread over hundreds of pages. Vacuum frees the old versions but leaves the
 * live rows where they are, so every read that scans them (HR's figures and charts) kept paying
 * for the pages until they were rewritten. Each rewrite locks its table for the moment it takes
 * (a few rows); one that would wait over a second for its lock is left for the next bulk write.
 * Maintenance only: it never fails the write it follows.
 */
export async function compactKeptTotals(db: Kysely<DB>): Promise<void> {
  if (!isPostgres(db) || db.isTransaction) return;
  try {
    await db.connection().execute(async (connection) => {
      await sql`set lock_timeout = '1s'`.execute(connection);
      try {
        for (const table of KEPT_TOTALS) {
          await sql`vacuum full ${sql.table(table)}`.execute(connection).catch(() => undefined);
        }
      } finally {
        await sql`reset lock_timeout`.execute(connection);
      }
    });
  } catch {
    // The connection failed: the tables are as they were, still right, only slower to scan.
  }
}
