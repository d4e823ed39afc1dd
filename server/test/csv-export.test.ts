import { beforeAll, expect, it } from 'vitest';
import {
  AUDIT_EXPORT_COLUMNS,
  AVERAGE_SCORE_EXPORT_COLUMNS,
  BONUS_EXPORT_COLUMNS,
  METRIC_VALUE_EXPORT_COLUMNS,
  averageScoreExportQuerySchema,
  RANKING_EXPORT_COLUMNS,
  STAFF_CSV_COLUMNS,
  staffExportQuerySchema,
} from '#contract/csv-export';
import { EMPLOYEE_SORT_FIELDS } from '#contract/employee-options';
import type { CsvRecord } from '../src/lib/csv';
import { auditCsvBatches } from '../src/modules/csv/audit.export';
import { bonusCsvBatches } from '../src/modules/csv/bonuses.export';
import { averageScoreCsvBatches, rankingCsvBatches } from '../src/modules/csv/insights.export';
import { metricValueCsvBatches } from '../src/modules/csv/metric-values.export';
import { staffCsvBatches } from '../src/modules/csv/staff.export';
import { AUTH_MESSAGES } from '#contract/auth-messages';
import { insertAuditEntry } from './helpers/audit';
import { csvOf } from './helpers/csv';
import { errorEnvelope } from './helpers/error-envelope';
import { insertEmployee } from './helpers/factories';
import { insertBonus, insertMetricType, insertMetricValue } from './helpers/performance-factories';
import { describeEachEngine, type TestContext } from './helpers/test-app';

/**
 * CSV exports (issue 8): each is a download with a stable header, holds exactly the rows of its
 * list route (same filters, search and order, every page), is read in keyset batches that lose
 * and repeat nothing at any batch size, quotes per RFC 4180, defuses formulas, and keeps the
 * list's access rules.
 */

const EXPORTS = [
  ['/api/employees/export.csv', 'staff', STAFF_CSV_COLUMNS],
  ['/api/performance-metrics/export.csv', 'performance-metrics', METRIC_VALUE_EXPORT_COLUMNS],
  ['/api/bonuses/export.csv', 'bonuses', BONUS_EXPORT_COLUMNS],
  ['/api/employees/rank/export.csv', 'rankings', RANKING_EXPORT_COLUMNS],
  ['/api/metrics/average/export.csv', 'average-scores', AVERAGE_SCORE_EXPORT_COLUMNS],
  ['/api/audit/export.csv', 'audit-trail', AUDIT_EXPORT_COLUMNS],
] as const;

/** The same instant for many rows, so that batches end in the middle of ties. */
const TIE = '2024-04-10T09:00:00.000Z';

const averages = (sort: 'name' | 'score', order: 'asc' | 'desc') =>
  averageScoreExportQuerySchema.parse({ sort, order });

async function all(batches: AsyncIterable<CsvRecord[]>): Promise<CsvRecord[]> {
  const rows: CsvRecord[] = [];
  for await (const batch of batches) rows.push(...batch);
  return rows;
}

async function seed(context: TestContext) {
  const db = context.db;
  const boss = await insertEmployee(db, {
    first_name: 'Grace',
    last_name: 'Adams',
    email: 'grace.adams@example.com',
    employee_code: 'E-001',
    department: 'Commerce',
    salary_cents: 9_000_000,
  });
  const people: number[] = [boss];
  // Names equal ignoring case, salaries and codes missing, several departments and statuses.
  const names = [
    ['ada', 'adams', 'CIT', 'active', 5_000_000, 'E-010'],
    ['Ada', 'Adams', 'CIT', 'on-leave', null, null],
    ['ADA', 'ADAMS', 'Commerce', 'active', 5_000_000, 'E-011'],
    ['Bob', 'Brown', 'Media Studies', 'inactive', 7_250_050, null],
    ['Cleo', 'Clark', 'CIT', 'active', null, 'E-012'],
    ['Dan', 'Dale', 'Civil Engineering', 'active', 4_000_000, 'E-013'],
    ['Eve', 'Evans', 'CIT', 'active', 6_000_000, null],
  ] as const;
  for (const [first, last, department, status, salary, code] of names) {
    people.push(
      await insertEmployee(db, {
        first_name: first,
        last_name: last,
        email: `${first.toLowerCase()}.${people.length}@example.com`,
        department,
        status,
        salary_cents: salary,
        employee_code: code,
        manager_id: boss,
        join_date: `2023-0${(people.length % 9) + 1}-15`,
      }),
    );
  }
  const quality = await insertMetricType(db, { metric_name: 'Teaching Quality' });
  const research = await insertMetricType(db, {
    metric_name: 'Research',
    measurement_unit: 'points',
  });
  // Equal scores and counts for some, so the ranking's name order decides.
  const values = [80, 80, 65.5, 90, 42, 80, 80];
  for (const [i, value] of values.entries()) {
    const employee = people[i]!;
    await insertMetricValue(db, { userId: employee, metricTypeId: quality, value, createdAt: TIE });
    await insertMetricValue(db, {
      userId: employee,
      metricTypeId: research,
      value,
      createdAt: TIE,
    });
    await insertBonus(db, employee, { created_at: TIE, updated_at: TIE });
    await insertBonus(db, employee, { created_at: '2024-01-02T00:00:00.000Z' });
  }
  for (let i = 0; i < 5; i++) {
    await insertAuditEntry(db, {
      name: 'Employee Updated',
      description: `Entry ${i} about ada`,
      createdAt: TIE,
    });
  }
  return { people, boss, quality, research };
}

