import { IMPORT_BODY_LIMIT_BYTES } from '#contract/csv-import';
import type { Caller, RouteFixtures } from './route-fixtures';

/**
 * PRODUCT.md section 4 as one table: every route of the OpenAPI document, the status each caller
 * gets for a valid request, and how to make that request. `permission-matrix.test.ts` runs it
 * and fails when a documented route is missing here (or a row names a route that is gone);
 * `bad-input.property.test.ts` starts its malformed requests from the same valid ones.
 *
 * `other` is the employee asking about another employee's records through the route's id or
 * filter: refused with 403 (404 for a question, as for an unknown id), or for the routes that
 * only ever answer the caller's own data, answered without a trace of the other person.
 */

export interface RouteRequest {
  /** The address, with ids and query filled in. */
  url: string;
  body?: unknown;
  /** Who calls, when not the caller's usual account (a fresh user for a password change). */
  token?: string | null;
}

export interface PermissionRow {
  /** As the OpenAPI document names it: "PUT /api/employees/{id}". */
  route: string;
  expect: Record<Caller, number>;
  request(caller: Caller, fx: RouteFixtures): Promise<RouteRequest>;
  other?: { expect: number; request(fx: RouteFixtures): Promise<RouteRequest> };
  /** A success is a CSV file rather than the JSON envelope (the exports). */
  answers?: 'csv';
  /** The route's own request body limit, when it is not the server's 1 MB. */
  bodyLimit?: number;
}

// PRODUCT.md section 4, one constant per line of its table (success statuses per route).
const anyone = (ok = 200) => ({ anonymous: ok, employee: ok, manager: ok, admin: ok });
const signedIn = (ok = 200) => ({ anonymous: 401, employee: ok, manager: ok, admin: ok });
const hr = (ok = 200) => ({ anonymous: 401, employee: 403, manager: ok, admin: ok });
const adminOnly = (ok = 200) => ({ anonymous: 401, employee: 403, manager: 403, admin: ok });

const FORBIDDEN = 403;

/** The other employee's own id in a URL, for rows whose refusal is the same for any id. */
const at = (url: string) => async () => ({ url });

/** An import body: the CSV lines, all or nothing. */
const csvImport = (...lines: string[]) => ({ csv: lines.join('\r\n'), mode: 'all_or_nothing' });

