import type { Kysely } from 'kysely';
import type { HrCharts, HrMetrics, ScoreDistributionEntry } from '#contract/insights';
import { SCORE_BAND_BUCKETS, SCORE_BAND_LABELS } from '#contract/scores';
import type { DB } from '../../db/schema';
import { monthContaining, monthKey } from '../../lib/calendar';
import { chartTotals, hrFigures } from './hr-dashboard.repository';
import { averageFromTotals } from './score-math';

/** SPEC.md section 9: recent lists on the dashboard show 5 items. */
export const RECENT_EMPLOYEES = 5;

export interface HrDashboardDeps {
  db: Kysely<DB>;
  /** The clock; tests pass a fixed instant to sit on either side of a month boundary. */
  now?: () => Date;
}

export function createHrDashboardService({ db, now = () => new Date() }: HrDashboardDeps) {
  return {
    /** SPEC.md section 3's HR figures; "this month" by created_at in the server's time zone. */
    async metrics(): Promise<HrMetrics> {
      const today = now();
      const thisMonth = { ...monthContaining(today), key: monthKey(today) };
      const figures = await hrFigures(db, thisMonth, RECENT_EMPLOYEES);
      return {
        total_staff: figures.employees,
        total_staff_from_this_month: figures.employeesThisMonth,
        total_metrics: figures.metricValues,
        total_metrics_from_this_month: figures.metricValuesThisMonth,
        bonuses_awarded: figures.bonuses,
        bonuses_awarded_this_month: figures.bonusesThisMonth,
        staff_with_metrics: figures.scoredStaff,
        metric_types: figures.metricTypes,
        recent_employees: figures.recent,
      };
    },

    /** Average score per department and staff per score band (SPEC.md 4). */
    async charts(): Promise<HrCharts> {
      const { departments, histogram } = await chartTotals(db);
      const inBand = (label: Exclude<(typeof SCORE_BAND_LABELS)[number], 'No Data'>) => {
        const [low, high] = SCORE_BAND_BUCKETS[label];
        return histogram
          .filter(({ bucket }) => bucket >= low && bucket <= high)
          .reduce((sum, { staff }) => sum + staff, 0);
      };
      // Staff without a value: every department's staff less its scored staff.
      const unscored = departments.reduce(
        (sum, row) => sum + Number(row.staff_count) - Number(row.scored_staff_count),
        0,
      );
      const distribution: ScoreDistributionEntry[] = SCORE_BAND_LABELS.map((band) => ({
        band,
        staff_count: band === 'No Data' ? unscored : inBand(band),
      }));
      return {
        department_averages: departments.map((row) => ({
          department: row.department,
          staff_count: Number(row.staff_count),
          scored_staff_count: Number(row.scored_staff_count),
          metric_count: Number(row.metric_count),
          average_score: averageFromTotals(
            Number(row.metric_count),
            Number(row.value_sum_hundredths),
          ),
        })),
        score_distribution: distribution,
      };
    },
  };
}
