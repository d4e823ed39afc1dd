import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { successEnvelope } from '#contract/envelope';
import { idParamsSchema } from '#contract/fields';
import {
  createUserBodySchema,
  listUsersQuerySchema,
  updateUserBodySchema,
  userListSchema,
  userResultSchema,
  userWithPasswordSchema,
} from '#contract/users';
import { actorOf, createdReplies, ok, replies } from '../../lib/route';
import { USER_MESSAGES } from '#contract/user-options';
import { LINK_MESSAGES, createAccountLinkService } from './account-link.service';
import { unlockUser } from './account-locks';
import { createUsersService } from './users.service';

/** User management and account linking (SPEC.md section 7): admins only. */
export async function userRoutes(app: FastifyInstance) {
  const users = createUsersService(app.db);
  const accountLinks = createAccountLinkService(app.db);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];

  api.get(
    '/api/users',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'List users, filtered by user_type, with paging',
        querystring: listUsersQuerySchema,
        response: replies(userListSchema),
      },
    },
    async (request) => ok('Users', await users.list(request.query, request.dataVersion)),
  );

  api.get(
    '/api/users/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'One user',
        params: idParamsSchema,
        response: replies(userResultSchema),
      },
    },
    async (request) => ok('User', { user: await users.get(request.params.id) }),
  );

  api.post(
    '/api/users',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Create a user; without a password a temporary one is answered once',
        body: createUserBodySchema,
        response: createdReplies(userWithPasswordSchema),
      },
    },
    async (request, reply) => {
      const created = await users.create(request.body, actorOf(request));
      return reply.code(201).send(ok('User created successfully', created));
    },
  );

  api.put(
    '/api/users/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'Change a user (employee_id links or unlinks their staff record); a new role or password signs them out everywhere',
        params: idParamsSchema,
        body: updateUserBodySchema,
        response: replies(userResultSchema),
      },
    },
    async (request) =>
      ok('User updated successfully', {
        user: await users.update(request.params.id, request.body, actorOf(request)),
      }),
  );

  api.delete(
    '/api/users/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Delete a user (never yourself or the last admin); their sessions end',
        params: idParamsSchema,
        response: replies(z.object({ id: z.number().int() })),
      },
    },
    async (request) => {
      await users.remove(request.params.id, actorOf(request));
      return ok('User deleted successfully', { id: request.params.id });
    },
  );

  api.post(
    '/api/users/:id/unlock',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'Lift the sign-in lock that wrong passwords put on an account (409 when not locked)',
        params: idParamsSchema,
        response: replies(userResultSchema),
      },
    },
    async (request) =>
      ok(USER_MESSAGES.unlocked, {
        user: await unlockUser(app.db, request.params.id, actorOf(request)),
      }),
  );

  api.post(
    '/api/employees/:id/link-employee',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['users', 'employees'],
        summary:
          'Give an employee an account with their email: link the existing employee account or create one (409 for an account of another role)',
        params: idParamsSchema,
        response: {
          ...replies(userWithPasswordSchema),
          201: successEnvelope(userWithPasswordSchema),
        },
      },
    },
    async (request, reply) => {
      const { outcome, ...result } = await accountLinks.link(request.params.id, actorOf(request));
      const message =
        outcome === 'created'
          ? LINK_MESSAGES.created
          : outcome === 'linked'
            ? LINK_MESSAGES.linked
            : LINK_MESSAGES.alreadyLinked;
      return reply.code(outcome === 'created' ? 201 : 200).send(ok(message, result));
    },
  );
}