describeEachEngine('CSV exports', (ctx) => {
  let data: Awaited<ReturnType<typeof seed>>;
  const get = (url: string, role: 'admin' | 'manager' | 'employee' = 'admin') =>
    ctx().call('GET', url, { token: ctx().as[role].token });

  beforeAll(async () => {
    data = await seed(ctx());
  });

  it('answers each export as a UTF-8 CSV download with its stable header row', async () => {
    for (const [url, name, columns] of EXPORTS) {
      const answer = await get(url);
      expect(answer.status, answer.text).toBe(200);
      expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(answer.headers['content-disposition']).toMatch(
        new RegExp(`^attachment; filename="${name}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
      );
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.text.startsWith(`\uFEFF${columns.join(',')}\r\n`)).toBe(true);
      expect(csvOf(answer).rows.length).toBeGreaterThan(0);
    }
  });

  it('holds the staff list’s rows in its order, for every sort and filter', async () => {
    const filters = ['', '&department=CIT', '&status=active', '&search=ADA'];
    for (const sort of EMPLOYEE_SORT_FIELDS) {
      for (const order of ['asc', 'desc']) {
        for (const filter of filters) {
          const query = `sort=${sort}&order=${order}${filter}`;
          const list = await get(`/api/employees?limit=1000&${query}`);
          const file = csvOf(await get(`/api/employees/export.csv?${query}&page=2&limit=1`));
          const listed = list.body.data.employees.map((e: { email: string }) => e.email);
          expect(
            file.rows.map((row) => row.email),
            query,
          ).toEqual(listed);
        }
      }
    }
  });

  it('writes staff with the columns the import takes: manager by email and ID, skills in one cell', async () => {
    const file = csvOf(await get('/api/employees/export.csv?search=ada.1@'));
    expect(file.rows).toEqual([
      {
        employee_code: 'E-010',
        first_name: 'ada',
        last_name: 'adams',
        email: 'ada.1@example.com',
        phone: '',
        position: 'Lecturer',
        department: 'CIT',
        join_date: '2023-02-15',
        status: 'active',
        employment_type: '',
        location: '',
        salary: '50000',
        manager_email: 'grace.adams@example.com',
        manager_employee_code: 'E-001',
        skills: '',
        notes: '',
      },
    ]);
  });

  it('holds the metric value list’s rows, newest first, with each filter', async () => {
    const me = data.people[1]!;
    const queries = [
      '',
      `user_id=${me}`,
      `metric_type_id=${data.research}`,
      `user_id=${me}&metric_type_id=${data.quality}`,
    ];
    for (const query of queries) {
      const list = await get(`/api/performance-metrics?limit=1000&${query}`);
      const file = csvOf(await get(`/api/performance-metrics/export.csv?${query}`));
      const listed = list.body.data.performance_metrics;
      expect(
        file.rows.map((row) => Number(row.id)),
        query,
      ).toEqual(listed.map((v: { id: number }) => v.id));
      expect(file.rows[0]).toEqual({
        id: String(listed[0].id),
        employee_id: String(listed[0].user_id),
        employee_email: listed[0].email,
        first_name: listed[0].first_name,
        last_name: listed[0].last_name,
        metric_type_id: String(listed[0].metric_type_id),
        metric_name: listed[0].metric_name,
        unit: listed[0].unit ?? '',
        value: String(listed[0].value),
        comment: '',
        created_at: listed[0].created_at,
        updated_at: listed[0].updated_at,
      });
    }
  });

  it('holds the bonus list’s rows, newest first, of everyone or one employee', async () => {
    for (const query of ['', `employee_id=${data.people[2]}`]) {
      const list = await get(`/api/bonuses?limit=1000&${query}`);
      const file = csvOf(await get(`/api/bonuses/export.csv?${query}`));
      expect(
        file.rows.map((row) => Number(row.id)),
        query,
      ).toEqual(list.body.data.bonuses.map((b: { id: number }) => b.id));
      expect(file.rows.every((row) => row.employee_email?.endsWith('@example.com'))).toBe(true);
    }
  });

  it('holds the whole ranking, or the top N, as the rank route orders it', async () => {
    const ranked = (await get('/api/employees/rank?limit=1000')).body.data.rankings;
    const file = csvOf(await get('/api/employees/rank/export.csv', 'employee'));
    expect(file.rows.map((row) => [Number(row.rank), Number(row.employee_id)])).toEqual(
      ranked.map((r: { rank: number; id: number }) => [r.rank, r.id]),
    );
    expect(Number(file.rows[0]!.average_score)).toBe(ranked[0].average_score);
    const top3 = csvOf(await get('/api/employees/rank/export.csv?limit=3', 'employee'));
    expect(top3.rows.map((row) => row.rank)).toEqual(['1', '2', '3']);
  });

  it('holds the average-score list’s rows for each sort, search and department', async () => {
    const filters = ['', '&search=ADA', '&department=CIT'];
    for (const sort of ['name', 'score']) {
      for (const order of ['asc', 'desc']) {
        for (const filter of filters) {
          const query = `sort=${sort}&order=${order}${filter}`;
          const list = await get(`/api/metrics/average?limit=1000&${query}`);
          const file = csvOf(await get(`/api/metrics/average/export.csv?${query}`));
          expect(
            file.rows.map((row) => Number(row.employee_id)),
            query,
          ).toEqual(list.body.data.employees.map((e: { id: number }) => e.id));
        }
      }
    }
    const file = csvOf(await get('/api/metrics/average/export.csv?sort=score&order=asc'));
    expect(file.rows[0]).toMatchObject({
      average_score: '0',
      total_metrics: '0',
      performance: 'No Data',
    });
    expect(file.rows.at(-1)).toMatchObject({ average_score: '90', performance: 'Excellent' });
  });

  it('holds the audit list’s entries, newest first, with its search', async () => {
    for (const query of ['', 'search=about%20ADA', 'search=nothing-like-this']) {
      const file = csvOf(await get(`/api/audit/export.csv?${query}`));
      const list = await get(`/api/audit?limit=1000&${query}`);
      expect(
        file.rows.map((row) => Number(row.id)),
        query,
      ).toEqual(list.body.data.audit_trails.map((e: { id: number }) => e.id));
    }
  });

  it('reads every row exactly once whatever the batch size, ties and nulls included', async () => {
    const db = ctx().db;
    const sizes = [1, 2, 3];
    const staff = await db
      .selectFrom('employees')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    for (const sort of EMPLOYEE_SORT_FIELDS) {
      for (const order of ['asc', 'desc'] as const) {
        const query = staffExportQuerySchema.parse({ sort, order });
        const whole = await all(staffCsvBatches(db, query, 10_000));
        expect(whole).toHaveLength(Number(staff.n));
        for (const size of sizes) {
          expect(
            await all(staffCsvBatches(db, query, size)),
            `${sort} ${order} by ${size}`,
          ).toEqual(whole);
        }
      }
    }
    const generators = [
      (size: number) => metricValueCsvBatches(db, {}, size),
      (size: number) => bonusCsvBatches(db, {}, size),
      (size: number) => rankingCsvBatches(db, {}, size),
      (size: number) => rankingCsvBatches(db, { limit: 4 }, size),
      (size: number) => averageScoreCsvBatches(db, averages('score', 'desc'), size),
      (size: number) => averageScoreCsvBatches(db, averages('score', 'asc'), size),
      (size: number) => averageScoreCsvBatches(db, averages('name', 'desc'), size),
      (size: number) => auditCsvBatches(db, { search: undefined }, size),
    ];
    for (const [i, generate] of generators.entries()) {
      const whole = await all(generate(10_000));
      for (const size of sizes) expect(await all(generate(size)), `${i} by ${size}`).toEqual(whole);
    }
  });

  it('quotes commas, quotes and line breaks, and defuses formulas with a leading apostrophe', async () => {
    const id = await insertEmployee(ctx().db, {
      first_name: '=HYPERLINK("http://evil.example","click")',
      last_name: '+SUM(A1:A9)',
      position: '-2+3',
      department: 'CIT',
      email: 'formula@example.com',
      phone: '+44 20 7946 0000',
      notes: 'First line, with a comma\nsecond "quoted" line\r\nthird',
      skills: JSON.stringify(['@home', 'C; C++', 'back\\slash', "'=already"]),
    });
    const answer = await get('/api/employees/export.csv?search=formula@');
    const line = answer.text;
    expect(line).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(line).toContain(`,'+SUM(A1:A9),`);
    expect(line).toContain(`,'-2+3,`);
    expect(line).toContain(`,'+44 20 7946 0000,`);
    expect(line).toContain(`"First line, with a comma\nsecond ""quoted"" line\r\nthird"`);
    const [row] = csvOf(answer).rows;
    expect(row).toMatchObject({
      first_name: `'=HYPERLINK("http://evil.example","click")`,
      skills: `'@home; C\\; C++; back\\\\slash; '=already`,
    });
    await ctx().db.deleteFrom('employees').where('id', '=', id).execute();
  });

  it('keeps each list’s access: staff, values, bonuses and averages for HR, the audit for admins', async () => {
    for (const url of EXPORTS.map(([path]) => path).filter((path) => !path.includes('rank'))) {
      const employee = await get(url, 'employee');
      expect(employee.status, url).toBe(403);
      expect(employee.body).toEqual(errorEnvelope(AUTH_MESSAGES.forbidden));
      expect((await ctx().call('GET', url)).status, url).toBe(401);
    }
    expect((await get('/api/audit/export.csv', 'manager')).status).toBe(403);
    expect((await get('/api/employees/export.csv', 'manager')).status).toBe(200);
  });

  it('shows no email or salary in the rankings export, to any role', async () => {
    for (const role of ['employee', 'manager', 'admin'] as const) {
      const answer = await get('/api/employees/rank/export.csv', role);
      expect(csvOf(answer).header).not.toContain('email');
      expect(answer.text).not.toContain('@');
      expect(answer.text).not.toContain('90000');
    }
  });

  it('answers invalid filters with the JSON envelope before any file starts', async () => {
    const cases = [
      [
        '/api/employees/export.csv?sort=password',
        'sort',
        `sort must be one of ${EMPLOYEE_SORT_FIELDS.join(', ')}`,
      ],
      [
        '/api/performance-metrics/export.csv?user_id=abc',
        'user_id',
        'user_id must be a positive whole number',
      ],
      [
        '/api/bonuses/export.csv?employee_id=0x1',
        'employee_id',
        'employee_id must be a positive whole number',
      ],
      ['/api/employees/rank/export.csv?limit=0', 'limit', 'limit must be at least 1'],
      ['/api/metrics/average/export.csv?order=sideways', 'order', 'order must be asc or desc'],
      [
        `/api/audit/export.csv?search=${'x'.repeat(201)}`,
        'search',
        'search must be at most 200 characters',
      ],
    ] as const;
    for (const [url, field, message] of cases) {
      const answer = await get(url);
      expect(answer.status, url).toBe(400);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.body, url).toEqual(errorEnvelope(message, field));
    }
  });

  it('records who exported personal data, with the filters, but not the rankings', async () => {
    const before = await ctx()
      .db.selectFrom('audit_entries')
      .select('id')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    await get('/api/employees/export.csv?department=CIT&search=ada', 'manager');
    await get('/api/employees/rank/export.csv', 'manager');
    const entries = await ctx()
      .db.selectFrom('audit_entries')
      .selectAll()
      .where('id', '>', before?.id ?? 0)
      .execute();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      name: 'Data Export',
      actor_user_id: ctx().as.manager.id,
      entity_type: 'employee',
    });
    expect(entries[0]!.description).toBe(
      `${ctx().as.manager.email} exported staff records as CSV (search="ada", department="CIT", sort="last_name", order="asc")`,
    );
  });
});
