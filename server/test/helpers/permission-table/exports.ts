// Permission rows of the CSV exports.
import { adminOnly, at, FORBIDDEN, hr, signedIn } from './access';
import type { PermissionRow } from './types';
import { rankingWidening } from './widening';

// CSV exports (issue 8): each with its list route's access; the rankings without email.
export const EXPORT_ROWS: PermissionRow[] = [
  {
    route: 'GET /api/employees/export.csv',
    expect: hr(),
    answers: 'csv',
    request: at('/api/employees/export.csv'),
    other: {
      expect: FORBIDDEN,
      request: async (fx) => ({
        url: `/api/employees/export.csv?search=${encodeURIComponent(fx.other.email)}`,
      }),
    },
  },
  {
    route: 'GET /api/performance-metrics/export.csv',
    expect: hr(),
    answers: 'csv',
    request: at('/api/performance-metrics/export.csv'),
    other: {
      expect: FORBIDDEN,
      request: async (fx) => ({
        url: `/api/performance-metrics/export.csv?user_id=${fx.other.employeeId}`,
      }),
    },
  },
  {
    route: 'GET /api/bonuses/export.csv',
    expect: hr(),
    answers: 'csv',
    request: at('/api/bonuses/export.csv'),
    other: {
      expect: FORBIDDEN,
      request: async (fx) => ({
        url: `/api/bonuses/export.csv?employee_id=${fx.other.employeeId}`,
      }),
    },
  },
  {
    route: 'GET /api/employees/rank/export.csv',
    expect: signedIn(),
    answers: 'csv',
    request: at('/api/employees/rank/export.csv'),
    widening: [
      ...rankingWidening('/api/employees/rank/export.csv', ''),
      ...rankingWidening('/api/employees/rank/export.csv', '?limit=1000'),
    ],
  },
  {
    route: 'GET /api/metrics/average/export.csv',
    expect: hr(),
    answers: 'csv',
    request: at('/api/metrics/average/export.csv'),
    other: {
      expect: FORBIDDEN,
      request: async (fx) => ({
        url: `/api/metrics/average/export.csv?search=${encodeURIComponent(fx.other.email)}`,
      }),
    },
  },
  {
    route: 'GET /api/audit/export.csv',
    expect: adminOnly(),
    answers: 'csv',
    request: at('/api/audit/export.csv'),
    other: {
      expect: FORBIDDEN,
      request: async (fx) => ({
        url: `/api/audit/export.csv?search=${encodeURIComponent(fx.other.email)}`,
      }),
    },
  },
];
