import { expect, it } from 'vitest';
import { errorEnvelope } from './helpers/error-envelope';
import { insertEmployee } from './helpers/factories';
import { insertMetricType } from './helpers/performance-factories';
import { describeEachEngine } from './helpers/test-app';

/**
 * Nothing an employee earned predates their joining (issue 56, point 8): a metric value or a
 * bonus dated before the join date is refused, and so is a join date moved past what is there.
 */
describeEachEngine('nothing before joining', (ctx) => {
  const asManager = () => ({ token: ctx().as.manager.token });
  const joiner = (join_date: string) =>
    insertEmployee(ctx().db, {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: `ada.${Math.random().toString(36).slice(2)}@example.com`,
      join_date,
    });
  const record = (body: Record<string, unknown>) =>
    ctx().call('POST', '/api/performance-metrics', { ...asManager(), body });
  const award = (body: Record<string, unknown>) =>
    ctx().call('POST', '/api/bonuses', { ...asManager(), body });
  const countOf = async (table: 'performance_metrics' | 'bonuses', column: string, id: number) =>
    Number(
      (
        await ctx()
          .db.selectFrom(table)
          .select((s) => s.fn.countAll<number>().as('n'))
          .where(column as 'id', '=', id)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('refuses a metric value backfilled before the join date, and takes the join day itself', async () => {
    const employeeId = await joiner('2024-03-10');
    const typeId = await insertMetricType(ctx().db);
    const value = { metric_type_id: typeId, user_id: employeeId, value: 80 };

    for (const created_at of ['2024-03-09', '2023-12-01T10:00:00Z', '2024-03-09T23:59:00']) {
      const early = await record({ ...value, created_at });
      expect(early.status, created_at).toBe(400);
      expect(early.body, created_at).toEqual(
        errorEnvelope(
          "Recorded on must be on or after Ada Lovelace's join date (3/10/2024)",
          'created_at',
        ),
      );
    }
    expect(await countOf('performance_metrics', 'user_id', employeeId)).toBe(0);

    const onTheDay = await record({ ...value, created_at: '2024-03-10' });
    expect(onTheDay.status).toBe(201);
    expect((await record({ ...value, created_at: '2024-06-01T08:00:00Z' })).status).toBe(201);
    expect(await countOf('performance_metrics', 'user_id', employeeId)).toBe(2);
  });

  it('refuses a bonus awarded before the join date, and takes the join day itself', async () => {
    const employeeId = await joiner('2024-03-10');
    const bonus = { employee_id: employeeId, bonus_name: 'Welcome', description: 'First term' };

    const early = await award({ ...bonus, created_at: '2024-02-29' });
    expect(early.status).toBe(400);
    expect(early.body).toEqual(
      errorEnvelope(
        "Awarded on must be on or after Ada Lovelace's join date (3/10/2024)",
        'created_at',
      ),
    );
    expect(await countOf('bonuses', 'employee_id', employeeId)).toBe(0);
    expect((await award({ ...bonus, created_at: '2024-03-10' })).status).toBe(201);
  });

  it('refuses a value or bonus of today for someone who joins later', async () => {
    const future = new Date(Date.now() + 40 * 86_400_000);
    const joinDate = `${future.getFullYear()}-${String(future.getMonth() + 1).padStart(2, '0')}-${String(future.getDate()).padStart(2, '0')}`;
    const employeeId = await joiner(joinDate);
    const typeId = await insertMetricType(ctx().db);
    const shown = `${future.getMonth() + 1}/${future.getDate()}/${future.getFullYear()}`;

    const now = await record({ metric_type_id: typeId, user_id: employeeId, value: 80 });
    expect(now.status).toBe(400);
    expect(now.body.message).toBe(
      `Recorded on must be on or after Ada Lovelace's join date (${shown})`,
    );
    const bonus = await award({ employee_id: employeeId, bonus_name: 'Early', description: 'X' });
    expect(bonus.status).toBe(400);
    expect(bonus.body.message).toBe(
      `Awarded on must be on or after Ada Lovelace's join date (${shown})`,
    );
  });

  it('refuses a join date after the first value or bonus with 409, and takes one up to it', async () => {
    const employeeId = await joiner('2024-01-15');
    const typeId = await insertMetricType(ctx().db);
    const put = (join_date: string) =>
      ctx().call('PUT', `/api/employees/${employeeId}`, { ...asManager(), body: { join_date } });
    const joinDateOf = async () =>
      (await ctx().call('GET', `/api/employees/${employeeId}`, asManager())).body.data.employee
        .join_date;

    // Nothing recorded yet: any join date goes.
    expect((await put('2024-02-01')).status).toBe(200);
    expect(
      (
        await award({
          employee_id: employeeId,
          bonus_name: 'B',
          description: 'D',
          created_at: '2024-05-20',
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await record({
          metric_type_id: typeId,
          user_id: employeeId,
          value: 70,
          created_at: '2024-03-04',
        })
      ).status,
    ).toBe(201);

    for (const later of ['2024-03-05', '2024-06-01']) {
      const refused = await put(later);
      expect(refused.status, later).toBe(409);
      expect(refused.body, later).toEqual(
        errorEnvelope(
          "Join date must be on or before 3/4/2024, the date of Ada Lovelace's first metric value or bonus",
          'join_date',
        ),
      );
      expect(await joinDateOf()).toBe('2024-02-01');
    }
    expect((await put('2024-03-04')).status).toBe(200);
    expect(await joinDateOf()).toBe('2024-03-04');
    expect((await put('2020-09-01')).status).toBe(200);
    expect(await joinDateOf()).toBe('2020-09-01');
  });
});
