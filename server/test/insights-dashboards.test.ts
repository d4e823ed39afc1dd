import { beforeAll, expect, it } from 'vitest';
import { scoreBand } from '#contract/scores';
import { findSessionUser } from '../src/modules/auth/auth.repository';
import { dashboardVersionOfCaller } from '../src/modules/insights/employee-dashboard.repository';
import { createEmployeeDashboardService } from '../src/modules/insights/employee-dashboard.service';
import { createHrDashboardService } from '../src/modules/insights/hr-dashboard.service';
import { insertEmployee, recordMetricValue } from './helpers/factories';
import { changeMetricValue, insertBonus, localTime, removeMetricValue } from './helpers/insights';
import { describeEachEngine, type SignedInUser } from './helpers/test-app';

describeEachEngine('HR dashboard figures', (ctx) => {
  it('counts staff, metric values and bonuses in all and in the month containing now', async () => {
    const db = ctx().db;
    // A month in the future, so nothing the test app created counts as "this month".
    const now = () => new Date(localTime(2031, 5, 15));
    const lastOfApril = localTime(2031, 4, 30, 23, 30);
    const firstOfMay = localTime(2031, 5, 1, 0, 30);
    const before = await createHrDashboardService({ db, now }).metrics();

    const april = await insertEmployee(db, { created_at: lastOfApril, updated_at: lastOfApril });
    const may = await insertEmployee(db, { created_at: firstOfMay, updated_at: firstOfMay });
    await recordMetricValue(db, { employeeId: april, value: 70, createdAt: lastOfApril });
    await recordMetricValue(db, { employeeId: may, value: 80, createdAt: firstOfMay });
    await recordMetricValue(db, { employeeId: may, value: 90, createdAt: firstOfMay });
    await insertBonus(db, { employeeId: april, createdAt: lastOfApril });
    await insertBonus(db, { employeeId: may, createdAt: firstOfMay });

    const after = await createHrDashboardService({ db, now }).metrics();
    expect(after).toMatchObject({
      total_staff: before.total_staff + 2,
      total_staff_from_this_month: 1,
      total_metrics: before.total_metrics + 3,
      total_metrics_from_this_month: 2,
      bonuses_awarded: before.bonuses_awarded + 2,
      bonuses_awarded_this_month: 1,
      staff_with_metrics: before.staff_with_metrics + 2,
    });
  });

  it('lists the 5 most recently added employees, newest first, without salary', async () => {
    const db = ctx().db;
    const ids: number[] = [];
    for (let i = 0; i < 7; i++) {
      const at = localTime(2032, 1, 10 + i);
      ids.push(
        await insertEmployee(db, {
          first_name: `Recent${i}`,
          join_date: `2032-01-${10 + i}`,
          created_at: at,
          updated_at: at,
        }),
      );
    }
    const res = await ctx().call('GET', '/api/hr/metrics', { token: ctx().as.manager.token });
    expect(res.status).toBe(200);
    const recent = res.body.data.recent_employees;
    expect(recent.map((e: { id: number }) => e.id)).toEqual(ids.slice(2).reverse());
    expect(Object.keys(recent[0]).sort()).toEqual(
      ['department', 'email', 'first_name', 'id', 'join_date', 'last_name', 'position'].sort(),
    );
    expect(recent[0]).toMatchObject({ first_name: 'Recent6', join_date: '2032-01-16' });
    expect(res.text).not.toMatch(/salary/);
    expect(Object.keys(res.body.data).sort()).toEqual(
      [
        'bonuses_awarded',
        'bonuses_awarded_this_month',
        'metric_types',
        'recent_employees',
        'staff_with_metrics',
        'total_metrics',
        'total_metrics_from_this_month',
        'total_staff',
        'total_staff_from_this_month',
      ].sort(),
    );
  });
});

