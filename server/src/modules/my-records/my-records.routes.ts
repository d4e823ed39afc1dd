import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bonusListSchema, bonusStatusSchema } from '#contract/bonuses';
import { ownListQuerySchema } from '#contract/my-records';
import { performanceMetricListSchema } from '#contract/performance-metrics';
import { signedInUser } from '../../plugins/auth';
import { ok, replies } from '../../lib/route';
import { bonusesOfCaller } from '../bonuses/bonuses.repository';
import { createBonusesService } from '../bonuses/bonuses.service';
import { createPerformanceMetricsService } from '../performance-metrics/performance-metrics.service';

/**
 * The signed-in person's own metric values and bonuses. Whose they are comes from the session
 * (`request.user.employeeId`) and nothing else: the query carries paging only, and any other
 * parameter is dropped by the schema. An account with no employee record has none.
 */
export async function myRecordsRoutes(app: FastifyInstance) {
  const metrics = createPerformanceMetricsService(app.db);
  const bonuses = createBonusesService(app.db);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['my records'];

  api.get(
    '/api/employees/my-performance-metrics',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Your own metric values, newest first (view only)',
        querystring: ownListQuerySchema,
        response: replies(performanceMetricListSchema),
      },
    },
    async (request) =>
      ok(
        'Your performance metrics',
        await metrics.listOwn(signedInUser(request).employeeId, request.query),
      ),
  );

  api.get(
    '/api/employees/my-bonuses',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Your own bonuses, newest first (view only)',
        querystring: ownListQuerySchema,
        response: replies(bonusListSchema),
      },
    },
    async (request) =>
      ok('Your bonuses', await bonuses.listOwn(signedInUser(request).employeeId, request.query)),
  );

  api.get(
    '/api/employees/has-bonuses',
    {
      config: { access: 'signed-in', callerFigure: () => bonusesOfCaller },
      schema: {
        tags,
        summary: 'Whether you have bonuses, and how many (one indexed count)',
        response: replies(bonusStatusSchema),
      },
    },
    async (request) =>
      ok(
        'Bonus status',
        await bonuses.statusOf(signedInUser(request).employeeId, request.callerFigure),
      ),
  );
}
