import { expect, it } from 'vitest';
import { AUTH_MESSAGES } from '#contract/auth-messages';
import { errorEnvelope } from './helpers/error-envelope';
import { insertEmployee } from './helpers/factories';
import { insertBonus, insertMetricType, insertMetricValue } from './helpers/performance-factories';
import { describeEachEngine, type TestContext } from './helpers/test-app';

const OWN_ROUTES = [
  '/api/employees/my-performance-metrics',
  '/api/employees/my-bonuses',
  '/api/employees/has-bonuses',
] as const;

/** An employee who is not the signed-in one, with a value and a bonus of their own. */
async function someoneElse(context: TestContext) {
  const employeeId = await insertEmployee(context.db, {
    first_name: 'Secret',
    last_name: 'Colleague',
    email: `secret.${Math.random().toString(36).slice(2)}@example.com`,
  });
  const typeId = await insertMetricType(context.db, { metric_name: `Hidden ${employeeId}` });
  const valueId = await insertMetricValue(context.db, {
    userId: employeeId,
    metricTypeId: typeId,
    value: 99,
  });
  const bonusId = await insertBonus(context.db, employeeId, { bonus_name: 'Hidden bonus' });
  return { employeeId, typeId, valueId, bonusId };
}

describeEachEngine("the employee's own records", (ctx) => {
  it('needs a signed-in user', async () => {
    for (const url of OWN_ROUTES) {
      const res = await ctx().call('GET', url);
      expect(res.status, url).toBe(401);
      expect(res.body).toEqual(errorEnvelope(AUTH_MESSAGES.notSignedIn));
    }
  });

  it('shows an employee their own metric values, enriched and newest first', async () => {
    const me = await ctx().newUser('employee');
    const typeId = await insertMetricType(ctx().db, {
      metric_name: `Lab Safety ${me.id}`,
      measurement_unit: 'points',
    });
    await insertMetricValue(ctx().db, {
      userId: me.employeeId!,
      metricTypeId: typeId,
      value: 72.5,
      createdAt: '2024-01-10T08:00:00.000Z',
    });
    await insertMetricValue(ctx().db, {
      userId: me.employeeId!,
      metricTypeId: typeId,
      value: 88,
      createdAt: '2024-02-10T08:00:00.000Z',
    });
    await someoneElse(ctx());

    const res = await ctx().call('GET', '/api/employees/my-performance-metrics', {
      token: me.token,
    });
    expect(res.status).toBe(200);
    const metrics = res.body.data.performance_metrics;
    expect(metrics.map((m: { value: number }) => m.value)).toEqual([88, 72.5]);
    expect(metrics[0]).toMatchObject({
      user_id: me.employeeId,
      metric_type_id: typeId,
      metric_name: `Lab Safety ${me.id}`,
      metric_type_name: `Lab Safety ${me.id}`,
      measurement_unit: 'points',
      unit: 'points',
      created_at: '2024-02-10T08:00:00.000Z',
    });
    expect(res.body.data.pagination).toEqual({ page: 1, limit: 1000, total: 2 });

    const paged = await ctx().call('GET', '/api/employees/my-performance-metrics?limit=1&page=2', {
      token: me.token,
    });
    expect(paged.body.data.performance_metrics.map((m: { value: number }) => m.value)).toEqual([
      72.5,
    ]);
  });

  it('shows an employee their own bonuses and whether they have any', async () => {
    const me = await ctx().newUser('employee');
    const none = await ctx().call('GET', '/api/employees/has-bonuses', { token: me.token });
    expect(none.status).toBe(200);
    expect(none.body.data).toEqual({ has_bonuses: false, bonus_count: 0 });
    const empty = await ctx().call('GET', '/api/employees/my-bonuses', { token: me.token });
    expect(empty.body.data.bonuses).toEqual([]);

    await insertBonus(ctx().db, me.employeeId!, {
      bonus_name: 'First',
      created_at: '2024-01-01T10:00:00.000Z',
    });
    await insertBonus(ctx().db, me.employeeId!, {
      bonus_name: 'Second',
      created_at: '2024-06-01T10:00:00.000Z',
    });
    await someoneElse(ctx());

    const status = await ctx().call('GET', '/api/employees/has-bonuses', { token: me.token });
    expect(status.body.data).toEqual({ has_bonuses: true, bonus_count: 2 });
    const mine = await ctx().call('GET', '/api/employees/my-bonuses', { token: me.token });
    expect(mine.status).toBe(200);
    expect(mine.body.data.bonuses.map((b: { bonus_name: string }) => b.bonus_name)).toEqual([
      'Second',
      'First',
    ]);
    expect(mine.body.data.bonuses[0].employee_id).toBe(me.employeeId);
    expect(mine.body.data.pagination.total).toBe(2);
  });

  it('counts a new bonus after the same status was kept by the response cache', async () => {
    const me = await ctx().newUser('employee');
    const status = async () =>
      (await ctx().call('GET', '/api/employees/has-bonuses', { token: me.token })).body.data;
    await insertBonus(ctx().db, me.employeeId!, { bonus_name: 'First' });
    // Asked three times: the response cache keeps the answer asked for twice and gives the third.
    for (let ask = 0; ask < 3; ask++) {
      expect(await status()).toEqual({ has_bonuses: true, bonus_count: 1 });
    }

    // The guard, expecting the cache to answer, leaves the count out; the data has moved since.
    await insertBonus(ctx().db, me.employeeId!, { bonus_name: 'Second' });
    expect(await status()).toEqual({ has_bonuses: true, bonus_count: 2 });
    expect(await status()).toEqual({ has_bonuses: true, bonus_count: 2 });
  });

  it('ignores any query parameter that tries to point at someone else', async () => {
    const me = await ctx().newUser('employee');
    const other = await someoneElse(ctx());
    const pointers = [
      `user_id=${other.employeeId}`,
      `employee_id=${other.employeeId}`,
      `id=${other.employeeId}`,
      `user_id=${other.employeeId}&employee_id=${other.employeeId}&metric_type_id=${other.typeId}`,
    ];
    for (const query of pointers) {
      const metrics = await ctx().call('GET', `/api/employees/my-performance-metrics?${query}`, {
        token: me.token,
      });
      expect(metrics.status, query).toBe(200);
      expect(metrics.body.data.performance_metrics).toEqual([]);
      const bonuses = await ctx().call('GET', `/api/employees/my-bonuses?${query}`, {
        token: me.token,
      });
      expect(bonuses.body.data.bonuses).toEqual([]);
      const status = await ctx().call('GET', `/api/employees/has-bonuses?${query}`, {
        token: me.token,
      });
      expect(status.body.data).toEqual({ has_bonuses: false, bonus_count: 0 });
      for (const res of [metrics, bonuses, status]) {
        expect(res.text).not.toContain('Secret');
        expect(res.text).not.toContain('Hidden');
      }
    }
  });

  it('gives an account with no employee record empty lists, false and 0', async () => {
    await someoneElse(ctx());
    for (const role of ['manager', 'admin'] as const) {
      const token = ctx().as[role].token;
      const metrics = await ctx().call('GET', '/api/employees/my-performance-metrics', { token });
      expect(metrics.status).toBe(200);
      expect(metrics.body.data).toEqual({
        performance_metrics: [],
        pagination: { page: 1, limit: 1000, total: 0 },
      });
      const bonuses = await ctx().call('GET', '/api/employees/my-bonuses', { token });
      expect(bonuses.body.data.bonuses).toEqual([]);
      const status = await ctx().call('GET', '/api/employees/has-bonuses', { token });
      expect(status.body.data).toEqual({ has_bonuses: false, bonus_count: 0 });
    }
  });

  it('shows a manager who is also an employee their own records', async () => {
    const employeeId = await insertEmployee(ctx().db);
    const manager = await ctx().newUser('manager', { employee_id: employeeId });
    await insertBonus(ctx().db, employeeId);
    const status = await ctx().call('GET', '/api/employees/has-bonuses', { token: manager.token });
    expect(status.body.data).toEqual({ has_bonuses: true, bonus_count: 1 });
  });
});

