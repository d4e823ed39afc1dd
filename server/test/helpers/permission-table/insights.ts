// Permission rows of HR's figures, charts, average scores and questions to staff.
import { at, FORBIDDEN, hr } from './access';
import type { PermissionRow } from './types';

// HR: figures, averages, questions.
export const INSIGHT_ROWS: PermissionRow[] = [
  { route: 'GET /api/hr/metrics', expect: hr(), request: at('/api/hr/metrics') },
  { route: 'GET /api/hr/charts', expect: hr(), request: at('/api/hr/charts') },
  {
    route: 'GET /api/metrics/average',
    expect: hr(),
    request: at('/api/metrics/average'),
    other: {
      expect: FORBIDDEN,
      request: async (fx) => ({
        url: `/api/metrics/average?search=${encodeURIComponent(fx.other.email)}`,
      }),
    },
  },
  {
    route: 'POST /api/responses',
    expect: hr(201),
    request: async (_caller, fx) => ({
      url: '/api/responses',
      body: { question: 'What would help you most?', employee_ids: [fx.me.employeeId] },
    }),
    other: {
      expect: FORBIDDEN,
      request: async (fx) => ({
        url: '/api/responses',
        body: { question: 'Hello?', employee_ids: [fx.other.employeeId] },
      }),
    },
  },
  {
    route: 'GET /api/responses/admin/all',
    expect: hr(),
    request: at('/api/responses/admin/all?status=all'),
    other: {
      expect: FORBIDDEN,
      request: async (fx) => ({
        url: `/api/responses/admin/all?status=all&search=${encodeURIComponent(fx.other.email)}`,
      }),
    },
  },
];
