import { expect, it } from 'vitest';
import { sql } from 'kysely';
import { parseInstant } from '#contract/backfill-date';
import { insightTotalProblems, scoreAggregateProblems } from '../reliability/helpers/consistency';
import { auditedBy } from './helpers/audit';
import { csvOf } from './helpers/csv';
import { insertEmployee } from './helpers/factories';
import { insertMetricType, insertMetricValue } from './helpers/performance-factories';
import { tableSnapshot } from './helpers/table-snapshot';
import { describeEachEngine, startTestApp, type TestContext } from './helpers/test-app';

/**
 * The metric value import (issue 8): each row as POST /api/performance-metrics records it (the
 * same rule and messages, optional past created_at), employees by email or id, types by name or
 * id; all or nothing, or the valid rows only; and every score and insight total equal to a
 * recomputation afterwards.
 */

function importValues(
  context: TestContext,
  csv: string,
  options: { mode?: string; dry_run?: boolean } = {},
) {
  return context.call('POST', '/api/performance-metrics/import', {
    token: context.as.manager.token,
    body: { csv, ...options },
  });
}

async function valueCount(context: TestContext) {
  const row = await context.db
    .selectFrom('performance_metrics')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function expectTotalsRecomputed(context: TestContext) {
  expect(await scoreAggregateProblems(context.db)).toEqual([]);
  expect(await insightTotalProblems(context.db)).toEqual([]);
}

describeEachEngine('CSV import of metric values', (ctx) => {
  it('judges each value by the form’s rule, with its messages, and names what is missing', async () => {
    const ada = await insertEmployee(ctx().db, { email: 'ada.values@example.com' });
    await insertMetricType(ctx().db, {
      metric_name: 'Bounded Score',
      minimum_value: 10,
      maximum_value: 50,
    });
    const csv = [
      'employee_email,employee_id,metric_name,metric_type_id,value,comment,created_at',
      'ada.values@example.com,,Bounded Score,,60,,',
      'ada.values@example.com,,bounded score,,5,,',
      'ada.values@example.com,,Bounded Score,,101,,',
      'ada.values@example.com,,Bounded Score,,12.345,,',
      'ada.values@example.com,,Bounded Score,,lots,,',
      'ada.values@example.com,,Bounded Score,,,,',
      'ada.values@example.com,,Bounded Score,,20,,2999-01-01',
      'ada.values@example.com,,Bounded Score,,20,,31/12/2023',
      'nobody@example.com,,Nothing Like It,,20,,',
      ',abc,,0,20,,',
      ',99999,,99999,20,,',
      ',,,,20,,',
      `,${ada},,,20,,`,
    ].join('\n');
    const answer = await importValues(ctx(), csv);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.data.report.refused).toEqual([
      { row: 2, field: 'value', message: 'Value must be between 10 and 50' },
      { row: 3, field: 'value', message: 'Value must be between 10 and 50' },
      { row: 4, field: 'value', message: 'Value must be between 1 and 100' },
      { row: 5, field: 'value', message: 'Value must have at most two decimal places' },
      { row: 6, field: 'value', message: 'Value must be a number' },
      { row: 7, field: 'value', message: 'Value is required' },
      { row: 8, field: 'created_at', message: 'Recorded on cannot be in the future' },
      {
        row: 9,
        field: 'created_at',
        message: 'Recorded on must be a date (YYYY-MM-DD) or an ISO 8601 date-time from 1900 on',
      },
      { row: 10, field: 'employee_email', message: 'Employee not found' },
      { row: 10, field: 'metric_name', message: 'Metric type not found' },
      { row: 11, field: 'employee_id', message: 'employee_id must be a positive whole number' },
      {
        row: 11,
        field: 'metric_type_id',
        message: 'metric_type_id must be a positive whole number',
      },
      { row: 12, field: 'employee_id', message: 'Employee not found' },
      { row: 12, field: 'metric_type_id', message: 'Metric type not found' },
      { row: 13, field: 'employee_email', message: 'employee_email or employee_id is required' },
      { row: 13, field: 'metric_name', message: 'metric_name or metric_type_id is required' },
      { row: 14, field: 'metric_name', message: 'metric_name or metric_type_id is required' },
    ]);
    expect(answer.body.data.report).toMatchObject({ total_rows: 13, valid_rows: 0, imported: 0 });
  });

  it('refuses a value dated before its employee joined, as the form does, and stores the rest', async () => {
    const grace = await insertEmployee(ctx().db, {
      email: 'grace.joined@example.com',
      first_name: 'Grace',
      last_name: 'Hopper',
      join_date: '2024-03-10',
    });
    await insertMetricType(ctx().db, { metric_name: 'Joined Check' });
    const csv = [
      'employee_email,employee_id,metric_name,value,created_at',
      'grace.joined@example.com,,Joined Check,40,2024-03-09',
      `,${grace},Joined Check,41,2024-03-09T12:00:00.000Z`,
      'grace.joined@example.com,,Joined Check,42,2024-03-10',
      'grace.joined@example.com,,Joined Check,43,',
    ].join('\n');
    const message = "Recorded on must be on or after Grace Hopper's join date (3/10/2024)";
    const answer = await importValues(ctx(), csv, { mode: 'valid_rows_only' });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.data.report).toMatchObject({
      total_rows: 4,
      valid_rows: 2,
      imported: 2,
      refused: [
        { row: 2, field: 'created_at', message },
        { row: 3, field: 'created_at', message },
      ],
    });
    // The API gives the same refusal for the same value.
    const single = await ctx().call('POST', '/api/performance-metrics', {
      token: ctx().as.manager.token,
      body: {
        user_id: grace,
        metric_type_id: (
          await ctx()
            .db.selectFrom('metric_types')
            .select('id')
            .where('metric_name', '=', 'Joined Check')
            .executeTakeFirstOrThrow()
        ).id,
        value: 40,
        created_at: '2024-03-09',
      },
    });
    expect(single.status).toBe(400);
    expect(single.body.errors).toEqual([{ field: 'created_at', message }]);
    const stored = await ctx()
      .db.selectFrom('performance_metrics')
      .select('value_hundredths')
      .where('user_id', '=', grace)
      .orderBy('value_hundredths')
      .execute();
    expect(stored.map((row) => row.value_hundredths)).toEqual([4200, 4300]);
    await expectTotalsRecomputed(ctx());
  });

  it('finds employees by email or id and types by name or id; the email and the name decide', async () => {
    const bea = await insertEmployee(ctx().db, { email: 'bea.refs@example.com' });
    const cal = await insertEmployee(ctx().db, { email: 'cal.refs@example.com' });
    const typeId = await insertMetricType(ctx().db, { metric_name: 'Reference Check' });
    const other = await insertMetricType(ctx().db, { metric_name: 'Other Check' });
    const csv = [
      'employee_email,employee_id,metric_name,metric_type_id,value',
      `BEA.REFS@example.com,,reference check,,71`,
      `,${cal},,${typeId},72`,
      `bea.refs@example.com,${cal},Reference Check,${other},73`,
    ].join('\n');
    const answer = await importValues(ctx(), csv);
    expect(answer.body.data.report).toMatchObject({ imported: 3, refused: [] });
    const stored = await ctx()
      .db.selectFrom('performance_metrics')
      .select(['user_id', 'metric_type_id', 'value_hundredths'])
      .where('metric_type_id', 'in', [typeId, other])
      .orderBy('value_hundredths')
      .execute();
    expect(stored).toEqual([
      { user_id: bea, metric_type_id: typeId, value_hundredths: 7100 },
      { user_id: cal, metric_type_id: typeId, value_hundredths: 7200 },
      { user_id: bea, metric_type_id: typeId, value_hundredths: 7300 },
    ]);
  });

  it('backdates values: a date is the start of that day in the server’s time zone, an instant is itself', async () => {
    const dee = await insertEmployee(ctx().db, {
      email: 'dee.history@example.com',
      join_date: '2020-01-01',
    });
    await insertMetricType(ctx().db, { metric_name: 'History' });
    const csv = [
      'employee_email,metric_name,value,created_at,comment',
      'dee.history@example.com,History,55,2024-03-01,from the old system',
      'dee.history@example.com,History,56,2023-07-15T08:30:00+02:00,',
      'dee.history@example.com,History,57,,',
    ].join('\n');
    const started = Date.now();
    await importValues(ctx(), csv);
    const rows = await ctx()
      .db.selectFrom('performance_metrics')
      .select(['value_hundredths', 'created_at', 'comment', 'recorded_by'])
      .where('user_id', '=', dee)
      .orderBy('value_hundredths')
      .execute();
    const iso = (value: string | Date) => new Date(value).toISOString();
    expect(iso(rows[0]!.created_at)).toBe(parseInstant('2024-03-01')!.toISOString());
    expect(iso(rows[1]!.created_at)).toBe('2023-07-15T06:30:00.000Z');
    expect(new Date(rows[2]!.created_at).getTime()).toBeGreaterThanOrEqual(started - 1000);
    expect(rows[0]).toMatchObject({
      comment: 'from the old system',
      recorded_by: ctx().as.manager.id,
    });
  });

  it('stores nothing all or nothing, exactly the valid rows otherwise, and keeps every total right', async () => {
    const people = [
      await insertEmployee(ctx().db, {
        email: 'eve.totals@example.com',
        department: 'Commerce',
        join_date: '2020-01-01',
      }),
      await insertEmployee(ctx().db, {
        email: 'fay.totals@example.com',
        department: 'CIT',
        join_date: '2020-01-01',
      }),
    ];
    const typeId = await insertMetricType(ctx().db, { metric_name: 'Totals' });
    // Some history already there, which the import adds to.
    await insertMetricValue(ctx().db, { userId: people[0]!, metricTypeId: typeId, value: 40 });
    const rows = ['employee_email,metric_type_id,value,created_at'];
    for (let i = 0; i < 60; i++) {
      const month = String((i % 12) + 1).padStart(2, '0');
      const who = i % 3 === 0 ? 'fay.totals@example.com' : 'eve.totals@example.com';
      const day = String((i % 27) + 1).padStart(2, '0');
      rows.push(`${who},${typeId},${20 + i + (i % 4) * 0.25},2023-${month}-${day}`);
    }
    rows.push(`eve.totals@example.com,${typeId},0,2023-01-01`);
    const csv = rows.join('\n');

    const before = await tableSnapshot(ctx().db);
    const refused = await importValues(ctx(), csv);
    expect(refused.body.data.report).toMatchObject({
      imported: 0,
      valid_rows: 60,
      refused_rows: 1,
    });
    expect(await tableSnapshot(ctx().db)).toEqual(before);

    const count = await valueCount(ctx());
    const { result, entries } = await auditedBy(ctx().db, () =>
      importValues(ctx(), csv, { mode: 'valid_rows_only' }),
    );
    expect(result.body.data.report).toMatchObject({ imported: 60, refused_rows: 1 });
    expect(result.body.data.report.refused).toEqual([
      { row: 62, field: 'value', message: 'Value must be between 1 and 100' },
    ]);
    expect(await valueCount(ctx())).toBe(count + 60);
    await expectTotalsRecomputed(ctx());
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      name: 'Performance Metric Import',
      entity_type: 'performance_metric',
      after: { mode: 'valid_rows_only', total_rows: 61, imported: 60, refused_rows: 1 },
    });
    expect(entries[0]!.description).toMatch(
      /^Performance Metric Import: 60 values imported, 1 row refused \(valid rows only\): /,
    );
    expect(entries[0]!.description).toContain('eve.totals@example.com');
    expect(entries[0]!.description).toContain('fay.totals@example.com');
    expect(
      (entries[0]!.after as { performance_metric_ids: number[] }).performance_metric_ids,
    ).toHaveLength(60);

    // The rankings read the same totals: the importer's people are ranked by them.
    const ranked = await ctx().call('GET', '/api/employees/rank?limit=1000', {
      token: ctx().as.employee.token,
    });
    expect(ranked.body.data.rankings.map((r: { id: number }) => r.id)).toEqual(
      expect.arrayContaining(people),
    );
  });

  it('checks a dry run like an import and stores nothing', async () => {
    await insertEmployee(ctx().db, { email: 'gus.dry@example.com' });
    await insertMetricType(ctx().db, { metric_name: 'Dry' });
    const before = await tableSnapshot(ctx().db);
    const answer = await importValues(
      ctx(),
      'employee_email,metric_name,value\ngus.dry@example.com,Dry,50\ngus.dry@example.com,Dry,500',
      { dry_run: true },
    );
    expect(answer.body.data.report).toMatchObject({ dry_run: true, valid_rows: 1, imported: 0 });
    expect(await tableSnapshot(ctx().db)).toEqual(before);
  });

  it('leaves the totals the dashboards read in one page each after a large import', async () => {
    const db = ctx().db;
    await insertMetricType(db, { metric_name: 'Bulk Metric' });
    const rows = ['employee_email,metric_name,value'];
    for (let i = 0; i < 200; i++) {
      const email = `bulk.${i}@example.com`;
      await insertEmployee(db, { email });
      rows.push(`${email},Bulk Metric,${(i % 100) + 1}`);
    }
    const answer = await importValues(ctx(), rows.join('\n'));
    expect(answer.body.data.report).toMatchObject({ imported: 200 });
    await expectTotalsRecomputed(ctx());
    // PostgreSQL: the import's one statement updated each of these few rows hundreds of times;
    // rewritten after it, each table is one page again (HR's figures and charts scan them).
    if (ctx().engine !== 'postgres') return;
    for (const table of [
      'insight_totals',
      'monthly_metric_totals',
      'daily_bonus_totals',
      'department_totals',
      'score_histogram',
    ]) {
      const size = await sql<{ bytes: number }>`select pg_relation_size(${table}) as bytes`.execute(
        db,
      );
      expect(Number(size.rows[0]!.bytes), table).toBeLessThanOrEqual(8192);
    }
  });

  it('re-imports a metric value export into a database with the same staff and types', async () => {
    const hal = await insertEmployee(ctx().db, {
      email: 'hal.move@example.com',
      join_date: '2020-01-01',
    });
    const typeId = await insertMetricType(ctx().db, { metric_name: 'Moving Metric' });
    for (const [value, when] of [
      [61.25, '2024-01-05T10:00:00.000Z'],
      [99, '2024-02-05T10:00:00.000Z'],
      [1, '2024-02-05T10:00:00.000Z'],
    ] as const) {
      await insertMetricValue(ctx().db, {
        userId: hal,
        metricTypeId: typeId,
        value,
        createdAt: when,
      });
    }
    await ctx()
      .db.updateTable('performance_metrics')
      .set({ comment: '=IMPORTXML("http://evil.example"), "quoted"\nsecond line' })
      .where('user_id', '=', hal)
      .where('value_hundredths', '=', 100)
      .execute();
    const token = { token: ctx().as.admin.token };
    const staff = await ctx().call('GET', '/api/employees/export.csv?search=hal.move', token);
    const values = await ctx().call(
      'GET',
      `/api/performance-metrics/export.csv?user_id=${hal}`,
      token,
    );

    const fresh = await startTestApp(ctx().engine);
    try {
      await insertMetricType(fresh.db, { metric_name: 'Moving Metric' });
      expect((await importStaff(fresh, staff.text)).body.data.report.imported).toBe(1);
      const answer = await importValues(fresh, values.text);
      expect(answer.body.data.report).toMatchObject({ imported: 3, ignored_columns: [] });
      const again = await fresh.call('GET', '/api/performance-metrics/export.csv', {
        token: fresh.as.admin.token,
      });
      // The same values; ids (which order ties) are the new database's own.
      const comparable = (text: string) =>
        csvOf({ ...values, text })
          .rows.map(({ employee_email, metric_name, value, comment, created_at }) =>
            JSON.stringify({ employee_email, metric_name, value, comment, created_at }),
          )
          .sort();
      expect(comparable(again.text)).toEqual(comparable(values.text));
      await expectTotalsRecomputed(fresh);
    } finally {
      await fresh.close();
    }
  });
});

function importStaff(context: TestContext, csv: string) {
  return context.call('POST', '/api/employees/import', {
    token: context.as.manager.token,
    body: { csv },
  });
}
