import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  csvImportBodySchema,
  IMPORT_BODY_LIMIT_BYTES,
  importResultSchema,
} from '#contract/csv-import';
import { actorOf, ok, replies } from '../../lib/route';
import { importMessage } from './import-file';
import { createMetricValueImport } from './metric-values.import';
import { createStaffImport } from './staff.import';

/**
 * CSV imports (issue 8): HR posts a file's text and gets a report of every row. The body limit
 * of these two routes is 10 MB instead of 1 MB: about 60,000 staff or 150,000 metric values.
 */
export async function importRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const importStaff = createStaffImport(app.db);
  const importMetricValues = createMetricValueImport(app.db);

  api.post(
    '/api/employees/import',
    {
      bodyLimit: IMPORT_BODY_LIMIT_BYTES,
      config: { access: 'hr' },
      schema: {
        tags: ['employees', 'csv'],
        summary:
          'Import staff from CSV (the staff export’s columns): all or nothing, or the valid rows only; dry_run checks without storing',
        body: csvImportBodySchema,
        response: replies(importResultSchema),
      },
    },
    async (request) => {
      const report = await importStaff(request.body, actorOf(request));
      return ok(importMessage(report), { report });
    },
  );

  api.post(
    '/api/performance-metrics/import',
    {
      bodyLimit: IMPORT_BODY_LIMIT_BYTES,
      config: { access: 'hr' },
      schema: {
        tags: ['performance metrics', 'csv'],
        summary:
          'Import metric values from CSV (employee by email or id, metric type by name or id, value, optional comment and past created_at)',
        body: csvImportBodySchema,
        response: replies(importResultSchema),
      },
    },
    async (request) => {
      const report = await importMetricValues(request.body, actorOf(request));
      return ok(importMessage(report), { report });
    },
  );
}
