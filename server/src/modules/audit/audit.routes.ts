import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditEntryResultSchema, auditListSchema, auditQuerySchema } from '#contract/audit';
import { idParamsSchema } from '#contract/fields';
import { ok, replies } from '../../lib/route';
import { getAuditTrail, listAuditTrails } from './audit.service';

/**
 * The audit trail, for admins, read-only. There is deliberately no route that creates, edits or
 * deletes an entry: entries are written only by services, in the transaction of the change.
 */
export async function auditRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/audit',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['audit'],
        summary: 'Audit entries, newest first; search is over name and description',
        querystring: auditQuerySchema,
        response: replies(auditListSchema),
      },
    },
    async (request) =>
      ok('Audit trails', await listAuditTrails(app.db, request.query, request.dataVersion)),
  );

  api.get(
    '/api/audit/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['audit'],
        summary: 'One audit entry with its record before and after',
        params: idParamsSchema,
        response: replies(auditEntryResultSchema),
      },
    },
    async (request) =>
      ok('Audit trail', { audit_trail: await getAuditTrail(app.db, request.params.id) }),
  );
}
