import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  awardBonusBodySchema,
  BONUS_MESSAGES as MESSAGES,
  bonusCursorListSchema,
  bonusListQuerySchema,
  bonusResultSchema,
  updateBonusBodySchema,
} from '#contract/bonuses';
import { idParamsSchema } from '#contract/fields';
import { deletedSchema } from '#contract/metric-types';
import { actorOf, createdReplies, ok, replies } from '../../lib/route';
import { createBonusesService } from './bonuses.service';

export async function bonusesRoutes(app: FastifyInstance) {
  const bonuses = createBonusesService(app.db);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['bonuses'];

  api.get(
    '/api/bonuses',
    {
      config: { access: 'hr' },
      schema: {
        tags,
        summary: 'Bonuses, newest first, optionally of one employee',
        querystring: bonusListQuerySchema,
        response: replies(bonusCursorListSchema),
      },
    },
    async (request) => ok('Bonuses', await bonuses.list(request.query)),
  );

  api.post(
    '/api/bonuses',
    {
      config: { access: 'hr' },
      schema: {
        tags,
        summary: 'Award a bonus (optionally backdated with a past created_at)',
        body: awardBonusBodySchema,
        response: createdReplies(bonusResultSchema),
      },
    },
    async (request, reply) => {
      const created = await bonuses.award(request.body, actorOf(request));
      return reply.code(201).send(ok(MESSAGES.awarded, { bonus: created }));
    },
  );

  api.put(
    '/api/bonuses/:id',
    {
      config: { access: 'hr' },
      schema: {
        tags,
        summary: 'Change the name and description (the employee cannot change)',
        params: idParamsSchema,
        body: updateBonusBodySchema,
        response: replies(bonusResultSchema),
      },
    },
    async (request) =>
      ok(MESSAGES.updated, {
        bonus: await bonuses.update(request.params.id, request.body, actorOf(request)),
      }),
  );

  api.delete(
    '/api/bonuses/:id',
    {
      config: { access: 'hr' },
      schema: {
        tags,
        summary: 'Delete a bonus',
        params: idParamsSchema,
        response: replies(deletedSchema),
      },
    },
    async (request) => {
      await bonuses.remove(request.params.id, actorOf(request));
      return ok(MESSAGES.deleted, { id: request.params.id });
    },
  );
}
