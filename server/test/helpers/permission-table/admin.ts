// Permission rows of the admin-only routes: users, account linking and the audit trail.
import { lockAccount } from '../sign-in-locks';
import { adminOnly, at, FORBIDDEN } from './access';
import type { PermissionRow } from './types';

// Admin: users, linking, audit.
export const ADMIN_ROWS: PermissionRow[] = [
  { route: 'GET /api/users', expect: adminOnly(), request: at('/api/users') },
  {
    route: 'GET /api/users/{id}',
    expect: adminOnly(),
    request: async (_caller, fx) => ({ url: `/api/users/${fx.me.userId}` }),
    other: {
      expect: FORBIDDEN,
      request: async (fx) => ({ url: `/api/users/${fx.other.userId}` }),
    },
  },
  {
    route: 'POST /api/users',
    expect: adminOnly(201),
    request: async (_caller, fx) => ({
      url: '/api/users',
      body: {
        email: `new.user.${fx.unique()}@example.com`,
        firstname: 'New',
        lastname: 'User',
        user_type: 'manager',
      },
    }),
  },
  {
    route: 'PUT /api/users/{id}',
    expect: adminOnly(),
    request: async (_caller, fx) => ({
      url: `/api/users/${(await fx.freshUser('manager')).id}`,
      body: { firstname: 'Renamed' },
    }),
    other: {
      expect: FORBIDDEN,
      request: async (fx) => ({
        url: `/api/users/${fx.other.userId}`,
        body: { user_type: 'admin' },
      }),
    },
  },
  {
    route: 'DELETE /api/users/{id}',
    expect: adminOnly(),
    request: async (_caller, fx) => ({ url: `/api/users/${(await fx.freshUser('manager')).id}` }),
    other: {
      expect: FORBIDDEN,
      request: async (fx) => ({ url: `/api/users/${fx.other.userId}` }),
    },
  },
  {
    route: 'POST /api/users/{id}/unlock',
    expect: adminOnly(),
    request: async (_caller, fx) => {
      const user = await fx.freshUser('manager');
      await lockAccount(fx.ctx().db, user.email);
      return { url: `/api/users/${user.id}/unlock` };
    },
    other: {
      expect: FORBIDDEN,
      request: async (fx) => ({ url: `/api/users/${fx.other.userId}/unlock` }),
    },
  },
  {
    route: 'POST /api/employees/{id}/link-employee',
    expect: adminOnly(201),
    request: async (_caller, fx) => ({
      url: `/api/employees/${await fx.freshEmployee()}/link-employee`,
    }),
    other: {
      expect: FORBIDDEN,
      request: async (fx) => ({ url: `/api/employees/${fx.other.employeeId}/link-employee` }),
    },
  },
  {
    route: 'GET /api/audit',
    expect: adminOnly(),
    request: at('/api/audit'),
    other: {
      expect: FORBIDDEN,
      request: async (fx) => ({ url: `/api/audit?search=${encodeURIComponent(fx.other.email)}` }),
    },
  },
  {
    route: 'GET /api/audit/{id}',
    expect: adminOnly(),
    request: async (_caller, fx) => ({ url: `/api/audit/${fx.other.auditEntryId}` }),
    other: {
      expect: FORBIDDEN,
      request: async (fx) => ({ url: `/api/audit/${fx.other.auditEntryId}` }),
    },
  },
];
