// Permission rows of the staff records, with email and salary (HR only).
import { at, FORBIDDEN, hr } from './access';
import type { PermissionRow } from './types';

// HR: staff records (with email and salary).
export const EMPLOYEE_ROWS: PermissionRow[] = [
  {
    route: 'GET /api/employees',
    expect: hr(),
    request: at('/api/employees'),
    other: {
      expect: FORBIDDEN,
      request: async (fx) => ({
        url: `/api/employees?search=${encodeURIComponent(fx.other.email)}`,
      }),
    },
  },
  { route: 'GET /api/employees/stats', expect: hr(), request: at('/api/employees/stats') },
  {
    route: 'GET /api/employees/{id}',
    expect: hr(),
    request: async (_caller, fx) => ({ url: `/api/employees/${fx.me.employeeId}` }),
    other: {
      expect: FORBIDDEN,
      request: async (fx) => ({ url: `/api/employees/${fx.other.employeeId}` }),
    },
  },
  {
    route: 'POST /api/employees',
    expect: hr(201),
    request: async (_caller, fx) => ({
      url: '/api/employees',
      body: {
        first_name: 'Grace',
        last_name: `Hopper ${fx.unique()}`,
        email: `grace.${fx.unique()}@example.com`,
        position: 'Lecturer',
        department: 'CIT',
        join_date: '2024-02-01',
        salary: 61000,
      },
    }),
  },
  {
    route: 'PUT /api/employees/{id}',
    expect: hr(),
    request: async (_caller, fx) => ({
      url: `/api/employees/${await fx.freshEmployee()}`,
      body: { position: 'Senior Lecturer' },
    }),
    other: {
      expect: FORBIDDEN,
      request: async (fx) => ({
        url: `/api/employees/${fx.other.employeeId}`,
        body: { salary: 1 },
      }),
    },
  },
  {
    route: 'DELETE /api/employees/{id}',
    expect: hr(),
    request: async (_caller, fx) => ({ url: `/api/employees/${await fx.freshEmployee()}` }),
    other: {
      expect: FORBIDDEN,
      request: async (fx) => ({ url: `/api/employees/${fx.other.employeeId}` }),
    },
  },
];
