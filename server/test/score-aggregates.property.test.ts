import fc from 'fast-check';
import { expect, it } from 'vitest';
import { monthKey } from '../src/lib/calendar';
import { toIso } from '../src/lib/clock';
import { rebuildScoreAggregates } from '../src/modules/scores/scores.repository';
import { insertEmployee } from './helpers/factories';
import { insertMetricType } from './helpers/performance-factories';
import { describeEachEngine, type TestContext } from './helpers/test-app';

/**
 * The running score totals (employee_scores, employee_monthly_scores and
 * employee_metric_type_scores) must always equal what a
 * full recomputation from performance_metrics gives, whatever sequence of creates, edits and
 * deletes went through the API, including ones the API refused.
 */

const EMPLOYEES = 4;
const DAY = 86_400_000;

type Command =
  | {
      kind: 'create';
      employee: number;
      type: number;
      hundredths: number;
      when: { daysAgo: number; msOfDay: number; dateOnly: boolean; monthEdge: number | null };
    }
  | { kind: 'edit'; pick: number; hundredths: number }
  | { kind: 'delete'; pick: number };

const hundredths = fc.integer({ min: 100, max: 10_000 });

const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('create' as const),
      employee: fc.nat(EMPLOYEES - 1),
      type: fc.nat(2),
      hundredths,
      when: fc.record({
        daysAgo: fc.integer({ min: 0, max: 730 }),
        msOfDay: fc.integer({ min: 0, max: DAY - 1 }),
        dateOnly: fc.boolean(),
        // Now and then right at a local month boundary (-1 ms, 0, +1 ms), where a UTC-based
        // month and the server's local month part ways.
        monthEdge: fc.option(fc.integer({ min: -1, max: 1 }), { freq: 4 }),
      }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('edit' as const), pick: fc.nat(), hundredths }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }) },
);

const pad = (n: number) => String(n).padStart(2, '0');

/** A past created_at as HR would send it: a local date, or an ISO instant. */
function createdAtOf(when: Extract<Command, { kind: 'create' }>['when'], now: number): string {
  let instant = new Date(now - when.daysAgo * DAY - when.msOfDay);
  if (when.monthEdge !== null) {
    const monthStart = new Date(instant.getFullYear(), instant.getMonth(), 1).getTime();
    instant = new Date(Math.min(now, monthStart + when.monthEdge));
  } else if (when.dateOnly) {
    return `${instant.getFullYear()}-${pad(instant.getMonth() + 1)}-${pad(instant.getDate())}`;
  }
  return instant.toISOString();
}

async function expectTotalsMatchRecomputation(context: TestContext) {
  const values = await context.db
    .selectFrom('performance_metrics')
    .select(['user_id', 'metric_type_id', 'value_hundredths', 'created_at'])
    .execute();
  const overall = new Map<number, { count: number; sum: number }>();
  const monthly = new Map<string, { count: number; sum: number }>();
  const perType = new Map<string, { count: number; sum: number }>();
  for (const value of values) {
    const add = <K>(map: Map<K, { count: number; sum: number }>, key: K) => {
      const total = map.get(key) ?? { count: 0, sum: 0 };
      total.count += 1;
      total.sum += Number(value.value_hundredths);
      map.set(key, total);
    };
    add(overall, value.user_id);
    add(monthly, `${value.user_id}|${monthKey(toIso(value.created_at))}`);
    add(perType, `${value.user_id}|${value.metric_type_id}`);
  }

  const scores = await context.db.selectFrom('employee_scores').selectAll().execute();
  const actualOverall = new Map(
    scores.map((row) => [
      row.employee_id,
      { count: Number(row.metric_count), sum: Number(row.value_sum_hundredths) },
    ]),
  );
  expect(actualOverall).toEqual(overall);
  for (const row of scores) {
    const expected = Number(row.value_sum_hundredths) / Number(row.metric_count) / 100;
    expect(Math.abs(Number(row.average_score) - expected)).toBeLessThan(1e-9);
  }

  const months = await context.db.selectFrom('employee_monthly_scores').selectAll().execute();
  const actualMonthly = new Map(
    months.map((row) => [
      `${row.employee_id}|${row.month}`,
      { count: Number(row.metric_count), sum: Number(row.value_sum_hundredths) },
    ]),
  );
  expect(actualMonthly).toEqual(monthly);

  const typeRows = await context.db.selectFrom('employee_metric_type_scores').selectAll().execute();
  const actualPerType = new Map(
    typeRows.map((row) => [
      `${row.employee_id}|${row.metric_type_id}`,
      { count: Number(row.metric_count), sum: Number(row.value_sum_hundredths) },
    ]),
  );
  expect(actualPerType).toEqual(perType);
}

