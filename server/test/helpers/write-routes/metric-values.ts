// Audit cases of metric values: record, change and delete.
import { insertMetricType } from '../performance-factories';
import { unique, type WriteKit } from './kit';
import type { WriteCase } from './types';

export function metricValueWriteCases({
  ctx,
  as,
  actor,
  call,
  person,
  metricValue,
}: WriteKit): WriteCase[] {
  return [
    {
      route: 'POST /api/performance-metrics',
      title: 'recording a metric value',
      async perform(ip) {
        const employee = await person('Dorothy', `Vaughan${unique()}`);
        const metric = `Research Output ${unique()}`;
        const typeId = await insertMetricType(ctx().db, { metric_name: metric });
        const result = await call('POST', '/api/performance-metrics', {
          ...as('manager', ip),
          body: { metric_type_id: typeId, user_id: employee.id, value: 87.5 },
        });
        return {
          result,
          expected: {
            status: 201,
            name: 'Performance Metric Recorded',
            mentions: [employee.name, employee.email, metric, '87.5'],
            actor: actor('manager'),
            entity: { type: 'performance_metric', id: result.body?.data?.performance_metric?.id },
            before: false,
            after: true,
          },
        };
      },
      async refusals() {
        const employee = await person();
        const typeId = await insertMetricType(ctx().db);
        return [
          {
            title: 'a value above 100 (400)',
            status: 400,
            call: () =>
              call('POST', '/api/performance-metrics', {
                ...as('manager'),
                body: { metric_type_id: typeId, user_id: employee.id, value: 101 },
              }),
          },
        ];
      },
    },
    {
      route: 'PUT /api/performance-metrics/{id}',
      title: 'changing a metric value',
      async perform(ip) {
        const { employee, metric, id } = await metricValue();
        const result = await call('PUT', `/api/performance-metrics/${id}`, {
          ...as('manager', ip),
          body: { value: 91, comment: 'Re-marked' },
        });
        return {
          result,
          expected: {
            status: 200,
            name: 'Performance Metric Updated',
            mentions: [employee.name, employee.email, metric],
            actor: actor('manager'),
            entity: { type: 'performance_metric', id },
            before: true,
            after: true,
          },
        };
      },
      async refusals() {
        const { id } = await metricValue();
        return [
          {
            title: 'no value (400)',
            status: 400,
            call: () =>
              call('PUT', `/api/performance-metrics/${id}`, { ...as('manager'), body: {} }),
          },
        ];
      },
    },
    {
      route: 'DELETE /api/performance-metrics/{id}',
      title: 'deleting a metric value',
      async perform(ip) {
        const { employee, metric, id } = await metricValue();
        const result = await call('DELETE', `/api/performance-metrics/${id}`, as('admin', ip));
        return {
          result,
          expected: {
            status: 200,
            name: 'Performance Metric Deleted',
            mentions: [employee.name, employee.email, metric],
            actor: actor('admin'),
            entity: { type: 'performance_metric', id },
            before: true,
            after: false,
          },
        };
      },
      async refusals() {
        return [
          {
            title: 'an unknown value (404)',
            status: 404,
            call: () => call('DELETE', '/api/performance-metrics/987654', as('admin')),
          },
        ];
      },
    },
  ];
}
