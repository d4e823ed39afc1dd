import type { Kysely } from 'kysely';
import type { RecentEmployee } from '#contract/insights';
import type { DB } from '../../db/schema';
import type { Period } from '../../lib/calendar';

export interface HrFigureRows {
  employees: number;
  metricValues: number;
  bonuses: number;
  employeesThisMonth: number;
  metricValuesThisMonth: number;
  bonusesThisMonth: number;
  scoredStaff: number;
  metricTypes: number;
}

/**
 * The HR dashboard figures in one statement. Totals come from rows that triggers keep
 * (insight_totals, monthly_metric_totals, score_histogram); "this month" for staff and
 * bonuses is a range count on their created_at indexes. Nothing scans a large table.
 */
export async function hrFigures(
  db: Kysely<DB>,
  thisMonth: Period & { key: string },
): Promise<HrFigureRows> {
  const total = (name: 'employees' | 'metric_values' | 'bonuses') =>
    db.selectFrom('insight_totals').select('value').where('name', '=', name);
  const row = await db
    .selectNoFrom((eb) => [
      total('employees').as('employees'),
      total('metric_values').as('metric_values'),
      total('bonuses').as('bonuses'),
      eb
        .selectFrom('employees')
        .select(eb.fn.countAll<number>().as('n'))
        .where('created_at', '>=', thisMonth.start)
        .where('created_at', '<', thisMonth.end)
        .as('employees_this_month'),
      eb
        .selectFrom('monthly_metric_totals')
        .select('metric_count')
        .where('month', '=', thisMonth.key)
        .as('metric_values_this_month'),
      eb
        .selectFrom('bonuses')
        .select(eb.fn.countAll<number>().as('n'))
        .where('created_at', '>=', thisMonth.start)
        .where('created_at', '<', thisMonth.end)
        .as('bonuses_this_month'),
      eb
        .selectFrom('score_histogram')
        .select((inner) => inner.fn.sum<number>('staff_count').as('n'))
        .as('scored_staff'),
      eb.selectFrom('metric_types').select(eb.fn.countAll<number>().as('n')).as('metric_types'),
    ])
    .executeTakeFirstOrThrow();
  return {
    employees: Number(row.employees ?? 0),
    metricValues: Number(row.metric_values ?? 0),
    bonuses: Number(row.bonuses ?? 0),
    employeesThisMonth: Number(row.employees_this_month ?? 0),
    metricValuesThisMonth: Number(row.metric_values_this_month ?? 0),
    bonusesThisMonth: Number(row.bonuses_this_month ?? 0),
    scoredStaff: Number(row.scored_staff ?? 0),
    metricTypes: Number(row.metric_types ?? 0),
  };
}

/** The most recently added employees, newest first (employees_created_at_idx). */
export function recentEmployees(db: Kysely<DB>, limit: number): Promise<RecentEmployee[]> {
  return db
    .selectFrom('employees')
    .select(['id', 'first_name', 'last_name', 'position', 'department', 'email', 'join_date'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Per-department totals kept by triggers (a handful of rows). */
export function departmentTotals(db: Kysely<DB>) {
  return db
    .selectFrom('department_totals')
    .selectAll()
    .where('staff_count', '>', 0)
    .orderBy('department')
    .execute();
}

/** Scored staff per whole-number score, and the number of staff (kept by triggers). */
export async function scoreHistogram(db: Kysely<DB>) {
  const [buckets, staff] = await Promise.all([
    db.selectFrom('score_histogram').select(['bucket', 'staff_count']).execute(),
    db
      .selectFrom('insight_totals')
      .select('value')
      .where('name', '=', 'employees')
      .executeTakeFirst(),
  ]);
  return {
    buckets: buckets.map((row) => ({ bucket: Number(row.bucket), staff: Number(row.staff_count) })),
    staff: Number(staff?.value ?? 0),
  };
}
