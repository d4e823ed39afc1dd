import { expect, it } from 'vitest';
import { backfillMessages } from '#contract/backfill-date';
import { METRIC_VALUE_MESSAGES } from '#contract/metric-value-rule';
import {
  METRIC_VALUE_DATE_LABEL,
  PERFORMANCE_METRIC_MESSAGES,
} from '#contract/performance-metrics';
import { monthKey } from '../src/lib/calendar';
import { auditEntriesOf, expectHrOnly } from './helpers/access-matrix';
import { errorEnvelope } from './helpers/error-envelope';
import { insertEmployee } from './helpers/factories';
import { DEEP_PAGE_OFFSET } from '../src/modules/performance-metrics/metric-value-pages.repository';
import { insertMetricType, insertMetricValue } from './helpers/performance-factories';
import { expectPagesMatch } from './helpers/deep-pages';
import { describeEachEngine, type TestContext } from './helpers/test-app';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

async function scoresOf(context: TestContext, employeeId: number) {
  const overall = await context.db
    .selectFrom('employee_scores')
    .select(['metric_count', 'value_sum_hundredths', 'average_score'])
    .where('employee_id', '=', employeeId)
    .executeTakeFirst();
  const months = await context.db
    .selectFrom('employee_monthly_scores')
    .select(['month', 'metric_count', 'value_sum_hundredths'])
    .where('employee_id', '=', employeeId)
    .orderBy('month')
    .execute();
  return {
    overall: overall && {
      count: Number(overall.metric_count),
      sum: Number(overall.value_sum_hundredths),
    },
    months: months.map((m) => ({
      month: m.month,
      count: Number(m.metric_count),
      sum: Number(m.value_sum_hundredths),
    })),
  };
}