describeEachEngine('HR dashboard charts', (ctx) => {
  const scores: Record<string, number> = {};

  beforeAll(async () => {
    const db = ctx().db;
    // One employee exactly on each side of every threshold of SPEC.md 4.
    const people: [string, string, number[]][] = [
      ['CIT', 'at 80', [80]],
      ['CIT', 'at 79.99', [79.99]],
      ['CIT', 'at 60', [60]],
      ['Commerce', 'at 59.99', [59.99]],
      ['Commerce', 'at 40', [40]],
      ['Commerce', 'at 39.99', [39.99]],
      ['Commerce', 'at 1', [1]],
      ['Media Studies', 'none', []],
    ];
    for (const [department, label, values] of people) {
      const id = await insertEmployee(db, { department, first_name: label });
      for (const value of values) await recordMetricValue(db, { employeeId: id, value });
      scores[label] = values.length ? values.reduce((a, b) => a + b) / values.length : 0;
    }
  });

  it('counts staff per score band at the exact thresholds, No Data for staff without values', async () => {
    const res = await ctx().call('GET', '/api/hr/charts', { token: ctx().as.admin.token });
    expect(res.status).toBe(200);
    // The test app's own employee (linked to the employee account) has no values either.
    expect(res.body.data.score_distribution).toEqual([
      { band: 'Excellent', staff_count: 1 },
      { band: 'Good', staff_count: 2 },
      { band: 'Fair', staff_count: 2 },
      { band: 'Poor', staff_count: 2 },
      { band: 'No Data', staff_count: 2 },
    ]);
    // The bands of the chart are the bands of scoreBand() for the same scores.
    const labels = Object.values(scores).map((score) => scoreBand(score).label);
    expect(labels.filter((label) => label === 'Good')).toHaveLength(2);
    expect(labels.filter((label) => label === 'Poor')).toHaveLength(2);
  });

  it('averages every value of each department, 0 for a department without values', async () => {
    const res = await ctx().call('GET', '/api/hr/charts', { token: ctx().as.manager.token });
    const byName = Object.fromEntries(
      res.body.data.department_averages.map((d: { department: string }) => [d.department, d]),
    );
    expect(Object.keys(byName)).toEqual(['CIT', 'Commerce', 'Media Studies']);
    expect(byName.CIT.staff_count).toBe(4); // three above and the test app's own employee
    expect(byName.CIT).toMatchObject({ scored_staff_count: 3, metric_count: 3 });
    expect(byName.CIT.average_score).toBeCloseTo((80 + 79.99 + 60) / 3, 10);
    expect(byName.Commerce).toMatchObject({ staff_count: 4, scored_staff_count: 4 });
    expect(byName.Commerce.average_score).toBeCloseTo((59.99 + 40 + 39.99 + 1) / 4, 10);
    expect(byName['Media Studies']).toEqual({
      department: 'Media Studies',
      staff_count: 1,
      scored_staff_count: 0,
      metric_count: 0,
      average_score: 0,
    });
  });
});

