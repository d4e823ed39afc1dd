// Audit cases of user accounts: create, change and delete.
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
