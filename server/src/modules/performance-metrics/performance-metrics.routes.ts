import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageQuerySchema } from '#contract/envelope';
import { idParamsSchema } from '#contract/fields';
import { deletedSchema } from '#contract/metric-types';
import {
  PERFORMANCE_METRIC_MESSAGES as MESSAGES,
  performanceMetricCursorListSchema,
  performanceMetricListQuerySchema,
  performanceMetricListSchema,
  performanceMetricResultSchema,
  recordMetricValueBodySchema,
  updateMetricValueBodySchema,
} from '#contract/performance-metrics';
import { actorOf, createdReplies, ok, replies } from '../../lib/route';
import { createPerformanceMetricsService } from './performance-metrics.service';

export async function performanceMetricsRoutes(app: FastifyInstance) {
  const metrics = createPerformanceMetricsService(app.db);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['performance metrics'];

  api.get(
    '/api/performance-metrics',
    {
      config: { access: 'hr' },
      schema: {
        tags,
        summary: 'Metric values, newest first, filtered by employee (user_id) and metric type',
        querystring: performanceMetricListQuerySchema,
        response: replies(performanceMetricCursorListSchema),
      },
    },
    async (request) => ok('Performance metrics', await metrics.list(request.query)),
  );

  api.get(
    '/api/performance-metrics/user/:id',
    {
      config: { access: 'hr' },
      schema: {
        tags,
        summary: 'Metric values of one employee, newest first',
        params: idParamsSchema,
        querystring: pageQuerySchema,
        response: replies(performanceMetricListSchema),
      },
    },
    async (request) =>
      ok('Performance metrics', await metrics.listForEmployee(request.params.id, request.query)),
  );

  api.post(
    '/api/performance-metrics',
    {
      config: { access: 'hr' },
      schema: {
        tags,
        summary: 'Record a value (optionally backdated with a past created_at)',
        body: recordMetricValueBodySchema,
        response: createdReplies(performanceMetricResultSchema),
      },
    },
    async (request, reply) => {
      const created = await metrics.record(request.body, actorOf(request));
      return reply.code(201).send(ok(MESSAGES.recorded, { performance_metric: created }));
    },
  );

  api.put(
    '/api/performance-metrics/:id',
    {
      config: { access: 'hr' },
      schema: {
        tags,
        summary: 'Change the value and comment (type and employee cannot change)',
        params: idParamsSchema,
        body: updateMetricValueBodySchema,
        response: replies(performanceMetricResultSchema),
      },
    },
    async (request) =>
      ok(MESSAGES.updated, {
        performance_metric: await metrics.update(request.params.id, request.body, actorOf(request)),
      }),
  );

  api.delete(
    '/api/performance-metrics/:id',
    {
      config: { access: 'hr' },
      schema: {
        tags,
        summary: 'Delete a value',
        params: idParamsSchema,
        response: replies(deletedSchema),
      },
    },
    async (request) => {
      await metrics.remove(request.params.id, actorOf(request));
      return ok(MESSAGES.deleted, { id: request.params.id });
    },
  );
}
