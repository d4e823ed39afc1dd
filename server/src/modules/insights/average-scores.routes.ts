import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { averageScoresQuerySchema, averageScoresSchema } from '#contract/insights';
import { ok, replies } from '../../lib/route';
import { createAverageScoresService } from './average-scores.service';

export async function averageScoresRoutes(app: FastifyInstance) {
  const averages = createAverageScoresService({ db: app.db });

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/metrics/average',
    {
      config: { access: 'hr' },
      schema: {
        tags: ['insights'],
        summary:
          'Every employee with their average score (0 when none); search, department, sort by name or score',
        querystring: averageScoresQuerySchema,
        response: replies(averageScoresSchema),
      },
    },
    async (request) => ok('Average scores', await averages.list(request.query)),
  );
}