describeEachEngine('employee dashboard', (ctx) => {
  let me: SignedInUser;
  let other: number;

  beforeAll(async () => {
    const db = ctx().db;
    const employeeId = await insertEmployee(db);
    me = await ctx().newUser('employee', { employee_id: employeeId });
    other = await insertEmployee(db);
    // Either side of the January and July semester starts (SEMESTER_START_MONTHS=1,7).
    await recordMetricValue(db, {
      employeeId,
      value: 70,
      createdAt: localTime(2025, 12, 31, 23, 30),
    });
    await recordMetricValue(db, { employeeId, value: 30, createdAt: localTime(2026, 1, 1, 0, 30) });
    await recordMetricValue(db, {
      employeeId,
      value: 50,
      createdAt: localTime(2026, 6, 30, 23, 30),
    });
    await recordMetricValue(db, { employeeId, value: 90, createdAt: localTime(2026, 7, 1, 0, 10) });
    await recordMetricValue(db, { employeeId: other, value: 10, createdAt: localTime(2026, 7, 2) });
    await insertBonus(db, { employeeId, createdAt: localTime(2026, 6, 30, 23, 30) });
    await insertBonus(db, { employeeId, createdAt: localTime(2026, 7, 1, 0, 10) });
    await insertBonus(db, { employeeId: other, createdAt: localTime(2026, 7, 2) });
  });

  /**
   * The dashboard at `now`, as the route reads it: with the caller's dashboard version read by
   * the guard, then again at the same version, which must give the answer remembered.
   */
  const dashboardAt = async (now: string, startMonths = [1, 7]) => {
    const dashboards = createEmployeeDashboardService({
      db: ctx().db,
      config: { SEMESTER_START_MONTHS: startMonths },
      now: () => new Date(now),
    });
    const session = await findSessionUser(ctx().db, me.id, dashboardVersionOfCaller);
    const read = await dashboards.dashboard({ employeeId: me.employeeId }, session!.caller_figure);
    const again = await dashboards.dashboard({ employeeId: me.employeeId }, session!.caller_figure);
    expect(again).toBe(read);
    return read;
  };

  it('averages the first day of a semester into it and the day before into the last one', async () => {
    const firstDay = await dashboardAt(localTime(2026, 7, 1, 0, 30));
    expect(firstDay.average_score_this_semester).toBe(90);
    expect(firstDay.average_score_last_semester).toBe(40); // 30 and 50, January to June
    expect(firstDay.this_semester).toEqual({
      first_month: '2026-07',
      last_month: '2026-12',
      metric_count: 1,
    });
    expect(firstDay.last_semester).toEqual({
      first_month: '2026-01',
      last_month: '2026-06',
      metric_count: 2,
    });

    const dayBefore = await dashboardAt(localTime(2026, 6, 30, 23, 45));
    expect(dayBefore.average_score_this_semester).toBe(40);
    expect(dayBefore.average_score_last_semester).toBe(70); // 31 December 2025
  });

  it('answers 0 for a semester without values', async () => {
    const later = await dashboardAt(localTime(2028, 3, 1));
    expect(later.average_score_this_semester).toBe(0);
    expect(later.average_score_last_semester).toBe(0);
    expect(later.monthly_scores.every((m) => m.metric_count === 0 && m.average_score === 0)).toBe(
      true,
    );
  });

  it('follows SEMESTER_START_MONTHS', async () => {
    const quarters = await dashboardAt(localTime(2026, 7, 1, 0, 30), [1, 4, 7, 10]);
    expect(quarters.this_semester).toMatchObject({ first_month: '2026-07', last_month: '2026-09' });
    expect(quarters.last_semester).toMatchObject({ first_month: '2026-04', last_month: '2026-06' });
    expect(quarters.average_score_last_semester).toBe(50);
  });

  it('gives the last 12 months, oldest first, and this month’s counts', async () => {
    const july = await dashboardAt(localTime(2026, 7, 20));
    expect(july.monthly_scores.map((m) => m.month)).toEqual([
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
    ]);
    expect(july.monthly_scores[4]).toEqual({
      month: '2025-12',
      average_score: 70,
      metric_count: 1,
    });
    expect(july.monthly_scores[10]).toEqual({
      month: '2026-06',
      average_score: 50,
      metric_count: 1,
    });
    expect(july).toMatchObject({
      total_metrics: 4,
      metrics_this_month: 1,
      total_bonuses: 2,
      bonuses_this_month: 1,
    });
  });

  it('does not give a dashboard remembered in another month', async () => {
    let now = localTime(2026, 7, 31, 23, 59);
    const dashboards = createEmployeeDashboardService({
      db: ctx().db,
      config: { SEMESTER_START_MONTHS: [1, 7] },
      now: () => new Date(now),
    });
    const { caller_figure: version } = (await findSessionUser(
      ctx().db,
      me.id,
      dashboardVersionOfCaller,
    ))!;
    const july = await dashboards.dashboard({ employeeId: me.employeeId }, version);
    expect(july.bonuses_this_month).toBe(1);
    // Nothing was written since, but August has come: its own month, without the bonus.
    now = localTime(2026, 8, 1, 0, 1);
    const august = await dashboards.dashboard({ employeeId: me.employeeId }, version);
    expect(august.bonuses_this_month).toBe(0);
    expect(august.monthly_scores.at(-1)!.month).toBe('2026-08');
  });

  it('shows the caller their own figures only, whatever the query says', async () => {
    const res = await ctx().call('GET', `/api/employees/dashboard?employee_id=${other}`, {
      token: me.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.total_metrics).toBe(4);
    expect(res.body.data.total_bonuses).toBe(2);
    expect(res.body.data.monthly_scores).toHaveLength(12);
  });

  it('gives zeros to an account without an employee record', async () => {
    const res = await ctx().call('GET', '/api/employees/dashboard', {
      token: ctx().as.admin.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      average_score_this_semester: 0,
      average_score_last_semester: 0,
      total_metrics: 0,
      metrics_this_month: 0,
      total_bonuses: 0,
      bonuses_this_month: 0,
    });
  });
});

describeEachEngine('employee dashboard stays current', (ctx) => {
  it('answers the figures of the moment after the same answer was kept by the response cache', async () => {
    const { db, as } = ctx();
    const me = as.employee.employeeId!;
    const totalMetrics = async () =>
      (await ctx().call('GET', '/api/employees/dashboard', { token: as.employee.token })).body.data
        .total_metrics;
    await recordMetricValue(db, { employeeId: me, value: 70 });
    const before = await totalMetrics();
    // Asked three times: the response cache keeps the answer asked for twice and gives the third.
    for (let ask = 0; ask < 2; ask++) expect(await totalMetrics()).toBe(before);

    // The guard, expecting the cache to answer, leaves the figures out; the data has moved since.
    await recordMetricValue(db, { employeeId: me, value: 80 });
    expect(await totalMetrics()).toBe(before + 1);
    expect(await totalMetrics()).toBe(before + 1);
  });
});

describeEachEngine('employee dashboard remembered by each instance', (ctx) => {
  /** The caller's dashboard through the route, and as a service that remembers nothing reads it. */
  const expectCurrent = async (user: SignedInUser) => {
    const { body } = await ctx().call('GET', '/api/employees/dashboard', { token: user.token });
    const fresh = createEmployeeDashboardService({ db: ctx().db, config: ctx().config });
    expect(body.data).toEqual(await fresh.dashboard({ employeeId: user.employeeId }));
    return body.data as Awaited<ReturnType<typeof fresh.dashboard>>;
  };

  it('answers every change to the caller’s values and bonuses, whoever writes it', async () => {
    const { db, as } = ctx();
    const me = await ctx().newUser('employee');
    const colleague = await ctx().newUser('employee');
    const first = await recordMetricValue(db, { employeeId: me.employeeId!, value: 60 });
    expect((await expectCurrent(me)).total_metrics).toBe(1);
    await expectCurrent(colleague);

    const changes: [string, () => Promise<unknown>][] = [
      ['a value recorded', () => recordMetricValue(db, { employeeId: me.employeeId!, value: 90 })],
      ['a value changed', () => changeMetricValue(db, first, 80)],
      ['a value removed', () => removeMetricValue(db, first)],
      [
        'a bonus awarded through the API',
        () =>
          ctx().call('POST', '/api/bonuses', {
            token: as.manager.token,
            body: { employee_id: me.employeeId, bonus_name: 'Spot award', description: 'Thanks' },
          }),
      ],
      [
        'a bonus written straight into the database',
        () => insertBonus(db, { employeeId: me.employeeId! }),
      ],
      [
        'a bonus removed',
        () => db.deleteFrom('bonuses').where('employee_id', '=', me.employeeId!).execute(),
      ],
    ];
    let before = await expectCurrent(me);
    for (const [change, write] of changes) {
      await write();
      const after = await expectCurrent(me);
      expect(after, change).not.toEqual(before);
      before = after;
    }
    // The colleague's dashboard, remembered before all this, is still theirs and current.
    expect((await expectCurrent(colleague)).total_metrics).toBe(0);
  });
});
