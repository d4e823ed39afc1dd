import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { rankQuerySchema, rankingsSchema, top10StatusSchema } from '#contract/insights';
import { signedInUser } from '../../plugins/auth';
import { ok, replies } from '../../lib/route';
import { rankingVersionForCaller } from './rankings.repository';
import { createRankingsService, rankingSizeFor } from './rankings.service';

export async function rankingsRoutes(app: FastifyInstance) {
  const rankings = createRankingsService({ db: app.db });
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/employees/rank',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['insights'],
        summary:
          'The top performers (10 unless `limit` says more, an employee 10 at most): average score, then metric count, then name',
        querystring: rankQuerySchema,
        response: replies(rankingsSchema),
      },
    },
    async (request) => {
      const size = rankingSizeFor(signedInUser(request), request.query.limit);
      return ok('Rankings', await rankings.rankings(size, request.dataVersion));
    },
  );

  api.get(
    '/api/employees/top10-status',
    {
      config: { access: 'signed-in', callerFigure: () => rankingVersionForCaller },
      schema: {
        tags: ['insights'],
        summary: "The caller's own rank and whether it is in the top 10",
        response: replies(top10StatusSchema),
      },
    },
    async (request) =>
      ok('Top 10 status', await rankings.top10Status(signedInUser(request), request.callerFigure)),
  );
}
