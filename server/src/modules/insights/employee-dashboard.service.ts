import type { Kysely } from 'kysely';
import type { EmployeeDashboard, MonthlyScore } from '#contract/insights';
import type { Config } from '../../config';
import type { DB } from '../../db/schema';
import { currentAndPreviousSemester, monthContaining, monthKey } from '../../lib/calendar';
import type { AuthUser } from '../auth/auth-user';
import {
  employeeDashboardFigure,
  employeeDashboardFigureQuery,
  parseEmployeeDashboardFigure,
  type EmployeeDashboardRows,
  type MonthTotals,
} from './employee-dashboard.repository';
import { averageFromTotals } from './score-math';

export const TREND_MONTHS = 12;

/** An account without an employee record: nothing recorded. */
const NO_ROWS: EmployeeDashboardRows = {
  totalMetrics: 0,
  totalBonuses: 0,
  bonusesThisMonth: 0,
  months: [],
};
const NO_VALUES: MonthTotals = ['', 0, 0];

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
  const figure = employeeDashboardFigure(range);
  return {
    current,
    previous,
    trendMonths,
    thisMonthKey: trendMonths.at(-1)!,
    range,
    figure,
    readFigure: employeeDashboardFigureQuery(figure),
    startsAt: Date.parse(thisMonth.start),
    endsAt: Date.parse(thisMonth.end),
  };
}

type Calendar = ReturnType<typeof calendarFor>;

export function createEmployeeDashboardService({
  db,
  config,
  now = () => new Date(),
}: EmployeeDashboardDeps) {
  // Calendar arithmetic in the server's zone costs more than the query: do it once a month.
  let calendar: Calendar | undefined;
  const calendarOf = (today: Date) => {
    const at = today.getTime();
    if (!calendar || at < calendar.startsAt || at >= calendar.endsAt) {
      calendar = calendarFor(today, config.SEMESTER_START_MONTHS);
    }
    return calendar;
  };

  /** The caller's figures: the guard's when it read them for this month, else read now. */
  async function rowsOf(
    calendar: Calendar,
    employeeId: number | null,
    readByGuard: unknown,
  ): Promise<EmployeeDashboardRows> {
    if (typeof readByGuard === 'string') {
      const { readFor, rows } = parseEmployeeDashboardFigure(readByGuard);
      // Another month's: a request across midnight at a month's end reads its own.
      if (readFor === calendar.range.thisMonth.start) return rows;
    }
    if (employeeId === null) return NO_ROWS;
    const [read] = await calendar.readFigure(db, employeeId);
    return parseEmployeeDashboardFigure(read!.figure).rows;
  }

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
      const calendar = calendarOf(now());
      const { current, previous, trendMonths, thisMonthKey } = calendar;
      const rows = await rowsOf(calendar, caller.employeeId, readByGuard);
      const byMonth = new Map<string, MonthTotals>();
      for (const totals of rows.months) byMonth.set(totals[0], totals);

      const semester = (months: string[]) => {
        let count = 0;
        let sum = 0;
        for (const month of months) {
          const totals = byMonth.get(month);
          if (totals) {
            count += totals[1];
            sum += totals[2];
          }
        }
        return {
          average: averageFromTotals(count, sum),
          summary: { first_month: months[0]!, last_month: months.at(-1)!, metric_count: count },
        };
      };
      const thisSemester = semester(current.months);
      const lastSemester = semester(previous.months);

      const monthlyScores: MonthlyScore[] = trendMonths.map((month) => {
        const [, metricCount, sum] = byMonth.get(month) ?? NO_VALUES;
        return {
          month,
          average_score: averageFromTotals(metricCount, sum),
          metric_count: metricCount,
        };
      });

      return {
        average_score_this_semester: thisSemester.average,
        average_score_last_semester: lastSemester.average,
        this_semester: thisSemester.summary,
        last_semester: lastSemester.summary,
        monthly_scores: monthlyScores,
        total_metrics: rows.totalMetrics,
        metrics_this_month: byMonth.get(thisMonthKey)?.[1] ?? 0,
        total_bonuses: rows.totalBonuses,
        bonuses_this_month: rows.bonusesThisMonth,
      };
    },
  };
}