async function countRows(context: TestContext, table: 'performance_metrics' | 'audit_entries') {
  const row = await context.db
    .selectFrom(table)
    .select((s) => s.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describeEachEngine('performance metrics', (ctx) => {
  const asManager = () => ({ token: ctx().as.manager.token });
  const record = (body: Record<string, unknown>, token = ctx().as.manager.token) =>
    ctx().call('POST', '/api/performance-metrics', { token, body });

  async function setup(
    range: { minimum_value?: number | null; maximum_value?: number | null } = {},
  ) {
    // Joined before every date the suite backfills to (nothing may predate joining).
    const employeeId = await insertEmployee(ctx().db, {
      first_name: 'Ada',
      last_name: 'Lovelace',
      join_date: '2020-01-06',
    });
    const typeId = await insertMetricType(ctx().db, {
      measurement_unit: '%',
      minimum_value: null,
      maximum_value: null,
      ...range,
    });
    return { employeeId, typeId };
  }

  it('lets only managers and admins use every metric value route', async () => {
    const { employeeId, typeId } = await setup();
    const valueId = await insertMetricValue(ctx().db, {
      userId: employeeId,
      metricTypeId: typeId,
      value: 50,
    });

    const list = await expectHrOnly(ctx(), 'GET', '/api/performance-metrics?limit=1000');
    expect(list.manager.status).toBe(200);
    const ofUser = await expectHrOnly(ctx(), 'GET', `/api/performance-metrics/user/${employeeId}`);
    expect(ofUser.admin.status).toBe(200);
    const created = await expectHrOnly(ctx(), 'POST', '/api/performance-metrics', () => ({
      metric_type_id: typeId,
      user_id: employeeId,
      value: 60,
    }));
    expect([created.manager.status, created.admin.status]).toEqual([201, 201]);
    const updated = await expectHrOnly(ctx(), 'PUT', `/api/performance-metrics/${valueId}`, () => ({
      value: 70,
    }));
    expect([updated.manager.status, updated.admin.status]).toEqual([200, 200]);
    const removed = await expectHrOnly(ctx(), 'DELETE', `/api/performance-metrics/${valueId}`);
    expect([removed.manager.status, removed.admin.status]).toEqual([200, 404]);
  });

  it('records a value, enriched, with its score totals and one audit entry', async () => {
    const { employeeId, typeId } = await setup({ minimum_value: 1, maximum_value: 100 });
    const type = await ctx()
      .db.selectFrom('metric_types')
      .select('metric_name')
      .where('id', '=', typeId)
      .executeTakeFirstOrThrow();
    const auditBefore = await countRows(ctx(), 'audit_entries');

    const res = await record({
      metric_type_id: typeId,
      user_id: employeeId,
      value: 85.5,
      comment: '  Excellent term ',
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Performance metric recorded successfully');
    const value = res.body.data.performance_metric;
    expect(value).toEqual({
      id: expect.any(Number),
      user_id: employeeId,
      metric_type_id: typeId,
      value: 85.5,
      comment: 'Excellent term',
      created_at: expect.stringMatching(ISO),
      updated_at: expect.stringMatching(ISO),
      metric_name: type.metric_name,
      metric_type_name: type.metric_name,
      measurement_unit: '%',
      unit: '%',
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: expect.stringContaining('@'),
    });
    expect(Date.now() - Date.parse(value.created_at)).toBeLessThan(60_000);

    const stored = await ctx()
      .db.selectFrom('performance_metrics')
      .selectAll()
      .where('id', '=', value.id)
      .executeTakeFirstOrThrow();
    expect(stored.value_hundredths).toBe(8550);
    expect(stored.recorded_by).toBe(ctx().as.manager.id);

    expect(await scoresOf(ctx(), employeeId)).toEqual({
      overall: { count: 1, sum: 8550 },
      months: [{ month: monthKey(value.created_at), count: 1, sum: 8550 }],
    });

    expect(await countRows(ctx(), 'audit_entries')).toBe(auditBefore + 1);
    const [entry] = await auditEntriesOf(ctx(), 'performance_metric', value.id);
    expect(entry!.name).toBe('Performance Metric Recorded');
    expect(entry!.description).toBe(
      `Recorded ${type.metric_name} 85.5% for Ada Lovelace (${value.email})`,
    );
    expect(JSON.parse(entry!.after_json!)).toEqual(value);
  });

  it('stores values to the hundredth exactly, floating point notwithstanding', async () => {
    const { employeeId, typeId } = await setup();
    for (const [value, hundredths] of [
      [70.07, 7007],
      [1, 100],
      [100, 10000],
      [0.29 * 100, null],
      [33.3, 3330],
    ] as const) {
      const res = await record({ metric_type_id: typeId, user_id: employeeId, value });
      if (hundredths === null) {
        expect(res.status, String(value)).toBe(400);
        expect(res.body, String(value)).toEqual(
          errorEnvelope(METRIC_VALUE_MESSAGES.tooPrecise, 'value'),
        );
        continue;
      }
      expect(res.status, String(value)).toBe(201);
      expect(res.body.data.performance_metric.value).toBe(value);
      const stored = await ctx()
        .db.selectFrom('performance_metrics')
        .select('value_hundredths')
        .where('id', '=', res.body.data.performance_metric.id)
        .executeTakeFirstOrThrow();
      expect(stored.value_hundredths).toBe(hundredths);
    }
  });

  it('refuses values off the scale, too precise or outside the type range, with exact messages', async () => {
    const { employeeId, typeId } = await setup({ minimum_value: 50, maximum_value: 80 });
    const { typeId: capped } = await setup({ minimum_value: null, maximum_value: 60 });
    const { typeId: floored } = await setup({ minimum_value: 20.5, maximum_value: null });
    const before = await countRows(ctx(), 'performance_metrics');
    const auditBefore = await countRows(ctx(), 'audit_entries');
    const cases: [number, unknown, string][] = [
      [typeId, undefined, 'Value is required'],
      [typeId, null, 'Value is required'],
      [typeId, '70', 'Value must be a number'],
      [typeId, 0.99, 'Value must be between 1 and 100'],
      [typeId, 100.01, 'Value must be between 1 and 100'],
      [typeId, -3, 'Value must be between 1 and 100'],
      [typeId, 12.345, 'Value must have at most two decimal places'],
      [typeId, 60.001, 'Value must have at most two decimal places'],
      [typeId, 49.99, 'Value must be between 50 and 80'],
      [typeId, 80.01, 'Value must be between 50 and 80'],
      [capped, 61, 'Value must be between no minimum and 60'],
      [floored, 20.49, 'Value must be between 20.5 and no maximum'],
    ];
    for (const [metricTypeId, value, message] of cases) {
      const res = await record({ metric_type_id: metricTypeId, user_id: employeeId, value });
      expect(res.status, JSON.stringify(value)).toBe(400);
      expect(res.body.message).toBe(message);
      expect(res.body.errors).toEqual([{ field: 'value', message }]);
    }
    expect(await countRows(ctx(), 'performance_metrics')).toBe(before);
    expect(await countRows(ctx(), 'audit_entries')).toBe(auditBefore);

    for (const value of [50, 80, 65.25]) {
      const res = await record({ metric_type_id: typeId, user_id: employeeId, value });
      expect(res.status, String(value)).toBe(201);
    }
  });

  it('refuses missing or malformed references with 400 and unknown ones with 404', async () => {
    const { employeeId, typeId } = await setup();
    const bad: [Record<string, unknown>, string, string][] = [
      [{ user_id: employeeId, value: 50 }, 'metric_type_id', 'Metric type is required'],
      [{ metric_type_id: typeId, value: 50 }, 'user_id', 'User is required'],
      [
        { metric_type_id: typeId, user_id: 'abc', value: 50 },
        'user_id',
        'User must be a positive whole number',
      ],
      [
        { metric_type_id: true, user_id: employeeId, value: 50 },
        'metric_type_id',
        'Metric type must be a positive whole number',
      ],
      [
        { metric_type_id: 1.5, user_id: employeeId, value: 50 },
        'metric_type_id',
        'Metric type must be a positive whole number',
      ],
      [
        { metric_type_id: typeId, user_id: employeeId, value: 50, comment: 'c'.repeat(2001) },
        'comment',
        'Comment must be at most 2000 characters',
      ],
    ];
    for (const [body, field, message] of bad) {
      const res = await record(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body, JSON.stringify(body)).toEqual(errorEnvelope(message, field));
    }

    const noType = await record({ metric_type_id: 987654, user_id: employeeId, value: 50 });
    expect(noType.status).toBe(404);
    expect(noType.body.message).toBe('Metric type not found');
    const noEmployee = await record({ metric_type_id: typeId, user_id: 987654, value: 50 });
    expect(noEmployee.status).toBe(404);
    expect(noEmployee.body.message).toBe('Employee not found');

    // Ids as an HTML select hands them over, and unknown fields ignored, never stored.
    const asText = await record({
      metric_type_id: String(typeId),
      user_id: ` ${employeeId}`,
      value: 42,
      recorded_by: 1,
      value_hundredths: 1,
    });
    expect(asText.status).toBe(201);
    expect(asText.body.data.performance_metric).toMatchObject({
      metric_type_id: typeId,
      user_id: employeeId,
      value: 42,
    });
  });

  it('backfills a past created_at into its own month and refuses the future', async () => {
    const { employeeId, typeId } = await setup();
    const dateOnly = await record({
      metric_type_id: typeId,
      user_id: employeeId,
      value: 40,
      created_at: '2024-03-01',
    });
    expect(dateOnly.status).toBe(201);
    const localMidnight = new Date(2024, 2, 1).toISOString();
    expect(dateOnly.body.data.performance_metric.created_at).toBe(localMidnight);

    const withOffset = await record({
      metric_type_id: typeId,
      user_id: employeeId,
      value: 60,
      created_at: '2023-11-15T09:30:00+02:00',
    });
    expect(withOffset.status).toBe(201);
    expect(withOffset.body.data.performance_metric.created_at).toBe('2023-11-15T07:30:00.000Z');

    const scores = await scoresOf(ctx(), employeeId);
    expect(scores.overall).toEqual({ count: 2, sum: 10000 });
    expect(scores.months).toEqual(
      expect.arrayContaining([
        { month: '2024-03', count: 1, sum: 4000 },
        { month: monthKey('2023-11-15T07:30:00.000Z'), count: 1, sum: 6000 },
      ]),
    );

    const before = await countRows(ctx(), 'performance_metrics');
    const { future: inTheFuture, invalid: notADate } = backfillMessages(METRIC_VALUE_DATE_LABEL);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    for (const createdAt of [future, '2999-01-01']) {
      const res = await record({
        metric_type_id: typeId,
        user_id: employeeId,
        value: 50,
        created_at: createdAt,
      });
      expect(res.status).toBe(400);
      expect(res.body, createdAt).toEqual(errorEnvelope(inTheFuture, 'created_at'));
    }
    for (const createdAt of ['2024-02-30', 'last week', '15/03/2024', 20240301]) {
      const res = await record({
        metric_type_id: typeId,
        user_id: employeeId,
        value: 50,
        created_at: createdAt,
      });
      expect(res.status, String(createdAt)).toBe(400);
      expect(res.body, String(createdAt)).toEqual(errorEnvelope(notADate, 'created_at'));
    }
    expect(await countRows(ctx(), 'performance_metrics')).toBe(before);
  });

  it('lists values newest first, filtered by employee and type, with paging and totals', async () => {
    const { employeeId: ada, typeId: quality } = await setup();
    const { employeeId: bob, typeId: output } = await setup();
    const plan: [number, number, string][] = [
      [ada, quality, '2024-01-10T10:00:00.000Z'],
      [ada, output, '2024-02-10T10:00:00.000Z'],
      [bob, quality, '2024-03-10T10:00:00.000Z'],
      [ada, quality, '2024-04-10T10:00:00.000Z'],
      [bob, output, '2024-04-10T10:00:00.000Z'],
    ];
    const ids: number[] = [];
    for (const [userId, metricTypeId, createdAt] of plan) {
      ids.push(await insertMetricValue(ctx().db, { userId, metricTypeId, value: 50, createdAt }));
    }
    const idsOf = (res: { body: { data: { performance_metrics: { id: number }[] } } }) =>
      res.body.data.performance_metrics.map((m) => m.id);

    const adaAll = await ctx().call('GET', `/api/performance-metrics?user_id=${ada}`, asManager());
    expect(adaAll.status).toBe(200);
    expect(idsOf(adaAll)).toEqual([ids[3], ids[1], ids[0]]);
    expect(adaAll.body.data.pagination).toEqual({
      page: 1,
      limit: 50,
      total: 3,
      next_cursor: null,
    });

    const qualityAll = await ctx().call(
      'GET',
      `/api/performance-metrics?metric_type_id=${quality}`,
      asManager(),
    );
    expect(idsOf(qualityAll)).toEqual([ids[3], ids[2], ids[0]]);
    expect(qualityAll.body.data.pagination.total).toBe(3);

    const both = await ctx().call(
      'GET',
      `/api/performance-metrics?user_id=${ada}&metric_type_id=${quality}&limit=1&page=2`,
      asManager(),
    );
    expect(idsOf(both)).toEqual([ids[0]]);
    expect(both.body.data.pagination).toEqual({ page: 2, limit: 1, total: 2, next_cursor: null });
    // Past the end every filter still tells its total (read alone when no row brings it).
    for (const [filter, total] of [
      [`user_id=${ada}`, 3],
      [`metric_type_id=${quality}`, 3],
      [`user_id=${ada}&metric_type_id=${quality}`, 2],
    ] as const) {
      const pastEnd = await ctx().call(
        'GET',
        `/api/performance-metrics?${filter}&limit=1&page=9`,
        asManager(),
      );
      expect(pastEnd.body.data, filter).toEqual({
        performance_metrics: [],
        pagination: { page: 9, limit: 1, total, next_cursor: null },
      });
    }

    // Same created_at: the later id first, so pages never overlap.
    const bobAll = await ctx().call('GET', `/api/performance-metrics?user_id=${bob}`, asManager());
    expect(idsOf(bobAll)).toEqual([ids[4], ids[2]]);
    expect(bobAll.body.data.performance_metrics[0]).toMatchObject({
      metric_type_id: output,
      first_name: 'Ada',
      last_name: 'Lovelace',
      value: 50,
    });

    const everything = await ctx().call('GET', '/api/performance-metrics?limit=1000', asManager());
    const rows = await countRows(ctx(), 'performance_metrics');
    expect(everything.body.data.pagination.total).toBe(rows);
    const everythingPastEnd = await ctx().call(
      'GET',
      `/api/performance-metrics?limit=1000&page=${Math.ceil(rows / 1000) + 1}`,
      asManager(),
    );
    expect(everythingPastEnd.body.data.pagination.total).toBe(rows);
    expect(everything.body.data.performance_metrics).toHaveLength(Math.min(rows, 1000));
    const times = everything.body.data.performance_metrics.map((m: { created_at: string }) =>
      Date.parse(m.created_at),
    );
    expect(times).toEqual([...times].sort((a, b) => b - a));

    // "All" filters sent empty mean no filter.
    const blank = await ctx().call(
      'GET',
      '/api/performance-metrics?limit=1000&user_id=&metric_type_id=',
      asManager(),
    );
    expect(blank.status).toBe(200);
    expect(blank.body.data.pagination.total).toBe(rows);

    const nobody = await ctx().call('GET', '/api/performance-metrics?user_id=987654', asManager());
    expect(nobody.body.data).toEqual({
      performance_metrics: [],
      pagination: { page: 1, limit: 50, total: 0, next_cursor: null },
    });

    for (const [query, field, message] of [
      ['user_id=abc', 'user_id', 'user_id must be a positive whole number'],
      ['metric_type_id=0', 'metric_type_id', 'metric_type_id must be a positive whole number'],
      ['limit=1001', 'limit', 'limit must be at most 1000'],
      ['page=-1', 'page', 'page must be at least 1'],
    ] as const) {
      const res = await ctx().call('GET', `/api/performance-metrics?${query}`, asManager());
      expect(res.status, query).toBe(400);
      expect(res.body, query).toEqual(errorEnvelope(message, field));
    }
  });

  it('reads deep pages (their ids first) in the same order as the first ones, on every filter', async () => {
    const { employeeId, typeId } = await setup();
    const other = await insertMetricType(ctx().db, { minimum_value: null, maximum_value: null });
    // More values than DEEP_PAGE_OFFSET, several to a timestamp, so ties are broken by id.
    const made: { id: number; at: string; type: number }[] = [];
    for (let i = 0; i < DEEP_PAGE_OFFSET + 60; i++) {
      const at = new Date(Date.UTC(2023, 0, 1) + Math.floor(i / 3) * 60_000).toISOString();
      const type = i % 4 === 0 ? other : typeId;
      const id = await insertMetricValue(ctx().db, {
        userId: employeeId,
        metricTypeId: type,
        value: 1,
        createdAt: at,
      });
      made.push({ id, at, type });
    }
    const newestFirst = (rows: typeof made) =>
      [...rows].sort((a, b) => b.at.localeCompare(a.at) || b.id - a.id).map((row) => row.id);
    const pages = async (filter: string, limit: number) => {
      const ids: number[] = [];
      for (let page = 1; ; page++) {
        const res = await ctx().call(
          'GET',
          `/api/performance-metrics?${filter}&limit=${limit}&page=${page}`,
          asManager(),
        );
        const rows = res.body.data.performance_metrics as { id: number }[];
        if (rows.length === 0) return ids;
        ids.push(...rows.map((row) => row.id));
      }
    };
    expect(await pages(`user_id=${employeeId}`, 50)).toEqual(newestFirst(made));
    expect(await pages(`metric_type_id=${typeId}`, 40)).toEqual(
      newestFirst(made.filter((row) => row.type === typeId)),
    );
    expect(await pages(`user_id=${employeeId}&metric_type_id=${typeId}`, 100)).toEqual(
      newestFirst(made.filter((row) => row.type === typeId)),
    );
    // All values: a deep page is the slice of the whole list a person paging there would see.
    const whole = await ctx().call('GET', '/api/performance-metrics?limit=1000', asManager());
    const wholeIds = whole.body.data.performance_metrics.map((row: { id: number }) => row.id);
    const deep = await ctx().call('GET', '/api/performance-metrics?limit=50&page=7', asManager());
    expect(deep.body.data.performance_metrics.map((row: { id: number }) => row.id)).toEqual(
      wholeIds.slice(300, 350),
    );
    expect(deep.body.data.performance_metrics[0]).toMatchObject({
      first_name: expect.any(String),
      metric_name: expect.any(String),
    });
  });

  it('reads every page of all values from the nearer end, ties and moves among them, as a plain read orders them', async () => {
    const { employeeId, typeId } = await setup();
    const { db } = ctx();
    const at = (hour: number, minute = 0) =>
      new Date(Date.UTC(2022, 2, 1, hour, minute)).toISOString();
    // 260 values at one instant (ties broken by id), one value an hour for 80 hours, 150 values
    // at five instants, 240 over three hours (two to a minute now and then): over 600 in all, so
    // that deep pages are read from the newest end as well as the oldest, ties at both. One
    // statement each, as an import writes them.
    const batches = [
      Array.from({ length: 260 }, () => at(0, 30)),
      Array.from({ length: 80 }, (_, i) => at(1 + i, 59)),
      Array.from({ length: 150 }, (_, i) => at(89, i % 5)),
      Array.from({ length: 240 }, (_, i) => at(90 + Math.floor(i / 80), i % 60)),
    ];
    const ids: number[] = [];
    for (const batch of batches) {
      const rows = await db
        .insertInto('performance_metrics')
        .values(
          batch.map((createdAt) => ({
            user_id: employeeId,
            metric_type_id: typeId,
            value_hundredths: 100,
            comment: null,
            recorded_by: null,
            created_at: createdAt,
            updated_at: createdAt,
          })),
        )
        .returning('id')
        .execute();
      ids.push(...rows.map((row) => row.id));
    }
    // A value removed, values moved among the others and to the newest, one removed through the
    // API.
    await db.deleteFrom('performance_metrics').where('created_at', '=', at(10, 59)).execute();
    await db
      .updateTable('performance_metrics')
      .set({ created_at: at(40, 5) })
      .where('id', 'in', ids.slice(0, 30))
      .execute();
    await db
      .updateTable('performance_metrics')
      .set({ created_at: at(200) })
      .where('id', '=', ids[300]!)
      .execute();
    expect(
      (await ctx().call('DELETE', `/api/performance-metrics/${ids[400]}`, asManager())).status,
    ).toBe(200);

    // Deep pages from the newest end too: past DEEP_PAGE_OFFSET, under half the list.
    const left = await db
      .selectFrom('performance_metrics')
      .select((eb) => eb.fn.countAll().as('n'))
      .execute();
    expect(Number(left[0]!.n)).toBeGreaterThan(2 * DEEP_PAGE_OFFSET + 50);
    await expectPagesMatch(ctx(), {
      table: 'performance_metrics',
      path: '/api/performance-metrics',
      key: 'performance_metrics',
    });
  });

  it("lists one employee's values with a limit, and 404 for an unknown employee", async () => {
    const { employeeId, typeId } = await setup();
    for (let day = 1; day <= 3; day++) {
      await insertMetricValue(ctx().db, {
        userId: employeeId,
        metricTypeId: typeId,
        value: 10 * day,
        createdAt: `2024-05-0${day}T12:00:00.000Z`,
      });
    }
    const res = await ctx().call(
      'GET',
      `/api/performance-metrics/user/${employeeId}?limit=2&user_id=1`,
      asManager(),
    );
    expect(res.status).toBe(200);
    expect(res.body.data.performance_metrics.map((m: { value: number }) => m.value)).toEqual([
      30, 20,
    ]);
    expect(res.body.data.pagination).toEqual({ page: 1, limit: 2, total: 3 });

    const unknown = await ctx().call('GET', '/api/performance-metrics/user/987654', asManager());
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(errorEnvelope('Employee not found'));
  });

  it('answers each value as it is now, once read, whoever changes it, its type or its employee', async () => {
    const { employeeId, typeId } = await setup();
    const older = await insertMetricValue(ctx().db, {
      userId: employeeId,
      metricTypeId: typeId,
      value: 40,
      createdAt: '2024-06-01T12:00:00.000Z',
    });
    await insertMetricValue(ctx().db, {
      userId: employeeId,
      metricTypeId: typeId,
      value: 50,
      createdAt: '2024-06-02T12:00:00.000Z',
    });
    // Its own URL each time: the response cache answers none of these reads.
    let read = 0;
    const page = async () => {
      const url = `/api/performance-metrics?user_id=${employeeId}&read=${read++}`;
      const res = await ctx().call('GET', url, asManager());
      expect(res.status).toBe(200);
      return (
        res.body.data.performance_metrics as {
          value: number;
          comment: string | null;
          metric_name: string;
          last_name: string;
        }[]
      ).map(({ value, comment, metric_name, last_name }) => [
        value,
        comment,
        metric_name,
        last_name,
      ]);
    };
    const typeName = (await page())[0]![2];
    expect(await page()).toEqual([
      [50, null, typeName, 'Lovelace'],
      [40, null, typeName, 'Lovelace'],
    ]);

    // Written straight into the database: the versions are kept by triggers, not by the routes.
    await ctx()
      .db.updateTable('performance_metrics')
      .set({ value_hundredths: 4150, comment: 'Checked' })
      .where('id', '=', older)
      .execute();
    expect(await page()).toEqual([
      [50, null, typeName, 'Lovelace'],
      [41.5, 'Checked', typeName, 'Lovelace'],
    ]);
    // One change at a time: a page with one item not kept reads all its rows again.
    await ctx()
      .db.updateTable('metric_types')
      .set({ metric_name: `Renamed ${typeId}` })
      .where('id', '=', typeId)
      .execute();
    expect(await page()).toEqual([
      [50, null, `Renamed ${typeId}`, 'Lovelace'],
      [41.5, 'Checked', `Renamed ${typeId}`, 'Lovelace'],
    ]);
    await ctx()
      .db.updateTable('employees')
      .set({ last_name: 'Byron' })
      .where('id', '=', employeeId)
      .execute();
    expect(await page()).toEqual([
      [50, null, `Renamed ${typeId}`, 'Byron'],
      [41.5, 'Checked', `Renamed ${typeId}`, 'Byron'],
    ]);
    await ctx().db.deleteFrom('performance_metrics').where('id', '=', older).execute();
    expect(await page()).toEqual([[50, null, `Renamed ${typeId}`, 'Byron']]);
  });

  it('changes the value and comment, moving the totals and auditing before and after', async () => {
    const { employeeId, typeId } = await setup({ minimum_value: 10, maximum_value: 90 });
    const created = await record({
      metric_type_id: typeId,
      user_id: employeeId,
      value: 40,
      comment: 'first',
      created_at: '2024-06-15T12:00:00Z',
    });
    const original = created.body.data.performance_metric;

    const res = await ctx().call('PUT', `/api/performance-metrics/${original.id}`, {
      token: ctx().as.admin.token,
      body: { metric_type_id: typeId, user_id: employeeId, value: 55.25, comment: 'revised' },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Performance metric updated successfully');
    const updated = res.body.data.performance_metric;
    expect(updated).toMatchObject({ id: original.id, value: 55.25, comment: 'revised' });
    expect(updated.created_at).toBe(original.created_at);
    expect(Date.parse(updated.updated_at)).toBeGreaterThanOrEqual(Date.parse(original.updated_at));
    expect(await scoresOf(ctx(), employeeId)).toEqual({
      overall: { count: 1, sum: 5525 },
      months: [{ month: monthKey(original.created_at), count: 1, sum: 5525 }],
    });

    const entries = await auditEntriesOf(ctx(), 'performance_metric', original.id);
    expect(entries.map((e) => e.name)).toEqual([
      'Performance Metric Recorded',
      'Performance Metric Updated',
    ]);
    expect(entries[1]!.description).toContain('40% -> 55.25%');
    expect(entries[1]!.description).toContain('Ada Lovelace');
    expect(JSON.parse(entries[1]!.before_json!)).toEqual(original);
    expect(JSON.parse(entries[1]!.after_json!)).toEqual(updated);
    expect(entries[1]!.actor_user_id).toBe(ctx().as.admin.id);

    // An absent comment clears it (PUT replaces the editable fields).
    const cleared = await ctx().call('PUT', `/api/performance-metrics/${original.id}`, {
      ...asManager(),
      body: { value: 55.25 },
    });
    expect(cleared.body.data.performance_metric.comment).toBeNull();
  });

  it('refuses to move a value to another type or employee, or outside its range', async () => {
    const { employeeId, typeId } = await setup({ minimum_value: 10, maximum_value: 90 });
    const { employeeId: other, typeId: otherType } = await setup();
    const id = await insertMetricValue(ctx().db, {
      userId: employeeId,
      metricTypeId: typeId,
      value: 50,
    });
    const put = (body: Record<string, unknown>) =>
      ctx().call('PUT', `/api/performance-metrics/${id}`, { ...asManager(), body });

    const moveType = await put({ metric_type_id: otherType, value: 50 });
    expect(moveType.status).toBe(400);
    expect(moveType.body).toEqual(
      errorEnvelope(PERFORMANCE_METRIC_MESSAGES.metricTypeIsFixed, 'metric_type_id'),
    );
    const moveUser = await put({ user_id: other, value: 50 });
    expect(moveUser.status).toBe(400);
    expect(moveUser.body.message).toBe(
      'The user cannot be changed: delete this value and record a new one instead',
    );

    const outside = await put({ value: 95 });
    expect(outside.status).toBe(400);
    expect(outside.body.message).toBe('Value must be between 10 and 90');
    expect((await put({})).body.message).toBe('Value is required');
    expect((await put({ value: 50.123 })).body.message).toBe(
      'Value must have at most two decimal places',
    );
    expect(await scoresOf(ctx(), employeeId)).toMatchObject({ overall: { count: 1, sum: 5000 } });

    // Narrowing the type later does not lock an old value: its comment can still be corrected.
    await ctx()
      .db.updateTable('metric_types')
      .set({ minimum_value: 60 })
      .where('id', '=', typeId)
      .execute();
    const commentOnly = await put({ value: 50, comment: 'typo fixed' });
    expect(commentOnly.status).toBe(200);
    expect((await put({ value: 51 })).body.message).toBe('Value must be between 60 and 90');
  });

  it('deletes a value, taking it out of the totals, and audits a copy', async () => {
    const { employeeId, typeId } = await setup();
    const keep = await insertMetricValue(ctx().db, {
      userId: employeeId,
      metricTypeId: typeId,
      value: 30,
      createdAt: '2024-01-20T12:00:00.000Z',
    });
    const created = await record({
      metric_type_id: typeId,
      user_id: employeeId,
      value: 70,
      created_at: '2024-02-20T12:00:00.000Z',
    });
    const id = created.body.data.performance_metric.id as number;

    const res = await ctx().call('DELETE', `/api/performance-metrics/${id}`, asManager());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: 'Performance metric deleted successfully',
      data: { id },
    });
    expect(await scoresOf(ctx(), employeeId)).toEqual({
      overall: { count: 1, sum: 3000 },
      months: [{ month: monthKey('2024-01-20T12:00:00.000Z'), count: 1, sum: 3000 }],
    });
    const entries = await auditEntriesOf(ctx(), 'performance_metric', id);
    expect(entries.map((e) => e.name)).toEqual([
      'Performance Metric Recorded',
      'Performance Metric Deleted',
    ]);
    expect(JSON.parse(entries[1]!.before_json!)).toEqual(created.body.data.performance_metric);

    const again = await ctx().call('DELETE', `/api/performance-metrics/${id}`, asManager());
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('Performance metric not found');

    // The last value gone, the employee is unranked rather than ranked at 0.
    await ctx().call('DELETE', `/api/performance-metrics/${keep}`, asManager());
    expect(await scoresOf(ctx(), employeeId)).toEqual({ overall: undefined, months: [] });
  });

  it('answers 404 for unknown ids and 400 for malformed ones', async () => {
    const put = await ctx().call('PUT', '/api/performance-metrics/987654', {
      ...asManager(),
      body: { value: 50 },
    });
    expect(put.status).toBe(404);
    expect(put.body).toEqual(errorEnvelope('Performance metric not found'));
    const bad = await ctx().call('PUT', '/api/performance-metrics/x1', {
      ...asManager(),
      body: { value: 50 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('id must be a positive whole number');
  });
});
