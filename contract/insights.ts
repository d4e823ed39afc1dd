import { z } from 'zod';
import { pageLimit, pageQuerySchema, paginationSchema, sortOrderSchema } from './envelope';
import { SCORE_BAND_LABELS } from './scores';

/**
 * Insights (issue 5): the HR dashboard figures and charts, the employee dashboard, rankings,
 * the caller's top-10 status and the average-score list. Paths and field names are SPEC.md
 * section 7 and section 3's; anything beyond them is marked "beyond SPEC.md".
 *
 * Scores are averages of metric values (1 to 100), so they read as percents; 0 means none.
 */

const count = z.number().int();
// Outputs carry no range or pattern checks: every answer is checked on its way out, and a
// failed check would turn a figure into a 500.
const score = z.number().describe('A percent, 0 to 100; 0 means no metric value');
const monthKey = z.string().describe('YYYY-MM, a month in the server time zone');

// ---- GET /api/hr/metrics ---------------------------------------------------------------------

export const recentEmployeeSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  position: z.string(),
  department: z.string(),
  email: z.string(),
  join_date: z.string().describe('YYYY-MM-DD'),
});
export type RecentEmployee = z.infer<typeof recentEmployeeSchema>;

export const hrMetricsSchema = z.object({
  total_staff: count,
  total_staff_from_this_month: count.describe('Employees added (created_at) this month'),
  total_metrics: count.describe('Metric values recorded, all time (the "Active Metrics" card)'),
  total_metrics_from_this_month: count.describe('Metric values recorded this month'),
  bonuses_awarded: count,
  bonuses_awarded_this_month: count,
  /** Beyond SPEC.md: staff with at least one metric value (the ranked staff). */
  staff_with_metrics: count,
  /** Beyond SPEC.md: metric types defined, for the "Active Metrics" card's subtitle. */
  metric_types: count,
  /** The 5 most recently added employees (created_at, newest first). */
  recent_employees: z.array(recentEmployeeSchema),
});
export type HrMetrics = z.infer<typeof hrMetricsSchema>;

// ---- GET /api/hr/charts (beyond SPEC.md) -----------------------------------------------------

export const departmentAverageSchema = z.object({
  department: z.string(),
  staff_count: count,
  /** Staff with at least one metric value. */
  scored_staff_count: count,
  metric_count: count,
  /** Mean of every metric value of the department's staff; 0 when none. */
  average_score: score,
});
export type DepartmentAverage = z.infer<typeof departmentAverageSchema>;

export const scoreDistributionEntrySchema = z.object({
  band: z.enum(SCORE_BAND_LABELS),
  staff_count: count,
});
export type ScoreDistributionEntry = z.infer<typeof scoreDistributionEntrySchema>;

export const hrChartsSchema = z.object({
  /** Every department with staff, by name. */
  department_averages: z.array(departmentAverageSchema),
  /** Excellent, Good, Fair, Poor, No Data, in that order, every band present. */
  score_distribution: z.array(scoreDistributionEntrySchema),
});
export type HrCharts = z.infer<typeof hrChartsSchema>;

// ---- GET /api/employees/dashboard ------------------------------------------------------------

export const semesterSummarySchema = z.object({
  first_month: monthKey,
  last_month: monthKey,
  metric_count: count,
});

export const monthlyScoreSchema = z.object({
  month: monthKey,
  /** Mean of the month's values; 0 when there were none. */
  average_score: score,
  metric_count: count,
});
export type MonthlyScore = z.infer<typeof monthlyScoreSchema>;

export const employeeDashboardSchema = z.object({
  /** Mean of the values recorded in the semester containing today; 0 when none. */
  average_score_this_semester: score,
  /** The same for the semester before it. */
  average_score_last_semester: score,
  /** Beyond SPEC.md: which months each semester spans and how many values it holds. */
  this_semester: semesterSummarySchema,
  last_semester: semesterSummarySchema,
  /** Beyond SPEC.md: the last 12 months, oldest first, this month last (the trend chart). */
  monthly_scores: z.array(monthlyScoreSchema),
  /** Beyond SPEC.md: the figures of the dashboard cards and the Performance Summary. */
  total_metrics: count,
  metrics_this_month: count,
  total_bonuses: count,
  bonuses_this_month: count,
});
export type EmployeeDashboard = z.infer<typeof employeeDashboardSchema>;

// ---- GET /api/employees/rank -----------------------------------------------------------------

export const DEFAULT_RANKING_SIZE = 10;

export const rankQuerySchema = z.object({
  limit: pageLimit.default(DEFAULT_RANKING_SIZE),
});
export type RankQuery = z.infer<typeof rankQuerySchema>;

/** No email and no salary: every role may read the rankings (PRODUCT.md section 4). */
export const rankingEntrySchema = z.object({
  id: z.number().int(),
  /** Position 1..n in the ranking order; ties are broken, so no two entries share a rank. */
  rank: z.number().int().min(1),
  first_name: z.string(),
  last_name: z.string(),
  position: z.string(),
  department: z.string(),
  average_score: score,
  total_metrics: count,
});
export type RankingEntry = z.infer<typeof rankingEntrySchema>;

export const rankingsSchema = z.object({ rankings: z.array(rankingEntrySchema) });
export type Rankings = z.infer<typeof rankingsSchema>;

// ---- GET /api/employees/top10-status ---------------------------------------------------------

export const top10StatusSchema = z.object({
  is_in_top_10: z.boolean(),
  /** The caller's own rank; null when unranked or when the account has no employee record. */
  current_rank: z.number().int().min(1).nullable(),
});
export type Top10Status = z.infer<typeof top10StatusSchema>;

// ---- GET /api/metrics/average ----------------------------------------------------------------

export const AVERAGE_SCORE_SORTS = ['name', 'score'] as const;

export const averageScoresQuerySchema = pageQuerySchema.extend({
  search: z
    .string({ error: 'search must be text' })
    .trim()
    .max(100, 'search must be at most 100 characters')
    .optional()
    .transform((value) => value || undefined),
  department: z
    .string({ error: 'department must be text' })
    .trim()
    .max(200, 'department must be at most 200 characters')
    .optional()
    .transform((value) => value || undefined),
  sort: z.enum(AVERAGE_SCORE_SORTS, { error: 'sort must be name or score' }).default('name'),
  order: sortOrderSchema.default('asc'),
});
export type AverageScoresQuery = z.infer<typeof averageScoresQuerySchema>;

export const averageScoreEntrySchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  position: z.string(),
  department: z.string(),
  performance_metrics: z.object({
    /** Mean of the employee's metric values; 0 when none (shown as 0.0). */
    average_value: score,
    total_metrics: count,
  }),
  average_score: score,
});
export type AverageScoreEntry = z.infer<typeof averageScoreEntrySchema>;

export const averageScoresSchema = z.object({
  employees: z.array(averageScoreEntrySchema),
  pagination: paginationSchema,
});
export type AverageScores = z.infer<typeof averageScoresSchema>;
