import { beforeAll, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { DB } from '../src/db/schema';
import { createRankingsService } from '../src/modules/insights/rankings.service';
import { errorEnvelope } from './helpers/error-envelope';
import { insertEmployee, recordMetricValue } from './helpers/factories';
import { describeEachEngine, type SignedInUser } from './helpers/test-app';

/** The employee's top-10 status as the route reads it when it has none remembered. */
async function statusAsRead(db: Kysely<DB>, employeeId: number) {
  return createRankingsService({ db }).top10Status({ employeeId });
}

/** Employees with the given values; answers their ids by key. */
async function staffWithValues(
  db: Parameters<typeof insertEmployee>[0],
  people: Record<string, { first: string; last: string; values: number[] }>,
): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  for (const [key, person] of Object.entries(people)) {
    ids[key] = await insertEmployee(db, {
      first_name: person.first,
      last_name: person.last,
      position: `Position ${key}`,
      department: 'Commerce',
      salary_cents: 9_900_000,
    });
    for (const value of person.values) await recordMetricValue(db, { employeeId: ids[key], value });
  }
  return ids;
}

describeEachEngine('rankings', (ctx) => {
  let ids: Record<string, number>;
  /** The ranking order PRODUCT.md section 3 asks for, worked out by hand. */
  const expectedOrder = ['B', 'A', 'G', 'C', 'E', 'D', 'F', 'H', 'I', 'J', 'K', 'L', 'M'];
  const users: Record<string, SignedInUser> = {};

  beforeAll(async () => {
    ids = await staffWithValues(ctx().db, {
      A: { first: 'Ada', last: 'Zed', values: [90] },
      B: { first: 'Bea', last: 'Young', values: [90, 90] }, // same average as A, more values
      C: { first: 'Cal', last: 'Adams', values: [85] },
      D: { first: 'Dan', last: 'Adams', values: [85] }, // same last name as C: first name decides
      E: { first: 'Cal', last: 'Adams', values: [85] }, // same name as C: the id decides
      F: { first: 'Eve', last: 'Baker', values: [85] },
      G: { first: 'Gus', last: 'Zed', values: [80, 90] }, // 85 over two values beats 85 over one
      H: { first: 'Hal', last: 'Moss', values: [70] },
      I: { first: 'Ivy', last: 'Moss', values: [60, 60, 60] },
      J: { first: 'Jo', last: 'Moss', values: [50.5] },
      K: { first: 'Kit', last: 'Moss', values: [40] },
      L: { first: 'Lou', last: 'Moss', values: [30, 30.02] },
      M: { first: 'Max', last: 'Moss', values: [1] },
    });
    // Staff with no values are not ranked at all.
    await insertEmployee(ctx().db, { first_name: 'Nia', last_name: 'Aaron' });
    for (const key of ['B', 'F', 'M']) {
      users[key] = await ctx().newUser('employee', { employee_id: ids[key] });
    }
  });

  it('ranks the top 10 by average score, then metric count, then last name, first name, id', async () => {
    const res = await ctx().call('GET', '/api/employees/rank', { token: ctx().as.employee.token });
    expect(res.status).toBe(200);
    const rankings = res.body.data.rankings;
    expect(rankings.map((r: { id: number }) => r.id)).toEqual(
      expectedOrder.slice(0, 10).map((key) => ids[key]),
    );
    expect(rankings.map((r: { rank: number }) => r.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(rankings[0]).toEqual({
      id: ids.B,
      rank: 1,
      first_name: 'Bea',
      last_name: 'Young',
      position: 'Position B',
      department: 'Commerce',
      average_score: 90,
      total_metrics: 2,
    });
    expect(rankings[2]).toMatchObject({ id: ids.G, average_score: 85, total_metrics: 2 });
  });

  it('gives more with limit, only staff who have values, and ranks 1..n without sharing', async () => {
    const res = await ctx().call('GET', '/api/employees/rank?limit=1000', {
      token: ctx().as.manager.token,
    });
    const rankings = res.body.data.rankings;
    expect(rankings.map((r: { id: number }) => r.id)).toEqual(expectedOrder.map((key) => ids[key]));
    expect(rankings.map((r: { rank: number }) => r.rank)).toEqual(
      expectedOrder.map((_, i) => i + 1),
    );
    expect(rankings.at(-1)).toMatchObject({ id: ids.M, average_score: 1, total_metrics: 1 });
    expect(rankings.find((r: { last_name: string }) => r.last_name === 'Aaron')).toBeUndefined();

    const three = await ctx().call('GET', '/api/employees/rank?limit=3', {
      token: ctx().as.admin.token,
    });
    expect(three.body.data.rankings.map((r: { id: number }) => r.id)).toEqual([
      ids.B,
      ids.A,
      ids.G,
    ]);
    expect(three.body.data.rankings[2].average_score).toBe(85);
    // L's mean of 30 and 30.02 is exact to the hundredth.
    expect(rankings[11].average_score).toBeCloseTo(30.01, 10);
  });

  it('gives an employee the top 10 whatever limit asks, in the list and the export alike', async () => {
    const token = ctx().as.employee.token;
    const top10 = expectedOrder.slice(0, 10).map((key) => ids[key]);
    for (const limit of ['11', '13', '1000']) {
      const res = await ctx().call('GET', `/api/employees/rank?limit=${limit}`, { token });
      expect(res.status).toBe(200);
      expect(
        res.body.data.rankings.map((r: { id: number }) => r.id),
        limit,
      ).toEqual(top10);
    }
    const three = await ctx().call('GET', '/api/employees/rank?limit=3', { token });
    expect(three.body.data.rankings.map((r: { id: number }) => r.id)).toEqual(top10.slice(0, 3));

    const exportedIds = async (url: string, role: 'employee' | 'manager') => {
      const file = await ctx().call('GET', url, { token: ctx().as[role].token });
      expect(file.status, file.text).toBe(200);
      const rows = file.text
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .slice(1)
        .filter(Boolean);
      return rows.map((row) => Number(row.split(',')[1]));
    };
    for (const url of [
      '/api/employees/rank/export.csv',
      '/api/employees/rank/export.csv?limit=1000',
    ]) {
      expect(await exportedIds(url, 'employee'), url).toEqual(top10);
      expect(await exportedIds(url, 'manager'), url).toEqual(expectedOrder.map((key) => ids[key]));
    }
    expect(await exportedIds('/api/employees/rank/export.csv?limit=2', 'employee')).toEqual(
      top10.slice(0, 2),
    );
  });

  it('never shows an email or a salary in the rankings, to any role', async () => {
    for (const role of ['employee', 'manager', 'admin'] as const) {
      const res = await ctx().call('GET', '/api/employees/rank?limit=1000', {
        token: ctx().as[role].token,
      });
      for (const entry of res.body.data.rankings) {
        expect(Object.keys(entry).sort()).toEqual(
          [
            'average_score',
            'department',
            'first_name',
            'id',
            'last_name',
            'position',
            'rank',
            'total_metrics',
          ].sort(),
        );
      }
      expect(res.text).not.toMatch(/@example\.com|salary|9900000|99000/);
    }
  });

  it('rejects a limit outside 1..1000 with 400 naming limit', async () => {
    for (const [limit, message] of [
      ['0', 'limit must be at least 1'],
      ['1001', 'limit must be at most 1000'],
      ['ten', 'limit must be a whole number'],
      ['2.5', 'limit must be a whole number'],
    ] as const) {
      const res = await ctx().call('GET', `/api/employees/rank?limit=${limit}`, {
        token: ctx().as.employee.token,
      });
      expect(res.status, limit).toBe(400);
      expect(res.body, limit).toEqual(errorEnvelope(message, 'limit'));
    }
  });

  it('tells a ranked employee their own rank and whether it is in the top 10', async () => {
    const first = await ctx().call('GET', '/api/employees/top10-status', {
      token: users.B!.token,
    });
    expect(first.body.data).toEqual({ is_in_top_10: true, current_rank: 1 });

    const seventh = await ctx().call('GET', '/api/employees/top10-status', {
      token: users.F!.token,
    });
    expect(seventh.body.data).toEqual({ is_in_top_10: true, current_rank: 7 });

    const last = await ctx().call('GET', '/api/employees/top10-status', {
      token: users.M!.token,
    });
    expect(last.body.data).toEqual({ is_in_top_10: false, current_rank: 13 });
  });

  it('answers null for an employee without values and for an account without an employee', async () => {
    const unranked = await ctx().call('GET', '/api/employees/top10-status', {
      token: ctx().as.employee.token,
    });
    expect(unranked.body.data).toEqual({ is_in_top_10: false, current_rank: null });

    for (const role of ['admin', 'manager'] as const) {
      const unlinked = await ctx().call('GET', '/api/employees/top10-status', {
        token: ctx().as[role].token,
      });
      expect(unlinked.body.data, role).toEqual({ is_in_top_10: false, current_rank: null });
    }
  });

  it('gives every ranked employee the rank the full ranking shows', async () => {
    const full = await ctx().call('GET', '/api/employees/rank?limit=1000', {
      token: ctx().as.admin.token,
    });
    for (const entry of full.body.data.rankings) {
      expect(await statusAsRead(ctx().db, entry.id)).toEqual({
        is_in_top_10: entry.rank <= 10,
        current_rank: entry.rank,
      });
    }
  });
});

describeEachEngine('rankings with many ties', (ctx) => {
  it('agrees with the rule for every employee when averages, counts and names collide', async () => {
    const db = ctx().db;
    // Few distinct values, counts and names: ties at every level, on both sides of whole numbers.
    const values = [50, 55.5, 60, 70, 79.99, 80, 80.01];
    const names = ['Ng', 'Ng', 'Ode', 'Ode', 'Paz'];
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    const people: { id: number; last: string; first: string; sum: number; count: number }[] = [];
    for (let i = 0; i < 60; i++) {
      const last = names[random(names.length)]!;
      const first = ['Al', 'Bo'][random(2)]!;
      const id = await insertEmployee(db, { first_name: first, last_name: last });
      const count = 1 + random(3);
      let sum = 0;
      for (let n = 0; n < count; n++) {
        const value = values[random(values.length)]!;
        sum += Math.round(value * 100);
        await recordMetricValue(db, { employeeId: id, value });
      }
      people.push({ id, last, first, sum, count });
    }
    // Exact comparison of averages as fractions, so the expectation owns no rounding.
    const expected = [...people].sort(
      (a, b) =>
        b.sum * a.count - a.sum * b.count ||
        b.count - a.count ||
        (a.last < b.last ? -1 : a.last > b.last ? 1 : 0) ||
        (a.first < b.first ? -1 : a.first > b.first ? 1 : 0) ||
        a.id - b.id,
    );

    // The whole ranking is HR's to read; an employee sees the top 10 (PRODUCT.md section 4).
    const res = await ctx().call('GET', '/api/employees/rank?limit=1000', {
      token: ctx().as.manager.token,
    });
    expect(res.body.data.rankings.map((r: { id: number }) => r.id)).toEqual(
      expected.map((p) => p.id),
    );
    for (const [index, person] of expected.entries()) {
      const status = await statusAsRead(db, person.id);
      expect(status.current_rank, `employee ${person.id}`).toBe(index + 1);
    }
  });
});

describeEachEngine('rankings stay current', (ctx) => {
  it('shows a new score, a renamed employee and a removed one on the very next request', async () => {
    const db = ctx().db;
    const token = ctx().as.employee.token;
    const top = async () =>
      (await ctx().call('GET', '/api/employees/rank', { token })).body.data.rankings as {
        id: number;
        last_name: string;
        average_score: number;
      }[];
    const first = await insertEmployee(db, { last_name: 'First' });
    const second = await insertEmployee(db, { last_name: 'Second' });
    await recordMetricValue(db, { employeeId: first, value: 90 });
    await recordMetricValue(db, { employeeId: second, value: 80 });
    expect((await top()).map((r) => r.id)).toEqual([first, second]);
    expect((await top()).map((r) => r.id)).toEqual([first, second]);

    await recordMetricValue(db, { employeeId: second, value: 100 }); // 90 over two values
    expect((await top()).map((r) => r.id)).toEqual([second, first]);

    await db
      .updateTable('employees')
      .set({ last_name: 'Renamed' })
      .where('id', '=', first)
      .execute();
    expect((await top())[1]).toMatchObject({ id: first, last_name: 'Renamed' });

    await db.deleteFrom('employees').where('id', '=', second).execute();
    expect((await top()).map((r) => r.id)).toEqual([first]);
  });
});

describeEachEngine('top-10 status stays current', (ctx) => {
  it('answers the rank of the moment after the same answer was kept by the response cache', async () => {
    const { db, as } = ctx();
    const me = as.employee.employeeId!;
    const status = async () =>
      (await ctx().call('GET', '/api/employees/top10-status', { token: as.employee.token })).body
        .data;
    await recordMetricValue(db, { employeeId: me, value: 70 });
    // Asked three times: the response cache keeps the answer asked for twice and gives the third.
    for (let ask = 0; ask < 3; ask++) {
      expect(await status()).toEqual({ is_in_top_10: true, current_rank: 1 });
    }

    // The guard, expecting the cache to answer, leaves the rank out; the data has moved since.
    const ahead = await insertEmployee(db, { last_name: 'Ahead' });
    await recordMetricValue(db, { employeeId: ahead, value: 90 });
    expect(await status()).toEqual({ is_in_top_10: true, current_rank: 2 });
    expect(await status()).toEqual({ is_in_top_10: true, current_rank: 2 });
  });

  it('answers a remembered standing again only while nothing any ranking shows has changed', async () => {
    const { db, as } = ctx();
    const me = as.manager;
    const status = async () =>
      (await ctx().call('GET', '/api/employees/top10-status', { token: me.token })).body.data;
    const myId = await insertEmployee(db, { first_name: 'Mia', last_name: 'Moss' });
    await db.updateTable('users').set({ employee_id: myId }).where('id', '=', me.id).execute();
    // Tied on score and count with someone the name order puts ahead.
    const rival = await insertEmployee(db, { first_name: 'Ann', last_name: 'Adams' });
    for (const employeeId of [myId, rival]) await recordMetricValue(db, { employeeId, value: 95 });
    const ahead = async () => (await status()).current_rank as number;
    const start = await ahead();
    expect(await ahead()).toBe(start);

    // The rival's new name puts them behind: only the name changed.
    await db
      .updateTable('employees')
      .set({ last_name: 'Zeller' })
      .where('id', '=', rival)
      .execute();
    expect(await ahead()).toBe(start - 1);
    // An unrelated write moves the data version but not the standing.
    await insertEmployee(db, { last_name: 'Newcomer' });
    expect(await ahead()).toBe(start - 1);
    // Someone scored higher, then removed.
    const star = await insertEmployee(db, { last_name: 'Star' });
    await recordMetricValue(db, { employeeId: star, value: 100 });
    expect(await ahead()).toBe(start);
    await ctx().call('DELETE', `/api/employees/${star}`, { token: ctx().as.admin.token });
    expect(await ahead()).toBe(start - 1);
  });
});
