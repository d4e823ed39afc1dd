import type { Kysely } from 'kysely';
import type { EmployeeDashboard, MonthlyScore } from '#contract/insights';
import type { Config } from '../../config';
import type { DB } from '../../db/schema';
import { currentAndPreviousSemester, monthContaining, monthKey } from '../../lib/calendar';
import type { AuthUser } from '../auth/auth-user';
import {
  employeeDashboardFigure,
  employeeDashboardRows,
  employeeDashboardRowsFrom,
} from './employee-dashboard.repository';
import { averageFromTotals } from './score-math';

export const TREND_MONTHS = 12;

export interface EmployeeDashboardDeps {
  db: Kysely<DB>;
  config: Pick<Config, 'SEMESTER_START_MONTHS'>;
  /** The clock; tests pass a fixed instant to sit on either side of a boundary. */
  now?: () => Date;
}

/** The YYYY-MM keys of the `count` months ending with the month of `now`, oldest first. */
export function lastMonths(now: Date, count: number): string[] {
  return Array.from({ length: count }, (_, i) =>
    monthKey(new Date(now.getFullYear(), now.getMonth() - (count - 1 - i), 1)),
  );
}

/** The months a dashboard looks at; they depend only on the month containing today. */
function calendarFor(today: Date, startMonths: readonly number[]) {
  const { current, previous } = currentAndPreviousSemester(startMonths, today);
  const trendMonths = lastMonths(today, TREND_MONTHS);
  const thisMonth = monthContaining(today);
  const range = {
    thisMonth,
    fromMonth: [previous.months[0]!, trendMonths[0]!].sort()[0]!,
    toMonth: [current.months.at(-1)!, trendMonths.at(-1)!].sort().at(-1)!,
  };
  return {
    current,
    previous,
    trendMonths,
    thisMonthKey: trendMonths.at(-1)!,
    range,
    figure: employeeDashboardFigure(range),
    startsAt: Date.parse(thisMonth.start),
    endsAt: Date.parse(thisMonth.end),
  };
}

export function createEmployeeDashboardService({
  db,
  config,
  now = () => new Date(),
}: EmployeeDashboardDeps) {
  // Calendar arithmetic in the server's zone costs more than the query: do it once a month.
  let calendar: ReturnType<typeof calendarFor> | undefined;
  const calendarOf = (today: Date) => {
    const at = today.getTime();
    if (!calendar || at < calendar.startsAt || at >= calendar.endsAt) {
      calendar = calendarFor(today, config.SEMESTER_START_MONTHS);
    }
    return calendar;
  };

  return {
    /** The figure the guard reads with the caller's account this month (the route's). */
    callerFigure: () => calendarOf(now()).figure,

    /**
     * The caller's own dashboard, from their linked employee record. An account without one
     * (an HR user who is not on the staff list) gets zeros rather than an error. `readByGuard`:
     * the route's caller figure, undefined when the guard did not read it.
     */
    async dashboard(
      caller: Pick<AuthUser, 'employeeId'>,
      readByGuard?: unknown,
    ): Promise<EmployeeDashboard> {
      const { current, previous, trendMonths, thisMonthKey, range } = calendarOf(now());
      const rows =
        employeeDashboardRowsFrom(readByGuard, range) ??
        (caller.employeeId === null
          ? { totalMetrics: 0, totalBonuses: 0, bonusesThisMonth: 0, months: [] }
          : await employeeDashboardRows(db, caller.employeeId, range));
      const byMonth = new Map(rows.months.map((row) => [row.month, row]));

      const semester = (months: string[]) => {
        let count = 0;
        let sum = 0;
        for (const month of months) {
          count += byMonth.get(month)?.metricCount ?? 0;
          sum += byMonth.get(month)?.valueSumHundredths ?? 0;
        }
        return {
          average: averageFromTotals(count, sum),
          summary: { first_month: months[0]!, last_month: months.at(-1)!, metric_count: count },
        };
      };
      const thisSemester = semester(current.months);
      const lastSemester = semester(previous.months);

      const monthlyScores: MonthlyScore[] = trendMonths.map((month) => {
        const row = byMonth.get(month);
        return {
          month,
          average_score: averageFromTotals(row?.metricCount ?? 0, row?.valueSumHundredths ?? 0),
          metric_count: row?.metricCount ?? 0,
        };
      });

      return {
        average_score_this_semester: thisSemester.average,
        average_score_last_semester: lastSemester.average,
        this_semester: thisSemester.summary,
        last_semester: lastSemester.summary,
        monthly_scores: monthlyScores,
        total_metrics: rows.totalMetrics,
        metrics_this_month: byMonth.get(thisMonthKey)?.metricCount ?? 0,
        total_bonuses: rows.totalBonuses,
        bonuses_this_month: rows.bonusesThisMonth,
      };
    },
  };
}
