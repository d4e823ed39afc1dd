// Permission rows of what any signed-in user does with their own account, records and questions.
import { expect } from 'vitest';
import { at, signedIn } from './access';
import type { PermissionRow } from './types';
import { ownDataWidening, rankingWidening } from './widening';

/** `?employee_id=` and `?user_id=` of the other employee, with a whole page. */
const othersIds = (fx: { other: { employeeId: number } }) =>
  `employee_id=${fx.other.employeeId}&user_id=${fx.other.employeeId}&limit=1000`;

// Signed in: one's own account, dashboard, records, rank and questions; the rankings.
export const OWN_DATA_ROWS: PermissionRow[] = [
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
    widening: [
      ownDataWidening('/api/employees/my-performance-metrics', othersIds, (data, fx) => {
        const values = data.performance_metrics as { id: number; user_id: number }[];
        expect(values.map((v) => v.id)).toContain(fx.me.metricId);
        for (const value of values) expect(value.user_id).toBe(fx.me.employeeId);
      }),
    ],
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
    widening: [
      ownDataWidening('/api/employees/my-bonuses', othersIds, (data, fx) => {
        const bonuses = data.bonuses as { id: number; employee_id: number }[];
        expect(bonuses.map((b) => b.id)).toContain(fx.me.bonusId);
        for (const bonus of bonuses) expect(bonus.employee_id).toBe(fx.me.employeeId);
      }),
    ],
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
    widening: [ownDataWidening('/api/employees/has-bonuses', othersIds)],
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
    widening: [ownDataWidening('/api/employees/dashboard', othersIds)],
  },
  {
    route: 'GET /api/employees/rank',
    expect: signedIn(),
    request: at('/api/employees/rank?limit=1000'),
    widening: rankingWidening('/api/employees/rank', '?limit=1000'),
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
    widening: [ownDataWidening('/api/employees/top10-status', othersIds)],
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
    widening: [
      ownDataWidening(
        '/api/responses/all',
        (fx) => `${othersIds(fx)}&status=all`,
        (data, fx) => {
          const ids = (data.responses as { id: number }[]).map((r) => r.id);
          expect(ids.length).toBeGreaterThan(0);
          expect(ids).not.toContain(fx.other.answeredQuestionId);
          expect(ids).not.toContain(fx.other.pendingQuestionId);
        },
      ),
    ],
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
];
