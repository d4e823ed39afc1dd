import type { Kysely } from 'kysely';
import type { EmployeeDashboard, MonthlyScore } from '#contract/insights';
import type { Config } from '../../config';
import type { DB } from '../../db/schema';
import { currentAndPreviousSemester, monthContaining, monthKey } from '../../lib/calendar';
import { createRememberedAnswers } from '../../lib/remembered-answers';
import { unchanging } from '../../lib/unchanging';
import type { AuthUser } from '../auth/auth-user';
import {
  employeeDashboardQuery,
  parseEmployeeDashboardFigure,
  type EmployeeDashboardRows,
  type MonthTotals,
} from './employee-dashboard.repository';
import { averageFromTotals } from './score-math';

export const TREND_MONTHS = 12;
/**
 * How many employees' dashboards an instance remembers: the product's scale, 10,000 staff, at
 * a few KB each (the answer's objects, and the text the route's serialiser keeps for it), some
 * tens of MiB at most.
 */
const REMEMBERED_DASHBOARDS = 10_000;

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
  return {
    current,
    previous,
    trendMonths,
    thisMonthKey: trendMonths.at(-1)!,
    readRows: employeeDashboardQuery(range),
    /**
     * The dashboards answered this month, by employee, with the version they were read at: one
     * changes only when its employee's version moves (migration 0019) or the month does.
     */
    answered: createRememberedAnswers<number, EmployeeDashboard>(REMEMBERED_DASHBOARDS),
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

  return {
    /**
     * The caller's own dashboard, from their linked employee record. An account without one
     * (an HR user who is not on the staff list) gets zeros rather than an error.
     * `versionByGuard`: the route's caller figure, the caller's dashboard version as the guard
     * read it; undefined when it did not (the response cache was expected to answer).
     */
    async dashboard(
      caller: Pick<AuthUser, 'employeeId'>,
      versionByGuard?: unknown,
    ): Promise<EmployeeDashboard> {
      const calendar = calendarOf(now());
      const employeeId = caller.employeeId;
      if (employeeId === null) return dashboardFrom(calendar, NO_ROWS);
      if (versionByGuard !== undefined) {
        const known = calendar.answered.at(employeeId, Number(versionByGuard));
        if (known) return known;
      }
      const [read] = await calendar.readRows(db, employeeId);
      const answer = unchanging(
        dashboardFrom(calendar, parseEmployeeDashboardFigure(read!.figure)),
      );
      calendar.answered.remember(employeeId, Number(read!.version), answer);
      return answer;
    },
  };
}

/** The dashboard of `rows` in `calendar`'s month. */
function dashboardFrom(calendar: Calendar, rows: EmployeeDashboardRows): EmployeeDashboard {
  const { current, previous, trendMonths, thisMonthKey } = calendar;
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
}
