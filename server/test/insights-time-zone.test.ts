import { afterAll, expect, it } from 'vitest';
import { createEmployeeDashboardService } from '../src/modules/insights/employee-dashboard.service';
import { createHrDashboardService } from '../src/modules/insights/hr-dashboard.service';
import { insertEmployee, recordMetricValue } from './helpers/factories';
import { insertBonus, localTime } from './helpers/insights';
import { describeEachEngine } from './helpers/test-app';

// "This month" and semesters follow the server's time zone (PRODUCT.md section 3). Node reads TZ
// again when it is assigned, and nothing has computed a date yet when the tests run.
const zoneBefore = process.env.TZ;
process.env.TZ = 'America/New_York';
afterAll(() => {
  if (zoneBefore === undefined) delete process.env.TZ;
  else process.env.TZ = zoneBefore;
});

describeEachEngine('insights in a time zone west of UTC', (ctx) => {
  it('runs in New York time', () => {
    expect(localTime(2026, 3, 1, 0, 30)).toBe('2026-03-01T05:30:00.000Z');
  });

  it('counts 00:30 on the first as this month and 23:30 the evening before as last month', async () => {
    const db = ctx().db;
    const lastEvening = localTime(2026, 2, 28, 23, 30);
    const firstNight = localTime(2026, 3, 1, 0, 30);
    // Both instants are in March in UTC: only the zone tells them apart.
    expect(lastEvening).toBe('2026-03-01T04:30:00.000Z');

    const february = await insertEmployee(db, { created_at: lastEvening, updated_at: lastEvening });
    const march = await insertEmployee(db, { created_at: firstNight, updated_at: firstNight });
    await recordMetricValue(db, { employeeId: february, value: 60, createdAt: lastEvening });
    await recordMetricValue(db, { employeeId: march, value: 70, createdAt: firstNight });
    await insertBonus(db, { employeeId: february, createdAt: lastEvening });
    await insertBonus(db, { employeeId: march, createdAt: firstNight });

    const inMarch = await createHrDashboardService({
      db,
      now: () => new Date(localTime(2026, 3, 15)),
    }).metrics();
    expect(inMarch).toMatchObject({
      total_staff_from_this_month: 1,
      total_metrics_from_this_month: 1,
      bonuses_awarded_this_month: 1,
    });

    const inFebruary = await createHrDashboardService({
      db,
      now: () => new Date(localTime(2026, 2, 28, 23, 45)),
    }).metrics();
    expect(inFebruary).toMatchObject({
      total_staff_from_this_month: 1,
      total_metrics_from_this_month: 1,
      bonuses_awarded_this_month: 1,
    });

    const monthly = await createEmployeeDashboardService({
      db,
      config: ctx().config,
      now: () => new Date(localTime(2026, 3, 15)),
    }).dashboard({ employeeId: february });
    expect(monthly.monthly_scores.at(-2)).toEqual({
      month: '2026-02',
      average_score: 60,
      metric_count: 1,
    });
    expect(monthly.metrics_this_month).toBe(0);
  });

  it('puts 23:30 on 30 June in the first semester and 00:30 on 1 July in the second', async () => {
    const db = ctx().db;
    const employeeId = await insertEmployee(db);
    await recordMetricValue(db, {
      employeeId,
      value: 40,
      createdAt: localTime(2026, 6, 30, 23, 30),
    });
    await recordMetricValue(db, { employeeId, value: 80, createdAt: localTime(2026, 7, 1, 0, 30) });
    const july = await createEmployeeDashboardService({
      db,
      config: ctx().config,
      now: () => new Date(localTime(2026, 7, 1, 1, 0)),
    }).dashboard({ employeeId });
    expect(july.average_score_this_semester).toBe(80);
    expect(july.average_score_last_semester).toBe(40);
  });
});
