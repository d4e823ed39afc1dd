import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  csvImportBodySchema,
  IMPORT_BODY_LIMIT_BYTES,
  importResultSchema,
} from '#contract/csv-import';
import { actorOf, ok, replies } from '../../lib/route';
import type { JsonPoisoning } from './import-body';
import { importMessage } from './import-file';
import { ImportBodyBytes, importInWorker, type ImportSource } from './import-thread';

/**
 * CSV imports (issue 8): HR posts a file's text and gets a report of every row. The body limit
 * of these two routes is 10 MB instead of 1 MB: about 60,000 staff or 150,000 metric values.
 * The body is not parsed here: its bytes go to the import's worker thread, which decodes,
 * parses and validates it (import-body.ts) where no other request waits on it. The schema stays
 * on the routes for the API's documentation; the routes' validator lets the bytes through.
 */
export async function importRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { onProtoPoisoning, onConstructorPoisoning } = app.initialConfig;
  const poisoning: JsonPoisoning = {
    protoAction: onProtoPoisoning ?? 'error',
    constructorAction: onConstructorPoisoning ?? 'error',
  };

  // This plugin's own JSON parser (Fastify scopes it to these routes): the bytes as they came.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer' },
    (_request, body: Buffer, done) => done(null, new ImportBodyBytes(body)),
  );
  const bytesPass = () => (data: unknown) => ({ value: data });

  /** What the handler has: the bytes, or what Fastify had when no body came. */
  const sourceOf = (body: unknown): ImportSource =>
    body instanceof ImportBodyBytes ? body : { value: body ?? null };

  api.post(
    '/api/employees/import',
    {
      bodyLimit: IMPORT_BODY_LIMIT_BYTES,
      config: { access: 'hr' },
      validatorCompiler: bytesPass,
      schema: {
        tags: ['employees', 'csv'],
        summary:
          'Import staff from CSV (the staff export’s columns): all or nothing, or the valid rows only; dry_run checks without storing',
        body: csvImportBodySchema,
        response: replies(importResultSchema),
      },
    },
    async (request) => {
      const report = await importInWorker({
        kind: 'staff',
        source: sourceOf(request.body),
        poisoning,
        db: app.db,
        actor: actorOf(request),
        workerFile: app.config.IMPORT_WORKER_FILE,
      });
      return ok(importMessage(report), { report });
    },
  );

  api.post(
    '/api/performance-metrics/import',
    {
      bodyLimit: IMPORT_BODY_LIMIT_BYTES,
      config: { access: 'hr' },
      validatorCompiler: bytesPass,
      schema: {
        tags: ['performance metrics', 'csv'],
        summary:
          'Import metric values from CSV (employee by email or id, metric type by name or id, value, optional comment and past created_at)',
        body: csvImportBodySchema,
        response: replies(importResultSchema),
      },
    },
    async (request) => {
      const report = await importInWorker({
        kind: 'metric-values',
        source: sourceOf(request.body),
        poisoning,
        db: app.db,
        actor: actorOf(request),
        workerFile: app.config.IMPORT_WORKER_FILE,
      });
      return ok(importMessage(report), { report });
    },
  );
}
