import { expect, it } from 'vitest';
import { errorEnvelope } from './helpers/error-envelope';
import { describeEachEngine } from './helpers/test-app';

const HR_ROUTES = ['/api/hr/metrics', '/api/hr/charts', '/api/metrics/average'];
const SIGNED_IN_ROUTES = [
  '/api/employees/rank',
  '/api/employees/top10-status',
  '/api/employees/dashboard',
];

describeEachEngine('insights access', (ctx) => {
  it.each([...HR_ROUTES, ...SIGNED_IN_ROUTES])(
    '%s refuses anonymous callers with 401',
    async (url) => {
      const res = await ctx().call('GET', url);
      expect(res.status).toBe(401);
      expect(res.body.success).toBe(false);

      const forged = await ctx().call('GET', url, { token: 'not-a-token' });
      expect(forged.status).toBe(401);
    },
  );

  it.each(HR_ROUTES)(
    '%s refuses employees with 403 and serves admins and managers',
    async (url) => {
      const employee = await ctx().call('GET', url, { token: ctx().as.employee.token });
      expect(employee.status).toBe(403);
      expect(employee.body).toEqual(errorEnvelope(expect.any(String)));

      for (const role of ['admin', 'manager'] as const) {
        const res = await ctx().call('GET', url, { token: ctx().as[role].token });
        expect(res.status, role).toBe(200);
        expect(res.body.success).toBe(true);
      }
    },
  );

  it.each(SIGNED_IN_ROUTES)('%s serves every role', async (url) => {
    for (const role of ['admin', 'manager', 'employee'] as const) {
      const res = await ctx().call('GET', url, { token: ctx().as[role].token });
      expect(res.status, role).toBe(200);
      expect(res.body.success).toBe(true);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});
