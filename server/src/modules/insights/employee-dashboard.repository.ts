import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Period } from '../../lib/calendar';
import { preparedQuery } from '../../db/prepared-query';

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
  range: { fromMonth: string; toMonth: string; thisMonth: Period },
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
