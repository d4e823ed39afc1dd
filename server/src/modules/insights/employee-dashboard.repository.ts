import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Period } from '../../lib/calendar';

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
export async function employeeDashboardRows(
  db: Kysely<DB>,
  employeeId: number,
  range: { fromMonth: string; toMonth: string; thisMonth: Period },
): Promise<EmployeeDashboardRows> {
  const rows = await db
    .selectFrom(
      db
        .selectNoFrom((inner) => [
          inner
            .selectFrom('employee_scores')
            .select('metric_count')
            .where('employee_id', '=', employeeId)
            .as('total_metrics'),
          inner
            .selectFrom('bonuses')
            .select(inner.fn.countAll<number>().as('n'))
            .where('employee_id', '=', employeeId)
            .as('total_bonuses'),
          inner
            .selectFrom('bonuses')
            .select(inner.fn.countAll<number>().as('n'))
            .where('employee_id', '=', employeeId)
            .where('created_at', '>=', range.thisMonth.start)
            .where('created_at', '<', range.thisMonth.end)
            .as('bonuses_this_month'),
        ])
        .as('t'),
    )
    .leftJoin('employee_monthly_scores as m', (join) =>
      join
        .on('m.employee_id', '=', employeeId)
        .on('m.month', '>=', range.fromMonth)
        .on('m.month', '<=', range.toMonth),
    )
    .select([
      't.total_metrics',
      't.total_bonuses',
      't.bonuses_this_month',
      'm.month',
      'm.metric_count',
      'm.value_sum_hundredths',
    ])
    .execute();

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
