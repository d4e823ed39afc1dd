import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { insertEmployee } from './helpers/factories';
import { localTime } from './helpers/insights';
import { describeEachEngine } from './helpers/test-app';

/**
 * The HR dashboard's Recent Employees (issue 56, point 7): the most recently joined, not the most
 * recently added. Join dates in 2041, past everyone else the suite's app holds.
 */
describeEachEngine('HR dashboard recent employees', (ctx) => {
  const recentNames = async () => {
    const res = await ctx().call('GET', '/api/hr/metrics', { token: ctx().as.manager.token });
    expect(res.status).toBe(200);
    return (res.body.data.recent_employees as { first_name: string; join_date: string }[]).map(
      (e) => `${e.first_name} ${e.join_date}`,
    );
  };

  it('lists those who joined last first, however late they were added', async () => {
    const db = ctx().db;
    const ids: Record<string, number> = {};
    // Four who joined on 12/1, added first; then one who joined on 11/15, added after them.
    for (const [i, name] of ['Dec1', 'Dec2', 'Dec3', 'Dec4'].entries()) {
      const at = localTime(2041, 12, 2, 9 + i);
      ids[name] = await insertEmployee(db, {
        first_name: name,
        join_date: '2041-12-01',
        created_at: at,
        updated_at: at,
      });
    }
    const late = localTime(2041, 12, 3);
    ids.Nov15 = await insertEmployee(db, {
      first_name: 'Nov15',
      join_date: '2041-11-15',
      created_at: late,
      updated_at: late,
    });

    // Equal join dates: the newest added first.
    expect(await recentNames()).toEqual([
      'Dec4 2041-12-01',
      'Dec3 2041-12-01',
      'Dec2 2041-12-01',
      'Dec1 2041-12-01',
      'Nov15 2041-11-15',
    ]);
  });

  it('moves a person when their join date is edited, after the same answer was kept', async () => {
    const before = await recentNames();
    // Asked twice: the response cache keeps an answer the second time its key comes.
    expect(await recentNames()).toEqual(before);
    const nov = await ctx()
      .db.selectFrom('employees')
      .select('id')
      .where('first_name', '=', 'Nov15')
      .executeTakeFirstOrThrow();

    const moved = await ctx().call('PUT', `/api/employees/${nov.id}`, {
      token: ctx().as.manager.token,
      body: { join_date: '2041-12-05' },
    });
    expect(moved.status).toBe(200);
    expect(await recentNames()).toEqual([
      'Nov15 2041-12-05',
      'Dec4 2041-12-01',
      'Dec3 2041-12-01',
      'Dec2 2041-12-01',
      'Dec1 2041-12-01',
    ]);
  });

  it('reads the five from an index in their order, without sorting the staff', async () => {
    const db = ctx().db;
    const query = sql`select id from employees
      order by join_date desc, created_at desc, id desc limit 5`;
    let plan: string;
    if (ctx().engine === 'postgres') {
      // A handful of rows: the planner would rather sort them; the point is that it need not.
      plan = await db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        await sql`set local enable_sort = off`.execute(trx);
        const rows = await sql<{ 'QUERY PLAN': string }>`explain ${query}`.execute(trx);
        return rows.rows.map((row) => row['QUERY PLAN']).join('\n');
      });
      expect(plan).toMatch(/Index (Only )?Scan Backward using employees_joined_idx/);
      expect(plan).not.toMatch(/Sort/);
    } else {
      const rows = await sql<{ detail: string }>`explain query plan ${query}`.execute(db);
      plan = rows.rows.map((row) => row.detail).join('\n');
      expect(plan).toMatch(/employees_joined_idx/);
      expect(plan).not.toMatch(/TEMP B-TREE/);
    }
  });
});
