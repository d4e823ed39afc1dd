// Audit cases of metric types: create, change and delete.
import { insertMetricType } from '../performance-factories';
import { unique, type WriteKit } from './kit';
import type { WriteCase } from './types';

export function metricTypeWriteCases({ ctx, as, actor, call, metricValue }: WriteKit): WriteCase[] {
  return [
    {
      route: 'POST /api/metric-types',
      title: 'creating a metric type',
      async perform(ip) {
        const name = `Teaching Quality ${unique()}`;
        const result = await call('POST', '/api/metric-types', {
          ...as('manager', ip),
          body: { metric_name: name, measurement_unit: '%', minimum_value: 0, maximum_value: 100 },
        });
        return {
          result,
          expected: {
            status: 201,
            name: 'Metric Type Created',
            mentions: [name],
            actor: actor('manager'),
            entity: { type: 'metric_type', id: result.body?.data?.metric_type?.id },
            before: false,
            after: true,
          },
        };
      },
      async refusals() {
        return [
          {
            title: 'a minimum above the maximum (400)',
            status: 400,
            call: () =>
              call('POST', '/api/metric-types', {
                ...as('manager'),
                body: { metric_name: 'Upside down', minimum_value: 10, maximum_value: 5 },
              }),
          },
        ];
      },
    },
    {
      route: 'PUT /api/metric-types/{id}',
      title: 'changing a metric type',
      async perform(ip) {
        const name = `Attendance ${unique()}`;
        const id = await insertMetricType(ctx().db, { metric_name: name });
        const result = await call('PUT', `/api/metric-types/${id}`, {
          ...as('manager', ip),
          body: { metric_name: name, description: 'Days present', measurement_unit: 'days' },
        });
        return {
          result,
          expected: {
            status: 200,
            name: 'Metric Type Updated',
            mentions: [name],
            actor: actor('manager'),
            entity: { type: 'metric_type', id },
            before: true,
            after: true,
          },
        };
      },
      async refusals() {
        return [
          {
            title: 'an employee (403)',
            status: 403,
            call: () =>
              call('PUT', '/api/metric-types/1', { ...as('employee'), body: { metric_name: 'X' } }),
          },
        ];
      },
    },
    {
      route: 'DELETE /api/metric-types/{id}',
      title: 'deleting a metric type',
      async perform(ip) {
        const name = `Obsolete ${unique()}`;
        const id = await insertMetricType(ctx().db, { metric_name: name });
        const result = await call('DELETE', `/api/metric-types/${id}`, as('admin', ip));
        return {
          result,
          expected: {
            status: 200,
            name: 'Metric Type Deleted',
            mentions: [name],
            actor: actor('admin'),
            entity: { type: 'metric_type', id },
            before: true,
            after: false,
          },
        };
      },
      async refusals() {
        const { typeId } = await metricValue();
        return [
          {
            title: 'a type with values (409)',
            status: 409,
            call: () => call('DELETE', `/api/metric-types/${typeId}`, as('admin')),
          },
        ];
      },
    },
  ];
}
