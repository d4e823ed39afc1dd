import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { nowIso } from '../src/lib/clock';
import { insertEmployee, recordMetricValue } from './helpers/factories';
import { insertBonus } from './helpers/insights';
import { describeEachEngine } from './helpers/test-app';

/** Headers that differ between two answers whatever the cache does. */
const withoutVarying = (headers: Record<string, unknown>) => {
  const { date: _date, ...rest } = headers;
  return rest;
};

describeEachEngine('response cache', (ctx) => {
  const dataVersion = async () => {
    const row = await ctx()
      .db.selectFrom('list_totals')
      .select('value')
      .where('name', '=', 'data_version')
      .executeTakeFirstOrThrow();
    return Number(row.value);
  };

  it('answers a repeated read with the same body and headers', async () => {
    const { call, as, db } = ctx();
    await insertEmployee(db);
    // The second answer is kept, the third comes from the cache.
    const answers = [];
    for (let ask = 0; ask < 3; ask++) {
      answers.push(await call('GET', '/api/employees?limit=5', { token: as.manager.token }));
    }
    expect(answers[0]!.status).toBe(200);
    for (const later of answers.slice(1)) {
      expect(later.text).toBe(answers[0]!.text);
      expect(withoutVarying(later.headers)).toEqual(withoutVarying(answers[0]!.headers));
    }
  });

  it('shows a write at once, through the API or straight to the database', async () => {
    const { call, as, db } = ctx();
    const employeeId = await insertEmployee(db, { first_name: 'Before' });
    const url = `/api/employees/${employeeId}`;
    // Each read is asked for twice first, so that the cache holds the answer the write outdates.
    for (let ask = 0; ask < 2; ask++) {
      expect(
        (await call('GET', url, { token: as.manager.token })).body.data.employee.first_name,
      ).toBe('Before');
    }
    await db
      .updateTable('employees')
      .set({ first_name: 'After', updated_at: nowIso() })
      .where('id', '=', employeeId)
      .execute();
    expect(
      (await call('GET', url, { token: as.manager.token })).body.data.employee.first_name,
    ).toBe('After');

    const bonuses = `/api/bonuses?employee_id=${employeeId}`;
    for (let ask = 0; ask < 2; ask++) {
      expect((await call('GET', bonuses, { token: as.manager.token })).body.data.bonuses).toEqual(
        [],
      );
    }
    const awarded = await call('POST', '/api/bonuses', {
      token: as.manager.token,
      body: { employee_id: employeeId, bonus_name: 'Star', description: 'Shone' },
    });
    expect(awarded.status).toBe(201);
    const after = await call('GET', bonuses, { token: as.manager.token });
    expect(after.body.data.bonuses.map((b: { bonus_name: string }) => b.bonus_name)).toEqual([
      'Star',
    ]);
  });

  it('moves the data version with a write to every table an answer shows', async () => {
    const { db } = ctx();
    const employeeId = await insertEmployee(db);
    const writes: [string, () => Promise<unknown>][] = [
      ['employees', () => insertEmployee(db)],
      [
        'performance_metrics and score tables',
        () => recordMetricValue(db, { employeeId, value: 5 }),
      ],
      ['bonuses', () => insertBonus(db, { employeeId })],
      [
        'users',
        () =>
          db
            .updateTable('users')
            .set({ updated_at: nowIso() })
            .where('id', '=', ctx().as.admin.id)
            .execute(),
      ],
      ['metric_types', () => sql`update metric_types set updated_at = updated_at`.execute(db)],
      [
        'questions',
        () =>
          db
            .insertInto('questions')
            .values({
              employee_id: employeeId,
              question: 'Q?',
              asked_by: null,
              created_at: nowIso(),
              updated_at: nowIso(),
            })
            .execute(),
      ],
      [
        'audit_entries',
        () =>
          db
            .insertInto('audit_entries')
            .values({
              name: 'Test',
              description: 'A test entry',
              actor_user_id: null,
              actor_email: null,
              ip_address: null,
              entity_type: null,
              entity_id: null,
              before_json: null,
              after_json: null,
              created_at: nowIso(),
              updated_at: nowIso(),
            })
            .execute(),
      ],
    ];
    for (const [table, write] of writes) {
      const before = await dataVersion();
      await write();
      expect(await dataVersion(), table).toBeGreaterThan(before);
    }
  });

  it("keeps each caller's answers apart", async () => {
    const { call, newUser, db } = ctx();
    const a = await newUser('employee');
    const b = await newUser('employee');
    await insertBonus(db, { employeeId: a.employeeId! });
    const mine = await call('GET', '/api/employees/my-bonuses', { token: a.token });
    const theirs = await call('GET', '/api/employees/my-bonuses', { token: b.token });
    expect(mine.body.data.bonuses).toHaveLength(1);
    expect(theirs.body.data.bonuses).toHaveLength(0);
  });

  it('still refuses a revoked session or a lost role for an answer it holds', async () => {
    const { call, newUser, db } = ctx();
    const user = await newUser('manager');
    // Asked twice, the answer is kept (the cache keeps what is asked for again).
    for (let ask = 0; ask < 2; ask++) {
      expect((await call('GET', '/api/employees', { token: user.token })).status).toBe(200);
    }
    await db
      .updateTable('users')
      .set({ user_type: 'employee' })
      .where('id', '=', user.id)
      .execute();
    expect((await call('GET', '/api/employees', { token: user.token })).status).toBe(403);
    await db
      .updateTable('users')
      .set({ tokens_valid_after: Date.now() + 1000 })
      .where('id', '=', user.id)
      .execute();
    expect((await call('GET', '/api/auth/me', { token: user.token })).status).toBe(401);
  });
});
