import { expect, it } from 'vitest';
import { BONUS_MESSAGES } from '#contract/bonuses';
import { DEEP_BONUS_PAGE_OFFSET } from '../src/modules/bonuses/bonuses.repository';
import { auditEntriesOf, expectHrOnly } from './helpers/access-matrix';
import { errorEnvelope } from './helpers/error-envelope';
import { insertEmployee } from './helpers/factories';
import { insertBonus } from './helpers/performance-factories';
import { expectPagesMatch } from './helpers/deep-pages';
import { describeEachEngine, type TestContext } from './helpers/test-app';

async function bonusCount(context: TestContext) {
  const row = await context.db
    .selectFrom('bonuses')
    .select((s) => s.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describeEachEngine('bonuses', (ctx) => {
  const asManager = () => ({ token: ctx().as.manager.token });
  const award = (body: Record<string, unknown>) =>
    ctx().call('POST', '/api/bonuses', { ...asManager(), body });
  const grace = () =>
    insertEmployee(ctx().db, {
      first_name: 'Grace',
      last_name: 'Hopper',
      email: `grace.${Math.random().toString(36).slice(2)}@example.com`,
      // Before every date the suite backfills to (nothing may predate joining).
      join_date: '2020-01-06',
    });

  it('lets only managers and admins use every bonus route', async () => {
    const employeeId = await grace();
    const bonusId = await insertBonus(ctx().db, employeeId);
    const list = await expectHrOnly(ctx(), 'GET', `/api/bonuses?employee_id=${employeeId}`);
    expect([list.manager.status, list.admin.status]).toEqual([200, 200]);
    const created = await expectHrOnly(ctx(), 'POST', '/api/bonuses', () => ({
      employee_id: employeeId,
      bonus_name: 'Spot award',
      description: 'Covered a colleague',
    }));
    expect([created.manager.status, created.admin.status]).toEqual([201, 201]);
    const updated = await expectHrOnly(ctx(), 'PUT', `/api/bonuses/${bonusId}`, () => ({
      bonus_name: 'Spot award',
      description: 'Covered two colleagues',
    }));
    expect([updated.manager.status, updated.admin.status]).toEqual([200, 200]);
    const removed = await expectHrOnly(ctx(), 'DELETE', `/api/bonuses/${bonusId}`);
    expect([removed.manager.status, removed.admin.status]).toEqual([200, 404]);
  });

  it('awards a bonus with its employee, the awarding user and one audit entry', async () => {
    const employeeId = await grace();
    const res = await award({
      employee_id: employeeId,
      bonus_name: ' Employee of the Month ',
      description: 'Outstanding lab sessions',
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Bonus awarded successfully');
    const bonus = res.body.data.bonus;
    expect(bonus).toEqual({
      id: expect.any(Number),
      employee_id: employeeId,
      bonus_name: 'Employee of the Month',
      description: 'Outstanding lab sessions',
      created_at: expect.stringMatching(/Z$/),
      updated_at: expect.stringMatching(/Z$/),
      first_name: 'Grace',
      last_name: 'Hopper',
      email: expect.stringMatching(/^grace\./),
    });
    const stored = await ctx()
      .db.selectFrom('bonuses')
      .select('awarded_by')
      .where('id', '=', bonus.id)
      .executeTakeFirstOrThrow();
    expect(stored.awarded_by).toBe(ctx().as.manager.id);

    const entries = await auditEntriesOf(ctx(), 'bonus', bonus.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.name).toBe('Bonus Assignment');
    expect(entries[0]!.description).toBe(
      `Awarded bonus Employee of the Month to Grace Hopper (${bonus.email})`,
    );
    expect(JSON.parse(entries[0]!.after_json!)).toEqual(bonus);
  });

  it('refuses invalid input with 400 naming the field, and an unknown employee with 404', async () => {
    const employeeId = await grace();
    const before = await bonusCount(ctx());
    const cases: [Record<string, unknown>, string, string][] = [
      [{ bonus_name: 'A', description: 'B' }, 'employee_id', 'Employee is required'],
      [
        { employee_id: 'someone', bonus_name: 'A', description: 'B' },
        'employee_id',
        'Employee must be a positive whole number',
      ],
      [{ employee_id: employeeId, description: 'B' }, 'bonus_name', 'Bonus name is required'],
      [
        { employee_id: employeeId, bonus_name: '  ', description: 'B' },
        'bonus_name',
        'Bonus name is required',
      ],
      [
        { employee_id: employeeId, bonus_name: 'x'.repeat(201), description: 'B' },
        'bonus_name',
        'Bonus name must be at most 200 characters',
      ],
      [{ employee_id: employeeId, bonus_name: 'A' }, 'description', 'Description is required'],
      [
        { employee_id: employeeId, bonus_name: 'A', description: '' },
        'description',
        'Description is required',
      ],
      [
        { employee_id: employeeId, bonus_name: 'A', description: 'B', created_at: '2999-12-31' },
        'created_at',
        'Awarded on cannot be in the future',
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await award(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body, JSON.stringify(body)).toEqual(errorEnvelope(message, field));
    }
    const unknown = await award({ employee_id: 987654, bonus_name: 'A', description: 'B' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Employee not found');
    expect(await bonusCount(ctx())).toBe(before);
  });

  it('backfills a past created_at', async () => {
    const employeeId = await grace();
    const dated = await award({
      employee_id: employeeId,
      bonus_name: 'Long service',
      description: 'Ten years',
      created_at: '2023-09-01',
    });
    expect(dated.status).toBe(201);
    expect(dated.body.data.bonus.created_at).toBe(new Date(2023, 8, 1).toISOString());
    const timed = await award({
      employee_id: employeeId,
      bonus_name: 'Conference',
      description: 'Best paper',
      created_at: '2023-10-02T16:45:00Z',
    });
    expect(timed.body.data.bonus.created_at).toBe('2023-10-02T16:45:00.000Z');
  });

  it('lists bonuses newest first, by employee, with paging', async () => {
    const employeeId = await grace();
    const other = await insertEmployee(ctx().db);
    const ids: number[] = [];
    for (const [who, when] of [
      [employeeId, '2024-01-05T09:00:00.000Z'],
      [other, '2024-02-05T09:00:00.000Z'],
      [employeeId, '2024-03-05T09:00:00.000Z'],
      [employeeId, '2024-03-05T09:00:00.000Z'],
    ] as const) {
      ids.push(await insertBonus(ctx().db, who, { created_at: when, updated_at: when }));
    }
    const mine = await ctx().call('GET', `/api/bonuses?employee_id=${employeeId}`, asManager());
    expect(mine.status).toBe(200);
    expect(mine.body.data.bonuses.map((b: { id: number }) => b.id)).toEqual([
      ids[3],
      ids[2],
      ids[0],
    ]);
    expect(mine.body.data.bonuses[0]).toMatchObject({
      employee_id: employeeId,
      first_name: 'Grace',
      last_name: 'Hopper',
    });
    expect(mine.body.data.pagination).toEqual({ page: 1, limit: 50, total: 3, next_cursor: null });

    const second = await ctx().call(
      'GET',
      `/api/bonuses?employee_id=${employeeId}&limit=2&page=2`,
      asManager(),
    );
    expect(second.body.data.bonuses.map((b: { id: number }) => b.id)).toEqual([ids[0]]);

    const all = await ctx().call('GET', '/api/bonuses?limit=1000', asManager());
    expect(all.body.data.pagination.total).toBe(await bonusCount(ctx()));
    const times = all.body.data.bonuses.map((b: { created_at: string }) =>
      Date.parse(b.created_at),
    );
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const blank = await ctx().call('GET', '/api/bonuses?limit=1000&employee_id=', asManager());
    expect(blank.body.data.pagination.total).toBe(all.body.data.pagination.total);

    for (const query of ['employee_id=x', 'limit=5000', 'page=0']) {
      expect((await ctx().call('GET', `/api/bonuses?${query}`, asManager())).status, query).toBe(
        400,
      );
    }
  });

  it('reads every page of all bonuses from the nearer end, ties and moves among them, as a plain read orders them', async () => {
    const employeeId = await grace();
    const { db } = ctx();
    const at = (day: number, hour = 12, minute = 0) =>
      new Date(Date.UTC(2021, 5, 1 + day, hour, minute)).toISOString();
    // 260 bonuses at one instant (ties broken by id), one a day for 80 days (the last and first
    // minutes of a day among them), 150 at five instants, 240 over three days: over 600 in all,
    // so that deep pages are read from the newest end as well as the oldest, ties at both. One
    // statement each.
    const batches = [
      Array.from({ length: 260 }, () => at(0, 9, 30)),
      Array.from({ length: 80 }, (_, i) => at(1 + i, i % 2 === 0 ? 23 : 0, i % 2 === 0 ? 59 : 0)),
      Array.from({ length: 150 }, (_, i) => at(89, 12, i % 5)),
      Array.from({ length: 240 }, (_, i) => at(90 + Math.floor(i / 80), i % 24, i % 60)),
    ];
    const ids: number[] = [];
    for (const batch of batches) {
      const rows = await db
        .insertInto('bonuses')
        .values(
          batch.map((createdAt, i) => ({
            employee_id: employeeId,
            bonus_name: `Deep ${i}`,
            description: 'Paged',
            awarded_by: null,
            created_at: createdAt,
            updated_at: createdAt,
          })),
        )
        .returning('id')
        .execute();
      ids.push(...rows.map((row) => row.id));
    }
    // A bonus removed, bonuses moved among the others and to the newest, one removed through the
    // API.
    await db
      .deleteFrom('bonuses')
      .where('created_at', '=', at(11, 23, 59))
      .execute();
    await db
      .updateTable('bonuses')
      .set({ created_at: at(40, 0, 5) })
      .where('id', 'in', ids.slice(0, 30))
      .execute();
    await db
      .updateTable('bonuses')
      .set({ created_at: at(200) })
      .where('id', '=', ids[300]!)
      .execute();
    expect((await ctx().call('DELETE', `/api/bonuses/${ids[400]}`, asManager())).status).toBe(200);

    // Deep pages from the newest end too: past DEEP_BONUS_PAGE_OFFSET, under half the list.
    const left = await db
      .selectFrom('bonuses')
      .select((eb) => eb.fn.countAll().as('n'))
      .execute();
    expect(Number(left[0]!.n)).toBeGreaterThan(2 * DEEP_BONUS_PAGE_OFFSET + 50);
    await expectPagesMatch(ctx(), { table: 'bonuses', path: '/api/bonuses', key: 'bonuses' });
    const deep = await ctx().call('GET', `/api/bonuses?limit=50&page=8`, asManager());
    expect(deep.body.data.bonuses[0]).toMatchObject({ first_name: 'Grace', last_name: 'Hopper' });
  });

  it('answers each bonus as it is now, once read, whoever changes it or its employee', async () => {
    const employeeId = await grace();
    const older = await insertBonus(ctx().db, employeeId, {
      bonus_name: 'Older',
      description: 'First',
      created_at: '2099-01-01T09:00:00.000Z',
    });
    await insertBonus(ctx().db, employeeId, {
      bonus_name: 'Newer',
      description: 'Second',
      created_at: '2099-01-02T09:00:00.000Z',
    });
    // Its own URL each time: the response cache answers none of these reads.
    let read = 0;
    const page = async (query: string) => {
      const res = await ctx().call('GET', `/api/bonuses?${query}&read=${read++}`, asManager());
      expect(res.status).toBe(200);
      return (
        res.body.data.bonuses as { bonus_name: string; description: string; last_name: string }[]
      ).map(({ bonus_name, description, last_name }) => [bonus_name, description, last_name]);
    };
    // The employee's page and the whole list's (the newest: these bonuses are dated 2099).
    const pages = [`employee_id=${employeeId}`, 'limit=2'];
    const expectPages = async (expected: string[][]) => {
      for (const query of pages) expect(await page(query), query).toEqual(expected);
    };
    for (const query of pages) await page(query);
    await expectPages([
      ['Newer', 'Second', 'Hopper'],
      ['Older', 'First', 'Hopper'],
    ]);

    // Written straight into the database: the versions are kept by triggers, not by the routes.
    await ctx()
      .db.updateTable('bonuses')
      .set({ bonus_name: 'Oldest', description: 'Renamed' })
      .where('id', '=', older)
      .execute();
    await expectPages([
      ['Newer', 'Second', 'Hopper'],
      ['Oldest', 'Renamed', 'Hopper'],
    ]);
    await ctx()
      .db.updateTable('employees')
      .set({ last_name: 'Murray' })
      .where('id', '=', employeeId)
      .execute();
    await expectPages([
      ['Newer', 'Second', 'Murray'],
      ['Oldest', 'Renamed', 'Murray'],
    ]);
    await ctx().db.deleteFrom('bonuses').where('id', '=', older).execute();
    expect(await page(`employee_id=${employeeId}`)).toEqual([['Newer', 'Second', 'Murray']]);
    expect((await page('limit=2'))[0]).toEqual(['Newer', 'Second', 'Murray']);
  });

  it('changes the name and description but never the employee, auditing before and after', async () => {
    const employeeId = await grace();
    const other = await insertEmployee(ctx().db);
    const created = await award({
      employee_id: employeeId,
      bonus_name: 'Teaching award',
      description: 'Spring term',
    });
    const original = created.body.data.bonus;
    const put = (body: Record<string, unknown>) =>
      ctx().call('PUT', `/api/bonuses/${original.id}`, { token: ctx().as.admin.token, body });

    const moved = await put({ employee_id: other, bonus_name: 'X', description: 'Y' });
    expect(moved.status).toBe(400);
    expect(moved.body).toEqual(errorEnvelope(BONUS_MESSAGES.employeeIsFixed, 'employee_id'));
    expect((await put({ description: 'Y' })).body.message).toBe('Bonus name is required');
    expect((await put({ bonus_name: 'X' })).body.message).toBe('Description is required');

    const res = await put({
      employee_id: employeeId,
      bonus_name: 'Teaching award (gold)',
      description: 'Spring and summer terms',
      created_at: '2000-01-01',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Bonus updated successfully');
    const updated = res.body.data.bonus;
    expect(updated).toMatchObject({
      id: original.id,
      employee_id: employeeId,
      bonus_name: 'Teaching award (gold)',
      description: 'Spring and summer terms',
      created_at: original.created_at,
    });

    const entries = await auditEntriesOf(ctx(), 'bonus', original.id);
    expect(entries.map((e) => e.name)).toEqual(['Bonus Assignment', 'Bonus Updated']);
    expect(entries[1]!.description).toContain('Teaching award');
    expect(entries[1]!.description).toContain('Grace Hopper');
    expect(JSON.parse(entries[1]!.before_json!)).toEqual(original);
    expect(JSON.parse(entries[1]!.after_json!)).toEqual(updated);
  });

  it('deletes a bonus with an audit copy, and answers 404 for unknown ids', async () => {
    const employeeId = await grace();
    const created = await award({
      employee_id: employeeId,
      bonus_name: 'Retention',
      description: 'Stayed on',
    });
    const id = created.body.data.bonus.id as number;
    const res = await ctx().call('DELETE', `/api/bonuses/${id}`, asManager());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: 'Bonus deleted successfully',
      data: { id },
    });
    const entries = await auditEntriesOf(ctx(), 'bonus', id);
    expect(entries.map((e) => e.name)).toEqual(['Bonus Assignment', 'Bonus Deleted']);
    expect(entries[1]!.description).toBe(
      `Deleted bonus Retention of Grace Hopper (${created.body.data.bonus.email})`,
    );
    expect(JSON.parse(entries[1]!.before_json!)).toEqual(created.body.data.bonus);

    for (const [method, body] of [
      ['DELETE', undefined],
      ['PUT', { bonus_name: 'A', description: 'B' }],
    ] as const) {
      const gone = await ctx().call(method, `/api/bonuses/${id}`, { ...asManager(), body });
      expect(gone.status, method).toBe(404);
      expect(gone.body).toEqual(errorEnvelope('Bonus not found'));
    }
  });
});
