import { sql, type Expression } from 'kysely';
import type { Period } from '../../lib/calendar';
import { preparedQuery } from '../../db/prepared-query';
import type { CallerFigure } from '../auth/auth.repository';

/** The months a dashboard reads: its trend and semesters, and the month containing today. */
export interface DashboardRange {
  fromMonth: string;
  toMonth: string;
  thisMonth: Period;
}

/** One month with values: its YYYY-MM key, how many values and their sum in hundredths. */
export type MonthTotals = [month: string, metricCount: number, valueSumHundredths: number];

export interface EmployeeDashboardRows {
  totalMetrics: number;
  totalBonuses: number;
  bonusesThisMonth: number;
  /** The employee's months from `fromMonth` to `toMonth` that have values, in no set order. */
  months: MonthTotals[];
}

/**
 * The version of an employee's dashboard (migration 0019: moved by triggers with every write to
 * their months or bonuses; no row is 0).
 */
function dashboardVersionOf(employeeId: Expression<number | null> | number) {
  return sql<number>`coalesce((select version from employee_dashboard_versions
    where employee_id = ${employeeId}), 0)`;
}

/**
 * The caller's dashboard version, read by the guard with their account (a CallerFigure): one row
 * by its key, all the route needs when this instance remembers the caller's dashboard at it.
 */
export const dashboardVersionOfCaller: CallerFigure = dashboardVersionOf;

/**
 * Everything the employee dashboard reads, for one month's range, as one JSON text: the
 * employee's totals (one score row, their own few bonuses in one range of
 * bonuses_employee_created_idx) and their months with values (at most a couple of dozen entries
 * of migration 0018's index, which holds the totals), `[118,16,5,[["2025-07",9,66105],…]]`; and
 * beside it the dashboard version, read in the same statement so that the two agree.
 *
 * Written as text by concatenation, the same SQL for both engines (their JSON builders differ),
 * and read with JSON.parse, quicker than splitting a text of our own. The
 * range is written into the SQL (its values are this code's own): one statement per month.
 */
export function employeeDashboardQuery(range: DashboardRange) {
  const [monthStart, monthEnd] = [sql.lit(range.thisMonth.start), sql.lit(range.thisMonth.end)];
  const [fromMonth, toMonth] = [sql.lit(range.fromMonth), sql.lit(range.toMonth)];
  return preparedQuery(
    (employeeId: number) => sql<{ figure: string; version: number }>`select '['
    || coalesce((select metric_count from employee_scores where employee_id = ${employeeId}), 0)
    || ',' || (select count(*) || ',' || count(*) filter (
        where created_at >= ${monthStart} and created_at < ${monthEnd})
      from bonuses where employee_id = ${employeeId})
    || ',[' || coalesce((select string_agg(
        '["' || m.month || '",' || m.metric_count || ',' || m.value_sum_hundredths || ']', ',')
      from employee_monthly_scores as m
      where m.employee_id = ${employeeId} and m.month >= ${fromMonth} and m.month <= ${toMonth}),
      '') || ']]' as figure,
    ${dashboardVersionOf(employeeId)} as version`,
  );
}

/** The figure's text as rows. */
export function parseEmployeeDashboardFigure(figure: string): EmployeeDashboardRows {
  const [totalMetrics, totalBonuses, bonusesThisMonth, months] = JSON.parse(figure) as [
    number,
    number,
    number,
    MonthTotals[],
  ];
  return { totalMetrics, totalBonuses, bonusesThisMonth, months };
}
