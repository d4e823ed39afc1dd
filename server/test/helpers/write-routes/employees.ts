// Audit cases of staff records: add, change, delete, and give an employee an account.
import { unique, type WriteKit } from './kit';
import type { WriteCase } from './types';

export function employeeWriteCases({ as, actor, call, person }: WriteKit): WriteCase[] {
  return [
    {
      route: 'POST /api/employees',
      title: 'adding a staff member',
      async perform(ip) {
        const email = `new.hire.${unique()}@example.com`;
        const result = await call('POST', '/api/employees', {
          ...as('manager', ip),
          body: {
            first_name: 'Hedy',
            last_name: 'Lamarr',
            email,
            position: 'Lecturer',
            department: 'CIT',
            join_date: '2024-02-01',
          },
        });
        return {
          result,
          expected: {
            status: 201,
            name: 'Employee Created',
            mentions: ['Hedy Lamarr', email],
            actor: actor('manager'),
            entity: { type: 'employee', id: result.body?.data?.employee?.id },
            before: false,
            after: true,
          },
        };
      },
      async refusals() {
        return [
          {
            title: 'an employee (403)',
            status: 403,
            call: () => call('POST', '/api/employees', { ...as('employee'), body: {} }),
          },
          {
            title: 'no name (400)',
            status: 400,
            call: () =>
              call('POST', '/api/employees', { ...as('manager'), body: { last_name: 'X' } }),
          },
        ];
      },
    },
    {
      route: 'PUT /api/employees/{id}',
      title: 'changing a staff record',
      async perform(ip) {
        const employee = await person();
        const result = await call('PUT', `/api/employees/${employee.id}`, {
          ...as('admin', ip),
          body: { position: 'Senior Lecturer' },
        });
        return {
          result,
          expected: {
            status: 200,
            name: 'Employee Updated',
            mentions: [employee.name, employee.email, 'position'],
            actor: actor('admin'),
            entity: { type: 'employee', id: employee.id },
            before: true,
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
              call('PUT', '/api/employees/987654', { ...as('admin'), body: { position: 'X' } }),
          },
        ];
      },
    },
    {
      route: 'DELETE /api/employees/{id}',
      title: 'deleting a staff member',
      async perform(ip) {
        const employee = await person();
        const result = await call('DELETE', `/api/employees/${employee.id}`, as('manager', ip));
        return {
          result,
          expected: {
            status: 200,
            name: 'Employee Deleted',
            mentions: [employee.name, employee.email],
            actor: actor('manager'),
            entity: { type: 'employee', id: employee.id },
            before: true,
            after: false,
          },
        };
      },
      async refusals() {
        const employee = await person();
        return [
          {
            title: 'an employee (403)',
            status: 403,
            call: () => call('DELETE', `/api/employees/${employee.id}`, as('employee')),
          },
        ];
      },
    },
    {
      route: 'POST /api/employees/{id}/link-employee',
      title: 'giving an employee an account',
      async perform(ip) {
        const employee = await person('Linda', `Linked${unique()}`);
        const result = await call(
          'POST',
          `/api/employees/${employee.id}/link-employee`,
          as('admin', ip),
        );
        return {
          result,
          expected: {
            status: 201,
            name: 'Employee Account Linked',
            mentions: [employee.name, employee.email],
            actor: actor('admin'),
            entity: { type: 'employee', id: employee.id },
            before: false,
            after: true,
          },
        };
      },
      async refusals() {
        const employee = await person();
        return [
          {
            title: 'a manager (403)',
            status: 403,
            call: () => call('POST', `/api/employees/${employee.id}/link-employee`, as('manager')),
          },
        ];
      },
    },
  ];
}
