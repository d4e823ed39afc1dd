import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { healthSchema } from '#contract/system';
import { preparedQuery } from '../../db/prepared-query';
import { AppError } from '../../lib/errors';
import { ok, replies } from '../../lib/route';

/**
 * The database check, sent the way a signed-in request's account lookup is (a short read, on
 * PostgreSQL over the connection short reads share): health stays the fastest route there is,
 * the ceiling the budgets' ratios are taken against (docs/benchmarks.md).
 */
const ping = preparedQuery(() => sql<{ one: number }>`select 1 as one`);

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
        await ping(app.db);
      } catch {
        throw new AppError(503, 'Database unavailable');
      }
      return ok('OK', { status: 'ok' as const, database: app.engine });
    },
  );
}
