// Audit cases of the CSV imports: staff records and metric values.
import { insertMetricType } from '../performance-factories';
import { unique, type WriteKit } from './kit';
import type { WriteCase } from './types';

export function importWriteCases({ ctx, as, actor, call, person }: WriteKit): WriteCase[] {
  return [
    {
      route: 'POST /api/employees/import',
      title: 'importing staff from CSV (the valid rows only)',
      async perform(ip) {
        const tag = unique();
        const csv = [
          'first_name,last_name,email,position,department,join_date',
          `Ida,Rhodes${tag},ida.${tag}@example.com,Analyst,CIT,2024-03-01`,
          `Evelyn,Boyd${tag},evelyn.${tag}@example.com,Analyst,Commerce,2024-03-01`,
          `Bad,Row${tag},not-an-email,Analyst,CIT,2024-03-01`,
        ].join('\r\n');
        const result = await call('POST', '/api/employees/import', {
          ...as('manager', ip),
          body: { csv, mode: 'valid_rows_only' },
        });
        return {
          result,
          expected: {
            status: 200,
            name: 'Staff Import',
            mentions: [
              '2 rows imported, 1 row refused',
              `Ida Rhodes${tag}`,
              `evelyn.${tag}@example.com`,
            ],
            actor: actor('manager'),
            entity: { type: 'employee', id: null },
            before: false,
            after: true,
          },
        };
      },
      async refusals() {
        const tag = unique();
        const header = 'first_name,last_name,email,position,department,join_date';
        const good = `Ok,Person${tag},ok.${tag}@example.com,Analyst,CIT,2024-03-01`;
        const file = (...rows: string[]) => [header, ...rows].join('\n');
        const post = (body: unknown, role: 'manager' | 'employee' = 'manager') =>
          call('POST', '/api/employees/import', { ...as(role), body });
        return [
          {
            title: 'a refused row, all or nothing (200, nothing stored)',
            status: 200,
            call: () => post({ csv: file(good, 'No,Email,,Analyst,CIT,2024-03-01') }),
          },
          {
            title: 'a dry run (200, nothing stored)',
            status: 200,
            call: () => post({ csv: file(good), dry_run: true }),
          },
          {
            title: 'a header without required columns (400)',
            status: 400,
            call: () => post({ csv: 'first_name,last_name\nA,B' }),
          },
          {
            title: 'an employee (403)',
            status: 403,
            call: () => post({ csv: file(good) }, 'employee'),
          },
        ];
      },
    },
    {
      route: 'POST /api/performance-metrics/import',
      title: 'importing metric values from CSV',
      async perform(ip) {
        const employee = await person('Gladys', `West${unique()}`);
        const metric = `Geodesy ${unique()}`;
        await insertMetricType(ctx().db, { metric_name: metric });
        const csv = [
          'employee_email,metric_name,value,created_at',
          `${employee.email},${metric},81.5,2024-01-15`,
          `${employee.email},${metric},77,`,
        ].join('\n');
        const result = await call('POST', '/api/performance-metrics/import', {
          ...as('admin', ip),
          body: { csv },
        });
        return {
          result,
          expected: {
            status: 200,
            name: 'Performance Metric Import',
            mentions: ['2 values imported, 0 rows refused', employee.name, employee.email],
            actor: actor('admin'),
            entity: { type: 'performance_metric', id: null },
            before: false,
            after: true,
          },
        };
      },
      async refusals() {
        const employee = await person();
        const typeId = await insertMetricType(ctx().db, { maximum_value: 50 });
        const post = (csv: string, extra: Record<string, unknown> = {}) =>
          call('POST', '/api/performance-metrics/import', {
            ...as('manager'),
            body: { csv, ...extra },
          });
        const header = 'employee_id,metric_type_id,value';
        return [
          {
            title: 'a value outside its type, all or nothing (200, nothing stored)',
            status: 200,
            call: () => post(`${header}\n${employee.id},${typeId},40\n${employee.id},${typeId},60`),
          },
          {
            title: 'a dry run (200, nothing stored)',
            status: 200,
            call: () => post(`${header}\n${employee.id},${typeId},40`, { dry_run: true }),
          },
          {
            title: 'a file that is not CSV (400)',
            status: 400,
            call: () => post(`${header}\n"${employee.id},${typeId},40`),
          },
        ];
      },
    },
  ];
}
