import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { healthSchema } from '#contract/system';
import { AppError } from '../../lib/errors';
import { ok, replies } from '../../lib/route';

export async function healthRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Liveness and database reachability',
        response: { ...replies(healthSchema), 503: replies(healthSchema)[500] },
      },
    },
    async () => {
      try {
        await sql`select 1`.execute(app.db);
      } catch {
        throw new AppError(503, 'Database unavailable');
      }
      return ok('OK', { status: 'ok' as const, database: app.engine });
    },
  );
}
