import { sql, type Kysely } from 'kysely';
import type { RecentEmployee } from '#contract/insights';
import type { DB } from '../../db/schema';
import type { Period } from '../../lib/calendar';
import { queryByShape } from '../../db/prepared-query';
import { jsonArray, jsonObject, parsedJson } from '../../db/dialect';
import { splitIntoUtcDays } from './utc-days';

export interface HrFigureRows {
  employees: number;
  metricValues: number;
  bonuses: number;
  employeesThisMonth: number;
  metricValuesThisMonth: number;
  bonusesThisMonth: number;
  scoredStaff: number;
  metricTypes: number;
  /** The most recently joined employees: newest join date first, then the newest added. */
  recent: RecentEmployee[];
}

/** The columns of the most recently joined employees shown beside the figures. */
const RECENT_COLUMNS = [
  'id',
  'first_name',
  'last_name',
  'position',
  'department',
  'email',
  'join_date',
] as const satisfies readonly (keyof RecentEmployee)[];

interface FigureValues extends Record<string, unknown> {
  monthStart: string;
  monthEnd: string;
  monthKey: string;
  headEnd: string;
  firstDay: string;
  endDay: string;
  tailStart: string;
}

/**
 * Recent means recently joined: someone added today with a join date of last month is listed
 * below those who joined this week. Equal dates: the newest added first, then the highest id.
 */
const RECENT_ORDER = sql`r.join_date desc, r.created_at desc, r.id desc`;

const figuresQuery = queryByShape(
  (db: Kysely<DB>, recentCount: number, v: FigureValues) => {
    const recent = db
      .selectFrom('employees')
      .select([...RECENT_COLUMNS, 'created_at'])
      .orderBy('join_date', 'desc')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(sql.lit(recentCount));
    const statement = sql<{
      employees: number | null;
      metric_values: number | null;
      bonuses: number | null;
      employees_this_month: number;
      metric_values_this_month: number | null;
      bonuses_this_month: number | null;
      scored_staff: number | null;
      metric_types: number;
      recent: unknown;
    }>`
    select
      (select cast(sum(value) as bigint) from insight_totals where name = 'employees') as employees,
      (select cast(sum(value) as bigint) from insight_totals where name = 'metric_values') as metric_values,
      (select cast(sum(value) as bigint) from insight_totals where name = 'bonuses') as bonuses,
      (select count(*) from employees
        where created_at >= ${v.monthStart} and created_at < ${v.monthEnd}) as employees_this_month,
      (select cast(sum(metric_count) as bigint) from monthly_metric_totals where month = ${v.monthKey})
        as metric_values_this_month,
      (select count(*) from bonuses where created_at >= ${v.monthStart} and created_at < ${v.headEnd})
      + (select coalesce(sum(bonus_count), 0) from daily_bonus_totals
          where day >= ${v.firstDay} and day < ${v.endDay})
      + (select count(*) from bonuses where created_at >= ${v.tailStart} and created_at < ${v.monthEnd})
        as bonuses_this_month,
      (select sum(staff_count) from score_histogram) as scored_staff,
      (select count(*) from metric_types) as metric_types,
      (select ${jsonArray(db, jsonObject(db, 'r', RECENT_COLUMNS), RECENT_ORDER)}
        from ${recent.as('r')}) as recent`;
    return { compile: () => statement.compile(db) };
  },
  { plannedOnce: () => true },
);

/**
 * The HR dashboard figures in one statement, with the `recentCount` most recently joined
 * employees in RECENT_ORDER (a backward walk of employees_joined_idx, migration 0035). Totals
 * come from rows that triggers keep (insight_totals, monthly_metric_totals, score_histogram,
 * daily_bonus_totals); staff added this month is a range of the created_at index (a few rows),
 * and so are the hours of the month outside whole UTC days for bonuses. Nothing scans a large
 * table. One statement, not two: on PostgreSQL each statement is a round of messages on the
 * shared connection, its parse in Node.
 */
export async function hrFigures(
  db: Kysely<DB>,
  thisMonth: Period & { key: string },
  recentCount: number,
): Promise<HrFigureRows> {
  const days = splitIntoUtcDays(thisMonth);
  const [row] = await figuresQuery(db, recentCount, {
    monthStart: thisMonth.start,
    monthEnd: thisMonth.end,
    monthKey: thisMonth.key,
    headEnd: days.head.end,
    firstDay: days.firstDay,
    endDay: days.endDay,
    tailStart: days.tail.start,
  });
  return {
    employees: Number(row?.employees ?? 0),
    metricValues: Number(row?.metric_values ?? 0),
    bonuses: Number(row?.bonuses ?? 0),
    employeesThisMonth: Number(row?.employees_this_month ?? 0),
    metricValuesThisMonth: Number(row?.metric_values_this_month ?? 0),
    bonusesThisMonth: Number(row?.bonuses_this_month ?? 0),
    scoredStaff: Number(row?.scored_staff ?? 0),
    metricTypes: Number(row?.metric_types ?? 0),
    recent: parsedJson<RecentEmployee[] | null>(row?.recent ?? null) ?? [],
  };
}

const DEPARTMENT_COLUMNS = [
  'department',
  'staff_count',
  'scored_staff_count',
  'metric_count',
  'value_sum_hundredths',
] as const;

/** Each department's figures summed over their shards' rows (PostgreSQL, ADR 30). */
const departmentSums = sql.raw(
  DEPARTMENT_COLUMNS.filter((column) => column !== 'department')
    .map((column) => `cast(sum(${column}) as bigint) as ${column}`)
    .join(', '),
);

/** A department's totals, as the charts read them (from JSON: numbers, whatever the engine). */
export type DepartmentTotals = Record<
  Exclude<(typeof DEPARTMENT_COLUMNS)[number], 'department'>,
  number
> & { department: string };

const chartsQuery = queryByShape(
  (db: Kysely<DB>) => {
    const statement = sql<{ departments: unknown; histogram: string | null }>`
      select
        (select ${jsonArray(db, jsonObject(db, 'd', DEPARTMENT_COLUMNS), sql`d.department`)}
          from (select department, ${departmentSums} from department_totals
            group by department having sum(staff_count) > 0) d) as departments,
        (select string_agg(h.bucket || ' ' || h.staff_count, ',')
          from (select bucket, cast(sum(staff_count) as bigint) as staff_count from score_histogram
            group by bucket having sum(staff_count) > 0) h) as histogram`;
    return { compile: () => statement.compile(db) };
  },
  { plannedOnce: () => true },
);

/**
 * What the HR charts are drawn from, kept by triggers, in one statement (as `hrFigures`): the
 * per-department totals (a handful of rows), by department, and the scored staff per
 * whole-number score, as `bucket staff,…` (numbers alone: a JSON object each cost PostgreSQL
 * more than the statement it saved).
 */
export async function chartTotals(db: Kysely<DB>) {
  const [row] = await chartsQuery(db, null, {});
  const histogram = row?.histogram ? row.histogram.split(',') : [];
  return {
    departments: parsedJson<DepartmentTotals[] | null>(row?.departments ?? null) ?? [],
    histogram: histogram.map((entry) => {
      const [bucket, staff] = entry.split(' ');
      return { bucket: Number(bucket), staff: Number(staff) };
    }),
  };
}