describeEachEngine("an employee and someone else's records", (ctx) => {
  it('is refused with the same 403 whatever id or filter is tried, and nothing changes', async () => {
    const me = ctx().as.employee;
    const other = await someoneElse(ctx());
    const snapshot = async () => ({
      values: await ctx().db.selectFrom('performance_metrics').selectAll().orderBy('id').execute(),
      bonuses: await ctx().db.selectFrom('bonuses').selectAll().orderBy('id').execute(),
      scores: await ctx().db.selectFrom('employee_scores').selectAll().execute(),
    });
    const before = await snapshot();

    const attempts: [string, string, unknown?][] = [
      ['GET', `/api/performance-metrics?user_id=${other.employeeId}`],
      ['GET', `/api/performance-metrics?metric_type_id=${other.typeId}`],
      ['GET', `/api/performance-metrics?user_id=${me.employeeId}`],
      ['GET', '/api/performance-metrics'],
      ['GET', `/api/performance-metrics/user/${other.employeeId}`],
      ['GET', `/api/performance-metrics/user/${me.employeeId}`],
      ['GET', '/api/performance-metrics/user/987654'],
      ['PUT', `/api/performance-metrics/${other.valueId}`, { value: 1 }],
      ['PUT', '/api/performance-metrics/987654', { value: 1 }],
      ['DELETE', `/api/performance-metrics/${other.valueId}`],
      [
        'POST',
        '/api/performance-metrics',
        { user_id: me.employeeId, metric_type_id: other.typeId, value: 100 },
      ],
      ['GET', `/api/bonuses?employee_id=${other.employeeId}`],
      ['GET', `/api/bonuses?employee_id=${me.employeeId}`],
      ['GET', '/api/bonuses'],
      ['PUT', `/api/bonuses/${other.bonusId}`, { bonus_name: 'Mine', description: 'now' }],
      ['DELETE', `/api/bonuses/${other.bonusId}`],
      ['DELETE', '/api/bonuses/987654'],
      ['POST', '/api/bonuses', { employee_id: me.employeeId, bonus_name: 'A', description: 'B' }],
      ['GET', '/api/metric-types'],
      ['GET', `/api/metric-types/${other.typeId}`],
      ['DELETE', `/api/metric-types/${other.typeId}`],
    ];
    for (const [method, url, body] of attempts) {
      const res = await ctx().call(method as 'GET', url, { token: me.token, body });
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body, `${method} ${url}`).toEqual(errorEnvelope(AUTH_MESSAGES.forbidden));
    }
    expect(await snapshot()).toEqual(before);
  });
});
