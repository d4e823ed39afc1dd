import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createEmployeeBodySchema,
  employeeListSchema,
  employeeResultSchema,
  employeeStatsSchema,
  listEmployeesQuerySchema,
  updateEmployeeBodySchema,
} from '#contract/employees';
import { idParamsSchema } from '#contract/fields';
import { actorOf, createdReplies, ok, replies } from '../../lib/route';
import { createEmployeesService } from './employees.service';

/** Staff records (SPEC.md section 7): HR only, since they carry email and salary. */
export async function employeeRoutes(app: FastifyInstance) {
  const employees = createEmployeesService(app.db);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['employees'];

  api.get(
    '/api/employees',
    {
      config: { access: 'hr' },
      schema: {
        tags,
        summary: 'List staff: paging, search (name, email, position), filters and sorting',
        querystring: listEmployeesQuerySchema,
        response: replies(employeeListSchema),
      },
    },
    async (request) => ok('Employees', await employees.list(request.query, request.dataVersion)),
  );

  api.get(
    '/api/employees/stats',
    {
      config: { access: 'hr' },
      schema: {
        tags,
        summary: 'Departments and positions in use, and the configured departments',
        response: replies(employeeStatsSchema),
      },
    },
    async () => ok('Employee statistics', await employees.stats()),
  );

  api.get(
    '/api/employees/:id',
    {
      config: { access: 'hr' },
      schema: {
        tags,
        summary: 'One staff record',
        params: idParamsSchema,
        response: replies(employeeResultSchema),
      },
    },
    async (request) => ok('Employee', { employee: await employees.get(request.params.id) }),
  );

  api.post(
    '/api/employees',
    {
      config: { access: 'hr' },
      schema: {
        tags,
        summary: 'Add a staff member',
        body: createEmployeeBodySchema,
        response: createdReplies(employeeResultSchema),
      },
    },
    async (request, reply) => {
      const employee = await employees.create(request.body, actorOf(request));
      return reply.code(201).send(ok('Employee created successfully', { employee }));
    },
  );

  api.put(
    '/api/employees/:id',
    {
      config: { access: 'hr' },
      schema: {
        tags,
        summary: 'Change a staff record; fields left out keep their values',
        params: idParamsSchema,
        body: updateEmployeeBodySchema,
        response: replies(employeeResultSchema),
      },
    },
    async (request) =>
      ok('Employee updated successfully', {
        employee: await employees.update(request.params.id, request.body, actorOf(request)),
      }),
  );

  api.delete(
    '/api/employees/:id',
    {
      config: { access: 'hr' },
      schema: {
        tags,
        summary:
          'Delete a staff member with their metric values, bonuses and questions; unlinks their account',
        params: idParamsSchema,
        response: replies(z.object({ id: z.number().int() })),
      },
    },
    async (request) => {
      await employees.remove(request.params.id, actorOf(request));
      return ok('Employee deleted successfully', { id: request.params.id });
    },
  );
}
