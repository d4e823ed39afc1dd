import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Period } from '../../lib/calendar';
import { preparedQuery } from '../../db/prepared-query';
import type { CallerFigure } from '../auth/auth.repository';

/** The months a dashboard reads: its trend and semesters, and the month containing today. */
export interface DashboardRange {
  fromMonth: string;
  toMonth: string;
  thisMonth: Period;
}

export interface EmployeeDashboardRows {
  totalMetrics: number;
  totalBonuses: number;
  bonusesThisMonth: number;
  /** The employee's monthly totals from `fromMonth` to `toMonth` (months with values only). */
  months: { month: string; metricCount: number; valueSumHundredths: number }[];
}

/**
 * Everything the employee dashboard reads, in one statement: the employee's totals (one score
 * row, their own few bonuses through bonuses_employee_created_idx) joined to their monthly rows
 * (a primary-key range of at most a couple of dozen rows).
 */
const dashboardQuery = preparedQuery(
  (employeeId: number, monthStart: string, monthEnd: string, fromMonth: string, toMonth: string) =>
    sql<{
      total_metrics: number | null;
      total_bonuses: number;
      bonuses_this_month: number;
      month: string | null;
      metric_count: number | null;
      value_sum_hundredths: number | null;
    }>`
    select t.total_metrics, t.total_bonuses, t.bonuses_this_month,
      m.month, m.metric_count, m.value_sum_hundredths
    from (select
        (select metric_count from employee_scores where employee_id = ${employeeId})
          as total_metrics,
        (select count(*) from bonuses where employee_id = ${employeeId}) as total_bonuses,
        (select count(*) from bonuses where employee_id = ${employeeId}
          and created_at >= ${monthStart} and created_at < ${monthEnd}) as bonuses_this_month
      ) t
    left join employee_monthly_scores m on m.employee_id = ${employeeId}
      and m.month >= ${fromMonth} and m.month <= ${toMonth}`,
);

export async function employeeDashboardRows(
  db: Kysely<DB>,
  employeeId: number,
  range: DashboardRange,
): Promise<EmployeeDashboardRows> {
  const rows = await dashboardQuery(
    db,
    employeeId,
    range.thisMonth.start,
    range.thisMonth.end,
    range.fromMonth,
    range.toMonth,
  );
  const first = rows[0];
  return {
    totalMetrics: Number(first?.total_metrics ?? 0),
    totalBonuses: Number(first?.total_bonuses ?? 0),
    bonusesThisMonth: Number(first?.bonuses_this_month ?? 0),
    months: rows
      .filter((row) => row.month !== null)
      .map((row) => ({
        month: row.month!,
        metricCount: Number(row.metric_count),
        valueSumHundredths: Number(row.value_sum_hundredths),
      })),
  };
}

/**
 * The same figures as the guard reads them with the caller's account (a CallerFigure: one
 * statement a request instead of two), as one text: the month they were read for, the three
 * totals, then `month:count:sum` per month with values, `|` between the parts and `,` between
 * the months. Text, because the JSON builders differ between the engines and the figure's SQL is
 * the same for both. The range is written into the SQL (its values are this code's own): one
 * statement per month.
 */
export function employeeDashboardFigure(range: DashboardRange): CallerFigure {
  const { fromMonth, toMonth, thisMonth } = range;
  return (employeeId) => sql`${sql.lit(thisMonth.start)}
    || '|' || coalesce((select metric_count from employee_scores
      where employee_id = ${employeeId}), 0)
    || '|' || (select count(*) from bonuses where employee_id = ${employeeId})
    || '|' || (select count(*) from bonuses where employee_id = ${employeeId}
      and created_at >= ${sql.lit(thisMonth.start)} and created_at < ${sql.lit(thisMonth.end)})
    || '|' || coalesce((select string_agg(m.month || ':' || m.metric_count || ':'
        || m.value_sum_hundredths, ',')
      from employee_monthly_scores as m where m.employee_id = ${employeeId}
        and m.month >= ${sql.lit(fromMonth)} and m.month <= ${sql.lit(toMonth)}), '')`;
}

/**
 * The rows from the figure the guard read, or null when it was read for another month than
 * `range` (a request across midnight at a month's end), which then reads them itself.
 */
export function employeeDashboardRowsFrom(
  figure: unknown,
  range: DashboardRange,
): EmployeeDashboardRows | null {
  if (typeof figure !== 'string') return null;
  const [readFor, totalMetrics, totalBonuses, bonusesThisMonth, months] = figure.split('|');
  if (readFor !== range.thisMonth.start || months === undefined) return null;
  return {
    totalMetrics: Number(totalMetrics),
    totalBonuses: Number(totalBonuses),
    bonusesThisMonth: Number(bonusesThisMonth),
    months: (months ? months.split(',') : []).map((entry) => {
      const [month, metricCount, valueSumHundredths] = entry.split(':');
      return {
        month: month!,
        metricCount: Number(metricCount),
        valueSumHundredths: Number(valueSumHundredths),
      };
    }),
  };
}
