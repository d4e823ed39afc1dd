// Permission rows of the metric values (HR only).
import { at, FORBIDDEN, hr } from './access';
import type { PermissionRow } from './types';

// HR: metric values.
export const METRIC_VALUE_ROWS: PermissionRow[] = [
  {
    route: 'GET /api/performance-metrics',
    expect: hr(),
    request: at('/api/performance-metrics'),
    other: {
      expect: FORBIDDEN,
      request: async (fx) => ({ url: `/api/performance-metrics?user_id=${fx.other.employeeId}` }),
    },
  },
  {
    route: 'GET /api/performance-metrics/user/{id}',
    expect: hr(),
    request: async (_caller, fx) => ({
      url: `/api/performance-metrics/user/${fx.me.employeeId}`,
    }),
    other: {
      expect: FORBIDDEN,
      request: async (fx) => ({ url: `/api/performance-metrics/user/${fx.other.employeeId}` }),
    },
  },
  {
    route: 'POST /api/performance-metrics',
    expect: hr(201),
    request: async (_caller, fx) => ({
      url: '/api/performance-metrics',
      body: { metric_type_id: fx.typeId, user_id: fx.me.employeeId, value: 81.25 },
    }),
    other: {
      expect: FORBIDDEN,
      request: async (fx) => ({
        url: '/api/performance-metrics',
        body: { metric_type_id: fx.typeId, user_id: fx.other.employeeId, value: 1 },
      }),
    },
  },
  {
    route: 'PUT /api/performance-metrics/{id}',
    expect: hr(),
    request: async (_caller, fx) => ({
      url: `/api/performance-metrics/${await fx.freshMetricValue()}`,
      body: { value: 77 },
    }),
    other: {
      expect: FORBIDDEN,
      request: async (fx) => ({
        url: `/api/performance-metrics/${fx.other.metricId}`,
        body: { value: 1 },
      }),
    },
  },
  {
    route: 'DELETE /api/performance-metrics/{id}',
    expect: hr(),
    request: async (_caller, fx) => ({
      url: `/api/performance-metrics/${await fx.freshMetricValue()}`,
    }),
    other: {
      expect: FORBIDDEN,
      request: async (fx) => ({ url: `/api/performance-metrics/${fx.other.metricId}` }),
    },
  },
];
