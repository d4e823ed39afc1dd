// Audit cases of bonuses: award, change and delete.
import { insertBonus } from '../performance-factories';
import { unique, type WriteKit } from './kit';
import type { WriteCase } from './types';

export function bonusWriteCases({ ctx, as, actor, call, person }: WriteKit): WriteCase[] {
  return [
    {
      route: 'POST /api/bonuses',
      title: 'awarding a bonus',
      async perform(ip) {
        const employee = await person('Mary', `Jackson${unique()}`);
        const result = await call('POST', '/api/bonuses', {
          ...as('manager', ip),
          body: { employee_id: employee.id, bonus_name: 'Spot Award', description: 'Covered' },
        });
        return {
          result,
          expected: {
            status: 201,
            name: 'Bonus Assignment',
            mentions: [employee.name, employee.email, 'Spot Award'],
            actor: actor('manager'),
            entity: { type: 'bonus', id: result.body?.data?.bonus?.id },
            before: false,
            after: true,
          },
        };
      },
      async refusals() {
        return [
          {
            title: 'an unknown employee (404)',
            status: 404,
            call: () =>
              call('POST', '/api/bonuses', {
                ...as('manager'),
                body: { employee_id: 987654, bonus_name: 'A', description: 'B' },
              }),
          },
        ];
      },
    },
    {
      route: 'PUT /api/bonuses/{id}',
      title: 'changing a bonus',
      async perform(ip) {
        const employee = await person();
        const id = await insertBonus(ctx().db, employee.id, { bonus_name: 'Long Service' });
        const result = await call('PUT', `/api/bonuses/${id}`, {
          ...as('manager', ip),
          body: { bonus_name: 'Long Service', description: 'Twenty years' },
        });
        return {
          result,
          expected: {
            status: 200,
            name: 'Bonus Updated',
            mentions: [employee.name, employee.email, 'Long Service'],
            actor: actor('manager'),
            entity: { type: 'bonus', id },
            before: true,
            after: true,
          },
        };
      },
      async refusals() {
        const employee = await person();
        const id = await insertBonus(ctx().db, employee.id);
        return [
          {
            title: 'a blank name (400)',
            status: 400,
            call: () =>
              call('PUT', `/api/bonuses/${id}`, {
                ...as('manager'),
                body: { bonus_name: ' ', description: 'B' },
              }),
          },
        ];
      },
    },
    {
      route: 'DELETE /api/bonuses/{id}',
      title: 'deleting a bonus',
      async perform(ip) {
        const employee = await person();
        const id = await insertBonus(ctx().db, employee.id, { bonus_name: 'Mistaken Award' });
        const result = await call('DELETE', `/api/bonuses/${id}`, as('admin', ip));
        return {
          result,
          expected: {
            status: 200,
            name: 'Bonus Deleted',
            mentions: [employee.name, employee.email, 'Mistaken Award'],
            actor: actor('admin'),
            entity: { type: 'bonus', id },
            before: true,
            after: false,
          },
        };
      },
      async refusals() {
        const employee = await person();
        const id = await insertBonus(ctx().db, employee.id);
        return [
          {
            title: 'an employee (403)',
            status: 403,
            call: () => call('DELETE', `/api/bonuses/${id}`, as('employee')),
          },
        ];
      },
    },
  ];
}
