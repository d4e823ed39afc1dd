import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
import { csvFileName, sendCsv, type CsvRecord } from '../../lib/csv';
import { actorOf, csvReplies } from '../../lib/route';
import { auditCsvBatches } from './audit.export';
import { bonusCsvBatches } from './bonuses.export';
import { recordExport } from './export-audit';
import { averageScoreCsvBatches, rankingCsvBatches } from './insights.export';
import { metricValueCsvBatches } from './metric-values.export';
import { staffCsvBatches } from './staff.export';

/**
 * CSV downloads of every table (issue 8): the list route's filters, search and sort and its
 * access level; streamed, so a million rows never sit in memory. Invalid filters and refusals
 * answer the JSON envelope before the file starts.
 */
export async function exportRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const csv = (
    reply: FastifyReply,
    name: string,
    columns: readonly string[],
    batches: AsyncIterable<CsvRecord[]>,
  ) => sendCsv(reply, { fileName: csvFileName(name), columns, batches });

  api.get(
    '/api/employees/export.csv',
    {
      config: { access: 'hr' },
      schema: {
        tags: ['employees', 'csv'],
        summary:
          'Staff as CSV (the staff import’s columns), with the staff list’s filters and sort',
        querystring: staffExportQuerySchema,
        response: csvReplies('Staff records, one row each'),
      },
    },
    async (request, reply) => {
      await recordExport(app.db, actorOf(request), {
        title: 'staff records',
        entityType: 'employee',
        query: request.query,
      });
      return csv(
        reply,
        EXPORT_FILE_NAMES.staff,
        STAFF_CSV_COLUMNS,
        staffCsvBatches(app.db, request.query),
      );
    },
  );

  api.get(
    '/api/performance-metrics/export.csv',
    {
      config: { access: 'hr' },
      schema: {
        tags: ['performance metrics', 'csv'],
        summary:
          'Metric values as CSV, newest first, filtered by employee (user_id) and metric type',
        querystring: metricValueExportQuerySchema,
        response: csvReplies('Metric values, one row each'),
      },
    },
    async (request, reply) => {
      await recordExport(app.db, actorOf(request), {
        title: 'metric values',
        entityType: 'performance_metric',
        query: request.query,
      });
      return csv(
        reply,
        EXPORT_FILE_NAMES.metricValues,
        METRIC_VALUE_EXPORT_COLUMNS,
        metricValueCsvBatches(app.db, request.query),
      );
    },
  );

  api.get(
    '/api/bonuses/export.csv',
    {
      config: { access: 'hr' },
      schema: {
        tags: ['bonuses', 'csv'],
        summary: 'Bonuses as CSV, newest first, optionally of one employee',
        querystring: bonusExportQuerySchema,
        response: csvReplies('Bonuses, one row each'),
      },
    },
    async (request, reply) => {
      await recordExport(app.db, actorOf(request), {
        title: 'bonuses',
        entityType: 'bonus',
        query: request.query,
      });
      return csv(
        reply,
        EXPORT_FILE_NAMES.bonuses,
        BONUS_EXPORT_COLUMNS,
        bonusCsvBatches(app.db, request.query),
      );
    },
  );

  api.get(
    '/api/employees/rank/export.csv',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['insights', 'csv'],
        summary:
          'The ranking as CSV (every ranked employee unless `limit`), without email or salary',
        querystring: rankingExportQuerySchema,
        response: csvReplies('Ranked staff, best first'),
      },
    },
    async (request, reply) =>
      csv(
        reply,
        EXPORT_FILE_NAMES.rankings,
        RANKING_EXPORT_COLUMNS,
        rankingCsvBatches(app.db, request.query),
      ),
  );

  api.get(
    '/api/metrics/average/export.csv',
    {
      config: { access: 'hr' },
      schema: {
        tags: ['insights', 'csv'],
        summary:
          'Average scores of every employee as CSV, with the list’s search, department and sort',
        querystring: averageScoreExportQuerySchema,
        response: csvReplies('Staff with their average scores'),
      },
    },
    async (request, reply) => {
      await recordExport(app.db, actorOf(request), {
        title: 'average scores',
        entityType: 'employee',
        query: request.query,
      });
      return csv(
        reply,
        EXPORT_FILE_NAMES.averageScores,
        AVERAGE_SCORE_EXPORT_COLUMNS,
        averageScoreCsvBatches(app.db, request.query),
      );
    },
  );

  api.get(
    '/api/audit/export.csv',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['audit', 'csv'],
        summary: 'Audit entries as CSV, newest first; search is over name and description',
        querystring: auditExportQuerySchema,
        response: csvReplies('Audit entries, with their records before and after as JSON'),
      },
    },
    async (request, reply) => {
      await recordExport(app.db, actorOf(request), {
        title: 'the audit trail',
        entityType: 'audit_entry',
        query: request.query,
      });
      return csv(
        reply,
        EXPORT_FILE_NAMES.audit,
        AUDIT_EXPORT_COLUMNS,
        auditCsvBatches(app.db, request.query),
      );
    },
  );
}
