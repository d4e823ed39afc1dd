// Audit cases of user accounts: create, change, link, unlock and delete.
import { insertEmployee } from '../factories';
import { lockAccount } from '../sign-in-locks';
import { unique, type WriteKit } from './kit';
import type { WriteCase } from './types';

export function userWriteCases({ ctx, as, actor, call }: WriteKit): WriteCase[] {
  return [
    {
      route: 'POST /api/users',
      title: 'creating a user',
      async perform(ip) {
        const email = `new.user.${unique()}@example.com`;
        const result = await call('POST', '/api/users', {
          ...as('admin', ip),
          body: { email, firstname: 'Barbara', lastname: 'Liskov', user_type: 'manager' },
        });
        return {
          result,
          expected: {
            status: 201,
            name: 'User Created',
            mentions: ['Barbara Liskov', email, 'manager'],
            actor: actor('admin'),
            entity: { type: 'user', id: result.body?.data?.user?.id },
            before: false,
            after: true,
          },
        };
      },
      async refusals() {
        return [
          {
            title: 'a manager (403)',
            status: 403,
            call: () => call('POST', '/api/users', { ...as('manager'), body: {} }),
          },
          {
            title: 'a taken email (409)',
            status: 409,
            call: () =>
              call('POST', '/api/users', {
                ...as('admin'),
                body: { email: ctx().as.manager.email, firstname: 'A', lastname: 'B' },
              }),
          },
        ];
      },
    },
    {
      route: 'PUT /api/users/{id}',
      title: 'changing a user',
      async perform(ip) {
        const user = await ctx().newUser('manager');
        const result = await call('PUT', `/api/users/${user.id}`, {
          ...as('admin', ip),
          body: { firstname: 'Renamed' },
        });
        return {
          result,
          expected: {
            status: 200,
            name: 'User Updated',
            mentions: [user.email, 'Renamed', 'firstname'],
            actor: actor('admin'),
            entity: { type: 'user', id: user.id },
            before: true,
            after: true,
          },
        };
      },
      async refusals() {
        return [
          {
            title: 'an invalid email (400)',
            status: 400,
            call: () =>
              call('PUT', `/api/users/${ctx().as.manager.id}`, {
                ...as('admin'),
                body: { email: 'not-an-email' },
              }),
          },
        ];
      },
    },
    {
      route: 'PUT /api/users/{id}',
      title: 'linking a manager account to a staff record',
      async perform(ip) {
        const user = await ctx().newUser('manager');
        const employeeId = await insertEmployee(ctx().db, {
          first_name: 'Grace',
          last_name: `Hopper${unique()}`,
        });
        const result = await call('PUT', `/api/users/${user.id}`, {
          ...as('admin', ip),
          body: { employee_id: employeeId },
        });
        return {
          result,
          expected: {
            status: 200,
            name: 'User Updated',
            mentions: [user.email, 'linked to the employee Grace Hopper'],
            actor: actor('admin'),
            entity: { type: 'user', id: user.id },
            before: true,
            after: true,
          },
        };
      },
      async refusals() {
        return [
          {
            title: 'an employee who has another account (409)',
            status: 409,
            call: () =>
              call('PUT', `/api/users/${ctx().as.manager.id}`, {
                ...as('admin'),
                body: { employee_id: ctx().as.employee.employeeId },
              }),
          },
          {
            title: 'an employee that does not exist (404)',
            status: 404,
            call: () =>
              call('PUT', `/api/users/${ctx().as.manager.id}`, {
                ...as('admin'),
                body: { employee_id: 2_000_000_000 },
              }),
          },
        ];
      },
    },
    {
      route: 'POST /api/users/{id}/unlock',
      title: 'unlocking an account',
      async perform(ip) {
        const user = await ctx().newUser('manager');
        await lockAccount(ctx().db, user.email);
        const result = await call('POST', `/api/users/${user.id}/unlock`, as('admin', ip));
        return {
          result,
          expected: {
            status: 200,
            name: 'User Unlocked',
            mentions: [user.email, '5 failed sign-ins'],
            actor: actor('admin'),
            entity: { type: 'user', id: user.id },
            before: true,
            after: true,
          },
        };
      },
      async refusals() {
        const user = await ctx().newUser('manager');
        await lockAccount(ctx().db, user.email);
        return [
          {
            title: 'a manager (403)',
            status: 403,
            call: () => call('POST', `/api/users/${user.id}/unlock`, as('manager')),
          },
          {
            title: 'an account that is not locked (409)',
            status: 409,
            call: () => call('POST', `/api/users/${ctx().as.manager.id}/unlock`, as('admin')),
          },
        ];
      },
    },
    {
      route: 'DELETE /api/users/{id}',
      title: 'deleting a user',
      async perform(ip) {
        const user = await ctx().newUser('manager');
        const result = await call('DELETE', `/api/users/${user.id}`, as('admin', ip));
        return {
          result,
          expected: {
            status: 200,
            name: 'User Deleted',
            mentions: [user.email],
            actor: actor('admin'),
            entity: { type: 'user', id: user.id },
            before: true,
            after: false,
          },
        };
      },
      async refusals() {
        return [
          {
            title: 'deleting oneself (409)',
            status: 409,
            call: () => call('DELETE', `/api/users/${ctx().as.admin.id}`, as('admin')),
          },
        ];
      },
    },
  ];
}
