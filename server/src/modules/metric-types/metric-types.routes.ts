import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '#contract/fields';
import {
  deletedSchema,
  measurementUnitsSchema,
  METRIC_TYPE_MESSAGES,
  metricTypeBodySchema,
  metricTypeListQuerySchema,
  metricTypeListSchema,
  metricTypeResultSchema,
} from '#contract/metric-types';
import { actorOf, createdReplies, ok, replies } from '../../lib/route';
import { createMetricTypesService } from './metric-types.service';

export async function metricTypesRoutes(app: FastifyInstance) {
  const metricTypes = createMetricTypesService(app.db);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['metric types'];

  api.get(
    '/api/metric-types',
    {
      config: { access: 'hr' },
      schema: {
        tags,
        summary: 'Metric types, by name (search, sort, paging)',
        querystring: metricTypeListQuerySchema,
        response: replies(metricTypeListSchema),
      },
    },
    async (request) => ok('Metric types', await metricTypes.list(request.query)),
  );

  api.get(
    '/api/metric-types/units',
    {
      config: { access: 'hr' },
      schema: {
        tags,
        summary: 'Measurement units in use, with the usual ones (%, hours, points, score), sorted',
        response: replies(measurementUnitsSchema),
      },
    },
    async () => ok('Measurement units', { measurement_units: await metricTypes.units() }),
  );

  api.get(
    '/api/metric-types/:id',
    {
      config: { access: 'hr' },
      schema: {
        tags,
        summary: 'One metric type',
        params: idParamsSchema,
        response: replies(metricTypeResultSchema),
      },
    },
    async (request) => ok('Metric type', { metric_type: await metricTypes.get(request.params.id) }),
  );

  api.post(
    '/api/metric-types',
    {
      config: { access: 'hr' },
      schema: {
        tags,
        summary: 'Define a metric type (name unique ignoring case; 0 <= minimum <= maximum)',
        body: metricTypeBodySchema,
        response: createdReplies(metricTypeResultSchema),
      },
    },
    async (request, reply) => {
      const created = await metricTypes.create(request.body, actorOf(request));
      return reply.code(201).send(ok(METRIC_TYPE_MESSAGES.created, { metric_type: created }));
    },
  );

  api.put(
    '/api/metric-types/:id',
    {
      config: { access: 'hr' },
      schema: {
        tags,
        summary: 'Replace a metric type (absent optional fields are cleared)',
        params: idParamsSchema,
        body: metricTypeBodySchema,
        response: replies(metricTypeResultSchema),
      },
    },
    async (request) =>
      ok(METRIC_TYPE_MESSAGES.updated, {
        metric_type: await metricTypes.update(request.params.id, request.body, actorOf(request)),
      }),
  );

  api.delete(
    '/api/metric-types/:id',
    {
      config: { access: 'hr' },
      schema: {
        tags,
        summary: 'Delete a metric type that has no recorded values (409 says how many it has)',
        params: idParamsSchema,
        response: replies(deletedSchema),
      },
    },
    async (request) => {
      await metricTypes.remove(request.params.id, actorOf(request));
      return ok(METRIC_TYPE_MESSAGES.deleted, { id: request.params.id });
    },
  );
}
