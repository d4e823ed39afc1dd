import { z } from 'zod';
import { auditQuerySchema } from './audit';
import { bonusListQuerySchema } from './bonuses';
import { listEmployeesQuerySchema } from './employees';
import { wholeNumberQuery } from './fields';
import { averageScoresQuerySchema } from './insights';
import { performanceMetricListQuerySchema } from './performance-metrics';

/**
 * CSV exports (issue 8): every table as a streamed CSV file, with the filters, search and sort of
 * its list route and the same access. A list's `page`, `limit` and `cursor` mean nothing to an
 * export (it holds every matching row) and are ignored, so a screen can pass its list query as
 * it is.
 *
 * Files are UTF-8 with a byte order mark (so spreadsheets read accents right), RFC 4180 quoting,
 * CRLF line ends and a header row of the column names below, which are stable: scripts may rely
 * on them. Timestamps are ISO 8601 instants in UTC, dates YYYY-MM-DD, numbers plain decimals.
 * A cell whose text starts with `=`, `+`, `-`, `@`, a tab or a carriage return (or their full-width
 * forms) gets a leading `'` so a spreadsheet shows it as text instead of running it as a formula
 * (CSV injection); a cell that already starts with `'` before such a character gets one more. The
 * importers strip exactly that one `'` again, so an export re-imports unchanged.
 */

const withoutPaging = { page: true, limit: true } as const;
/** The lists that also page by cursor (page-cursor.ts): their `cursor` is ignored too. */
const withoutCursorPaging = { ...withoutPaging, cursor: true } as const;

export const staffExportQuerySchema = listEmployeesQuerySchema.omit(withoutPaging);
export type StaffExportQuery = z.infer<typeof staffExportQuerySchema>;

export const metricValueExportQuerySchema =
  performanceMetricListQuerySchema.omit(withoutCursorPaging);
export type MetricValueExportQuery = z.infer<typeof metricValueExportQuerySchema>;

export const bonusExportQuerySchema = bonusListQuerySchema.omit(withoutCursorPaging);
export type BonusExportQuery = z.infer<typeof bonusExportQuerySchema>;

export const averageScoreExportQuerySchema = averageScoresQuerySchema.omit(withoutPaging);
export type AverageScoreExportQuery = z.infer<typeof averageScoreExportQuerySchema>;

export const auditExportQuerySchema = auditQuerySchema.omit(withoutPaging);
export type AuditExportQuery = z.infer<typeof auditExportQuerySchema>;

export const MAX_RANKING_EXPORT = 1_000_000;

/** The whole ranking unless `limit` asks for the top N only (what /top10 shows: 10). */
export const rankingExportQuerySchema = z.object({
  limit: wholeNumberQuery('limit', 1, MAX_RANKING_EXPORT).optional(),
});
export type RankingExportQuery = z.infer<typeof rankingExportQuerySchema>;

/**
 * Staff: exactly the columns the staff import takes, in this order, so an export re-imports as
 * it is. There is no database id: people are told apart by email (and employee ID, the
 * `employee_code`), and a manager is named by their email and employee ID. Skills are one cell,
 * separated by `; ` (a `;` or `\` inside a skill is written `\;` or `\\`).
 */
export const STAFF_CSV_COLUMNS = [
  'employee_code',
  'first_name',
  'last_name',
  'email',
  'phone',
  'position',
  'department',
  'join_date',
  'status',
  'employment_type',
  'location',
  'salary',
  'manager_email',
  'manager_employee_code',
  'skills',
  'notes',
] as const;

/** Metric values, newest first. `value` is on the 1 to 100 scale, `unit` the type's unit. */
export const METRIC_VALUE_EXPORT_COLUMNS = [
  'id',
  'employee_id',
  'employee_email',
  'first_name',
  'last_name',
  'metric_type_id',
  'metric_name',
  'unit',
  'value',
  'comment',
  'created_at',
  'updated_at',
] as const;

/** Bonuses, newest first. */
export const BONUS_EXPORT_COLUMNS = [
  'id',
  'employee_id',
  'employee_email',
  'first_name',
  'last_name',
  'bonus_name',
  'description',
  'created_at',
  'updated_at',
] as const;

/** Rankings: what every signed-in role may see, so no email and no salary. */
export const RANKING_EXPORT_COLUMNS = [
  'rank',
  'employee_id',
  'first_name',
  'last_name',
  'position',
  'department',
  'average_score',
  'total_metrics',
] as const;

/** Average scores: 0 and "No Data" for staff without a metric value. */
export const AVERAGE_SCORE_EXPORT_COLUMNS = [
  'employee_id',
  'first_name',
  'last_name',
  'email',
  'position',
  'department',
  'average_score',
  'total_metrics',
  'performance',
] as const;

/** The audit trail, newest first; `before` and `after` are the records as JSON text. */
export const AUDIT_EXPORT_COLUMNS = [
  'id',
  'created_at',
  'name',
  'description',
  'actor_user_id',
  'actor_email',
  'ip_address',
  'entity_type',
  'entity_id',
  'before',
  'after',
] as const;

/** The file name of each export, before `-YYYY-MM-DD.csv` (the server's date). */
export const EXPORT_FILE_NAMES = {
  staff: 'staff',
  metricValues: 'performance-metrics',
  bonuses: 'bonuses',
  rankings: 'rankings',
  averageScores: 'average-scores',
  audit: 'audit-trail',
} as const;

export const CSV_MEDIA_TYPE = 'text/csv';