describeEachEngine('score aggregates under random writes', (ctx) => {
  it('equal a full recomputation after any sequence of creates, edits and deletes', async () => {
    const employees: number[] = [];
    for (let i = 0; i < EMPLOYEES; i++) employees.push(await insertEmployee(ctx().db));
    // Two open types and one whose range refuses part of the scale, so refused writes happen too.
    const types = [
      await insertMetricType(ctx().db),
      await insertMetricType(ctx().db, { measurement_unit: 'points' }),
      await insertMetricType(ctx().db, { minimum_value: 20, maximum_value: 80 }),
    ];
    const ranged = types[2]!;
    const token = ctx().as.manager.token;
    let writes = 0;

    await fc.assert(
      fc.asyncProperty(fc.array(command, { maxLength: 30 }), async (commands) => {
        // Each run starts empty, so a failing run (and its shrunk counterexample) stands alone.
        await ctx().db.deleteFrom('employee_monthly_scores').execute();
        await ctx().db.deleteFrom('employee_scores').execute();
        await ctx().db.deleteFrom('employee_metric_type_scores').execute();
        await ctx().db.deleteFrom('performance_metrics').execute();
        const live: { id: number; type: number }[] = [];
        const now = Date.now();
        for (const step of commands) {
          const inRange = (h: number, type: number) => type !== ranged || (h >= 2000 && h <= 8000);
          if (step.kind === 'create') {
            const type = types[step.type]!;
            const res = await ctx().call('POST', '/api/performance-metrics', {
              token,
              body: {
                user_id: employees[step.employee],
                metric_type_id: type,
                value: step.hundredths / 100,
                created_at: createdAtOf(step.when, now),
              },
            });
            expect(res.status, res.text).toBe(inRange(step.hundredths, type) ? 201 : 400);
            if (res.status === 201) live.push({ id: res.body.data.performance_metric.id, type });
          } else if (live.length > 0) {
            const index = step.pick % live.length;
            const target = live[index]!;
            if (step.kind === 'edit') {
              const res = await ctx().call('PUT', `/api/performance-metrics/${target.id}`, {
                token,
                body: { value: step.hundredths / 100, comment: 'edited' },
              });
              expect([200, 400], res.text).toContain(res.status);
              if (res.status === 400) expect(inRange(step.hundredths, target.type)).toBe(false);
            } else {
              const res = await ctx().call('DELETE', `/api/performance-metrics/${target.id}`, {
                token,
              });
              expect(res.status, res.text).toBe(200);
              live.splice(index, 1);
            }
          }
          writes += 1;
        }
        await expectTotalsMatchRecomputation(ctx());
      }),
      { numRuns: 25 },
    );
    expect(writes).toBeGreaterThan(0);
  });
});

describeEachEngine('score totals and writes outside the API', (ctx) => {
  it('are recomputed in full, per type too, by rebuildScoreAggregates', async () => {
    const employeeId = await insertEmployee(ctx().db);
    const typeId = await insertMetricType(ctx().db);
    const now = new Date().toISOString();
    // A bulk load writes values without touching the totals...
    await ctx()
      .db.insertInto('performance_metrics')
      .values(
        [1234, 5678, 9000].map((value_hundredths, i) => ({
          user_id: employeeId,
          metric_type_id: typeId,
          value_hundredths,
          comment: null,
          recorded_by: null,
          created_at: new Date(Date.now() - i * 40 * DAY).toISOString(),
          updated_at: now,
        })),
      )
      .execute();
    // ...and then rebuilds them.
    await rebuildScoreAggregates(ctx().db);
    await expectTotalsMatchRecomputation(ctx());
    const list = await ctx().call('GET', `/api/performance-metrics?metric_type_id=${typeId}`, {
      token: ctx().as.manager.token,
    });
    expect(list.body.data.pagination.total).toBe(3);
  });

  it('follow an employee deleted with their values (the foreign keys cascade)', async () => {
    const token = ctx().as.manager.token;
    const typeId = await insertMetricType(ctx().db);
    const stays = await insertEmployee(ctx().db);
    const leaves = await insertEmployee(ctx().db);
    for (const userId of [stays, leaves, leaves]) {
      const res = await ctx().call('POST', '/api/performance-metrics', {
        token,
        body: { user_id: userId, metric_type_id: typeId, value: 50 },
      });
      expect(res.status).toBe(201);
    }
    await ctx().db.deleteFrom('employees').where('id', '=', leaves).execute();
    await expectTotalsMatchRecomputation(ctx());
    const list = await ctx().call('GET', `/api/performance-metrics?metric_type_id=${typeId}`, {
      token,
    });
    expect(list.body.data.pagination.total).toBe(1);
    expect(list.body.data.performance_metrics).toHaveLength(1);
  });
});
