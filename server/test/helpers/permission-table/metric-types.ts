// Permission rows of the metric types (HR only).
import { at, hr } from './access';
import type { PermissionRow } from './types';

// HR: metric types.
export const METRIC_TYPE_ROWS: PermissionRow[] = [
  { route: 'GET /api/metric-types', expect: hr(), request: at('/api/metric-types') },
  { route: 'GET /api/metric-types/units', expect: hr(), request: at('/api/metric-types/units') },
  {
    route: 'GET /api/metric-types/{id}',
    expect: hr(),
    request: async (_caller, fx) => ({ url: `/api/metric-types/${fx.typeId}` }),
  },
  {
    route: 'POST /api/metric-types',
    expect: hr(201),
    request: async (_caller, fx) => ({
      url: '/api/metric-types',
      body: { metric_name: `Punctuality ${fx.unique()}`, measurement_unit: '%' },
    }),
  },
  {
    route: 'PUT /api/metric-types/{id}',
    expect: hr(),
    request: async (_caller, fx) => ({
      url: `/api/metric-types/${await fx.freshMetricType()}`,
      body: { metric_name: `Renamed ${fx.unique()}` },
    }),
  },
  {
    route: 'DELETE /api/metric-types/{id}',
    expect: hr(),
    request: async (_caller, fx) => ({ url: `/api/metric-types/${await fx.freshMetricType()}` }),
  },
];