export const PERMISSION_TABLE: PermissionRow[] = [
  // Public: sign-in, health, configuration.
  { route: 'GET /api/health', expect: anyone(), request: at('/api/health') },
  { route: 'GET /api/auth/config', expect: anyone(), request: at('/api/auth/config') },
  {
    route: 'POST /api/auth/login',
    expect: anyone(),
    async request(_caller, fx) {
      const user = await fx.freshUser('manager');
      return { url: '/api/auth/login', body: { email: user.email, password: user.password } };
    },
  },
  {
    route: 'POST /api/auth/google-login',
    expect: anyone(),
    async request(_caller, fx) {
      const user = await fx.freshUser('manager');
      return {
        url: '/api/auth/google-login',
        body: { id_token: await fx.google.idToken({ email: user.email }) },
      };
    },
  },

  // Signed in: one's own account, dashboard, records, rank and questions; the rankings.
  { route: 'GET /api/auth/me', expect: signedIn(), request: at('/api/auth/me') },
  {
    route: 'PUT /api/users/change-password',
    expect: signedIn(),
    async request(caller, fx) {
      // A fresh account: changing the password signs out the usual one's other sessions.
      const user = await fx.freshUser(caller === 'anonymous' ? 'employee' : caller);
      return {
        url: '/api/users/change-password',
        body: { oldPassword: user.password, newPassword: `New-${fx.unique()}-pass` },
        token: caller === 'anonymous' ? null : user.token,
      };
    },
  },
  {
    route: 'GET /api/employees/my-performance-metrics',
    expect: signedIn(),
    request: at('/api/employees/my-performance-metrics'),
    other: {
      expect: 200,
      request: async (fx) => ({
        url: `/api/employees/my-performance-metrics?user_id=${fx.other.employeeId}&employee_id=${fx.other.employeeId}`,
      }),
    },
  },
  {
    route: 'GET /api/employees/my-bonuses',
    expect: signedIn(),
    request: at('/api/employees/my-bonuses'),
    other: {
      expect: 200,
      request: async (fx) => ({
        url: `/api/employees/my-bonuses?employee_id=${fx.other.employeeId}&user_id=${fx.other.employeeId}`,
      }),
    },
  },
  {
    route: 'GET /api/employees/has-bonuses',
    expect: signedIn(),
    request: at('/api/employees/has-bonuses'),
    other: {
      expect: 200,
      request: async (fx) => ({
        url: `/api/employees/has-bonuses?employee_id=${fx.other.employeeId}`,
      }),
    },
  },
  {
    route: 'GET /api/employees/dashboard',
    expect: signedIn(),
    request: at('/api/employees/dashboard'),
    other: {
      expect: 200,
      request: async (fx) => ({
        url: `/api/employees/dashboard?employee_id=${fx.other.employeeId}&user_id=${fx.other.employeeId}`,
      }),
    },
  },
  {
    route: 'GET /api/employees/rank',
    expect: signedIn(),
    request: at('/api/employees/rank?limit=1000'),
  },
  {
    route: 'GET /api/employees/top10-status',
    expect: signedIn(),
    request: at('/api/employees/top10-status'),
    other: {
      expect: 200,
      request: async (fx) => ({
        url: `/api/employees/top10-status?employee_id=${fx.other.employeeId}`,
      }),
    },
  },
  {
    route: 'GET /api/responses/all',
    expect: signedIn(),
    request: at('/api/responses/all'),
    other: {
      expect: 200,
      request: async (fx) => ({
        url: `/api/responses/all?employee_id=${fx.other.employeeId}&status=all`,
      }),
    },
  },
  {
    route: 'PUT /api/responses',
    expect: signedIn(),
    async request(caller, fx) {
      // Whoever answers needs a staff record with a pending question of their own.
      const user =
        caller === 'employee' || caller === 'anonymous'
          ? fx.ctx().as.employee
          : await fx.freshUser(caller, true);
      const id = await fx.freshQuestion(user.employeeId!);
      return {
        url: '/api/responses',
        body: { id, response: 'My answer' },
        token: caller === 'anonymous' ? null : user.token,
      };
    },
    other: {
      expect: 404,
      request: async (fx) => ({
        url: '/api/responses',
        body: { id: fx.other.pendingQuestionId, response: 'Not mine to answer' },
      }),
    },
  },

  // HR: metric types.
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

  // HR: metric values.
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

  // HR: bonuses.
  {
    route: 'GET /api/bonuses',
    expect: hr(),
    request: at('/api/bonuses'),
    other: {
      expect: FORBIDDEN,
      request: async (fx) => ({ url: `/api/bonuses?employee_id=${fx.other.employeeId}` }),
    },
  },
  {
    route: 'POST /api/bonuses',
    expect: hr(201),
    request: async (_caller, fx) => ({
      url: '/api/bonuses',
      body: { employee_id: fx.me.employeeId, bonus_name: 'Spot award', description: 'Thanks' },
    }),
    other: {
      expect: FORBIDDEN,
      request: async (fx) => ({
        url: '/api/bonuses',
        body: { employee_id: fx.other.employeeId, bonus_name: 'Mine', description: 'Mine' },
      }),
    },
  },
  {
    route: 'PUT /api/bonuses/{id}',
    expect: hr(),
    request: async (_caller, fx) => ({
      url: `/api/bonuses/${await fx.freshBonus()}`,
      body: { bonus_name: 'Long service', description: 'Ten years' },
    }),
    other: {
      expect: FORBIDDEN,
      request: async (fx) => ({
        url: `/api/bonuses/${fx.other.bonusId}`,
        body: { bonus_name: 'Taken', description: 'Taken' },
      }),
    },
  },
  {
    route: 'DELETE /api/bonuses/{id}',
    expect: hr(),
    request: async (_caller, fx) => ({ url: `/api/bonuses/${await fx.freshBonus()}` }),
    other: {
      expect: FORBIDDEN,
      request: async (fx) => ({ url: `/api/bonuses/${fx.other.bonusId}` }),
    },
  },

  // HR: staff records (with email and salary).
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

  // HR: figures, averages, questions.
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

  // Admin: users, linking, audit.
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

  // CSV exports (issue 8): each with its list route's access; the rankings without email.
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

  // CSV imports (issue 8): HR only, with a 10 MB body.
  {
    route: 'POST /api/employees/import',
    expect: hr(),
    bodyLimit: IMPORT_BODY_LIMIT_BYTES,
    request: async (_caller, fx) => ({
      url: '/api/employees/import',
      body: csvImport(
        'first_name,last_name,email,position,department,join_date,salary',
        `Imported,Person ${fx.unique()},imported.${fx.unique()}@example.com,Lecturer,CIT,2024-02-01,48000`,
      ),
    }),
  },
  {
    route: 'POST /api/performance-metrics/import',
    expect: hr(),
    bodyLimit: IMPORT_BODY_LIMIT_BYTES,
    request: async (_caller, fx) => ({
      url: '/api/performance-metrics/import',
      body: csvImport(
        'employee_id,metric_type_id,value,created_at',
        `${fx.me.employeeId},${fx.typeId},72.5,2024-03-01`,
      ),
    }),
    other: {
      expect: FORBIDDEN,
      request: async (fx) => ({
        url: '/api/performance-metrics/import',
        body: csvImport('employee_email,metric_type_id,value', `${fx.other.email},${fx.typeId},1`),
      }),
    },
  },
];
