import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Access } from '#contract/access';
import {
  AUDIT_EXPORT_COLUMNS,
  auditExportQuerySchema,
  AVERAGE_SCORE_EXPORT_COLUMNS,
  averageScoreExportQuerySchema,
  BONUS_EXPORT_COLUMNS,
  bonusExportQuerySchema,
  EXPORT_FILE_NAMES,
  METRIC_VALUE_EXPORT_COLUMNS,
  metricValueExportQuerySchema,
  RANKING_EXPORT_COLUMNS,
  rankingExportQuerySchema,
  STAFF_CSV_COLUMNS,
  staffExportQuerySchema,
} from '#contract/csv-export';
import type { DB } from '../../db/schema';
import { csvFileName, sendCsv, type CsvRecord } from '../../lib/csv';
import { actorOf, csvReplies } from '../../lib/route';
import { signedInUser } from '../../plugins/auth';
import type { AuthUser } from '../auth/auth-user';
import { auditCsvBatches } from './audit.export';
import { bonusCsvBatches } from './bonuses.export';
import { recordExport } from './export-audit';
import { averageScoreCsvBatches, rankingCsvBatches, rankingExportFor } from './insights.export';
import { metricValueCsvBatches } from './metric-values.export';
import { staffCsvBatches } from './staff.export';

/** One CSV download: its list route's query, access and columns, and how to read its rows. */
interface CsvExport<Query extends z.ZodType<Record<string, unknown>>> {
  url: string;
  access: Access;
  tags: string[];
  summary: string;
  /** What one row of the file is, for the OpenAPI document. */
  rows: string;
  query: Query;
  fileName: string;
  columns: readonly string[];
  batches: (db: Kysely<DB>, query: z.infer<Query>) => AsyncIterable<CsvRecord[]>;
  /** What of the query the caller may have, when their role narrows it (the rankings). */
  narrow?: (query: z.infer<Query>, caller: AuthUser) => z.infer<Query>;
  /** The "Data Export" audit entry; null for data every signed-in person sees on screen. */
  audit: { title: string; entityType: string } | null;
}

function registerExport<Query extends z.ZodType<Record<string, unknown>>>(
  app: FastifyInstance,
  spec: CsvExport<Query>,
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    spec.url,
    {
      config: { access: spec.access },
      schema: {
        tags: spec.tags,
        summary: spec.summary,
        querystring: spec.query,
        response: csvReplies(spec.rows),
      },
    },
    async (request, reply) => {
      const asked = request.query as z.infer<Query>;
      const query = spec.narrow ? spec.narrow(asked, signedInUser(request)) : asked;
      if (spec.audit) await recordExport(app.db, actorOf(request), { ...spec.audit, query });
      return sendCsv(reply, {
        fileName: csvFileName(spec.fileName),
        columns: spec.columns,
        batches: spec.batches(app.db, query),
      });
    },
  );
}

/**
 * CSV downloads of every table (issue 8): the list route's filters, search and sort and its
 * access level; streamed, so a million rows never sit in memory. Invalid filters and refusals
 * answer the JSON envelope before the file starts.
 */
export async function exportRoutes(app: FastifyInstance) {
  registerExport(app, {
    url: '/api/employees/export.csv',
    access: 'hr',
    tags: ['employees', 'csv'],
    summary: 'Staff as CSV (the staff import’s columns), with the staff list’s filters and sort',
    rows: 'Staff records, one row each',
    query: staffExportQuerySchema,
    fileName: EXPORT_FILE_NAMES.staff,
    columns: STAFF_CSV_COLUMNS,
    batches: staffCsvBatches,
    audit: { title: 'staff records', entityType: 'employee' },
  });
  registerExport(app, {
    url: '/api/performance-metrics/export.csv',
    access: 'hr',
    tags: ['performance metrics', 'csv'],
    summary: 'Metric values as CSV, newest first, filtered by employee (user_id) and metric type',
    rows: 'Metric values, one row each',
    query: metricValueExportQuerySchema,
    fileName: EXPORT_FILE_NAMES.metricValues,
    columns: METRIC_VALUE_EXPORT_COLUMNS,
    batches: metricValueCsvBatches,
    audit: { title: 'metric values', entityType: 'performance_metric' },
  });
  registerExport(app, {
    url: '/api/bonuses/export.csv',
    access: 'hr',
    tags: ['bonuses', 'csv'],
    summary: 'Bonuses as CSV, newest first, optionally of one employee',
    rows: 'Bonuses, one row each',
    query: bonusExportQuerySchema,
    fileName: EXPORT_FILE_NAMES.bonuses,
    columns: BONUS_EXPORT_COLUMNS,
    batches: bonusCsvBatches,
    audit: { title: 'bonuses', entityType: 'bonus' },
  });
  registerExport(app, {
    url: '/api/employees/rank/export.csv',
    access: 'signed-in',
    tags: ['insights', 'csv'],
    summary:
      'The ranking as CSV (every ranked employee unless `limit`, an employee the top 10), without email or salary',
    rows: 'Ranked staff, best first',
    query: rankingExportQuerySchema,
    fileName: EXPORT_FILE_NAMES.rankings,
    columns: RANKING_EXPORT_COLUMNS,
    batches: rankingCsvBatches,
    narrow: rankingExportFor,
    audit: null,
  });
  registerExport(app, {
    url: '/api/metrics/average/export.csv',
    access: 'hr',
    tags: ['insights', 'csv'],
    summary: 'Average scores of every employee as CSV, with the list’s search, department and sort',
    rows: 'Staff with their average scores',
    query: averageScoreExportQuerySchema,
    fileName: EXPORT_FILE_NAMES.averageScores,
    columns: AVERAGE_SCORE_EXPORT_COLUMNS,
    batches: averageScoreCsvBatches,
    audit: { title: 'average scores', entityType: 'employee' },
  });
  registerExport(app, {
    url: '/api/audit/export.csv',
    access: 'admin',
    tags: ['audit', 'csv'],
    summary: 'Audit entries as CSV, newest first; search is over name and description',
    rows: 'Audit entries, with their records before and after as JSON',
    query: auditExportQuerySchema,
    fileName: EXPORT_FILE_NAMES.audit,
    columns: AUDIT_EXPORT_COLUMNS,
    batches: auditCsvBatches,
    audit: { title: 'the audit trail', entityType: 'audit_entry' },
  });
}
