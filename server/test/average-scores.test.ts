import { beforeAll, expect, it, onTestFinished } from 'vitest';
import { errorEnvelope } from './helpers/error-envelope';
import { insertEmployee, recordMetricValue } from './helpers/factories';
import { describeEachEngine } from './helpers/test-app';

interface Entry {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  department: string;
  average_score: number;
  performance_metrics: { average_value: number; total_metrics: number };
}

describeEachEngine('average scores', (ctx) => {
  const ids: Record<string, number> = {};
  let appEmployee: number;

  beforeAll(async () => {
    const db = ctx().db;
    appEmployee = ctx().as.employee.employeeId!;
    const people: [string, string, string, number[]][] = [
      ['Ana', 'Baker', 'CIT', [90, 70]],
      ['Ben', 'Baker', 'CIT', []],
      ['Cy', 'Cole', 'Commerce', [80]],
      ['Di', 'Dunn', 'Commerce', [80, 80]],
      ['Ed', 'Evans', 'CIT', [55.55]],
      ['Flo', 'Fox', 'Media Studies', []],
      ['Gil', 'Grant_Smith', 'CIT', [10]],
    ];
    for (const [first, last, department, values] of people) {
      ids[first] = await insertEmployee(db, {
        first_name: first,
        last_name: last,
        department,
        email: `${first.toLowerCase()}.${last.toLowerCase()}@averages.test`,
      });
      for (const value of values) await recordMetricValue(db, { employeeId: ids[first], value });
    }
  });

  const list = async (query = '') => {
    const res = await ctx().call('GET', `/api/metrics/average${query}`, {
      token: ctx().as.manager.token,
    });
    expect(res.status, res.text).toBe(200);
    return res.body.data as { employees: Entry[]; pagination: Record<string, number> };
  };
  const namesOf = (entries: Entry[]) => entries.map((e) => e.first_name);

  it('lists every employee with their average, 0.0 and 0 values for those without any', async () => {
    const data = await list();
    expect(data.pagination).toEqual({ page: 1, limit: 50, total: 8 });
    const ana = data.employees.find((e) => e.id === ids.Ana)!;
    expect(ana).toEqual({
      id: ids.Ana,
      first_name: 'Ana',
      last_name: 'Baker',
      email: 'ana.baker@averages.test',
      position: 'Lecturer',
      department: 'CIT',
      performance_metrics: { average_value: 80, total_metrics: 2 },
      average_score: 80,
    });
    const ben = data.employees.find((e) => e.id === ids.Ben)!;
    expect(ben.performance_metrics).toEqual({ average_value: 0, total_metrics: 0 });
    expect(ben.average_score).toBe(0);
    expect(data.employees.find((e) => e.id === ids.Ed)!.average_score).toBeCloseTo(55.55, 10);
    expect(JSON.stringify(data)).not.toMatch(/salary/);
  });

  it('sorts by name by default and pages in SQL', async () => {
    const all = await list('?limit=1000');
    expect(all.employees.map((e) => e.last_name)).toEqual(
      [...all.employees.map((e) => e.last_name)].sort(),
    );
    expect(namesOf(all.employees).slice(0, 2)).toEqual(['Ana', 'Ben']);

    const page2 = await list('?limit=3&page=2');
    expect(page2.pagination).toEqual({ page: 2, limit: 3, total: 8 });
    expect(page2.employees.map((e) => e.id)).toEqual(all.employees.slice(3, 6).map((e) => e.id));

    const reversed = await list('?order=desc&limit=1000');
    expect(reversed.employees.map((e) => e.id)).toEqual(all.employees.map((e) => e.id).reverse());
  });

  it('sorts by score, highest first, ties by count then name, staff without values last', async () => {
    const desc = await list('?sort=score&order=desc&limit=1000');
    // Ana and Di tie on 80 over two values: last name decides. Cy has 80 over one value.
    expect(desc.employees.map((e) => e.id)).toEqual([
      ids.Ana,
      ids.Di,
      ids.Cy,
      ids.Ed,
      ids.Gil,
      ids.Ben,
      ids.Flo,
      appEmployee,
    ]);
  });

  it('breaks a tie on score by the names as they are now, after a rename', async () => {
    const db = ctx().db;
    const tag = `Tied${ctx().engine}`;
    const first = await insertEmployee(db, { first_name: 'Kit', last_name: `${tag}B` });
    const second = await insertEmployee(db, { first_name: 'Lou', last_name: `${tag}C` });
    for (const employeeId of [second, first])
      await recordMetricValue(db, { employeeId, value: 42 });
    onTestFinished(async () => {
      await db.deleteFrom('employees').where('id', 'in', [first, second]).execute();
    });
    let read = 0;
    // The whole list (the rank index alone) and a search (the staff filtered first), each on a
    // URL of its own so that no cached answer is given.
    const orders = async () => {
      const ids = async (query: string) =>
        (await list(`?sort=score&order=desc&limit=1000${query}&read=${read++}`)).employees
          .map((e) => e.id)
          .filter((id) => id === first || id === second);
      return [await ids(''), await ids(`&search=${tag}`)];
    };
    expect(await orders()).toEqual([
      [first, second],
      [first, second],
    ]);
    await db
      .updateTable('employees')
      .set({ last_name: `${tag}D` })
      .where('id', '=', first)
      .execute();
    expect(await orders()).toEqual([
      [second, first],
      [second, first],
    ]);
    // By name, each entry's scores are found by its new name (the join walks both tables' name
    // indexes), with a search and without.
    for (const query of ['', `&search=${tag}`]) {
      const entries = (await list(`?limit=1000${query}&read=${read++}`)).employees
        .filter((e) => e.id === first || e.id === second)
        .map((e) => [e.id, e.average_score]);
      expect(entries, query).toEqual([
        [second, 42],
        [first, 42],
      ]);
    }
  });

  it("shows the first page by name with each entry's scores as they are now, either way", async () => {
    const db = ctx().db;
    const made: Record<string, number> = {};
    // Names that come first (Aa…) and last (Zz…) by name; the first page of 2 each way holds a
    // scored and an unscored employee, and leaves out a scored one.
    const people: [string, string, number | null][] = [
      ['Kit', 'Aab', 40],
      ['Lou', 'Aac', null],
      ['Max', 'Aad', 80],
      ['Ned', 'Zzx', 30],
      ['Oto', 'Zzy', null],
      ['Pia', 'Zzz', 70],
    ];
    for (const [first, last, value] of people) {
      made[first] = await insertEmployee(db, { first_name: first, last_name: last });
      if (value !== null) await recordMetricValue(db, { employeeId: made[first]!, value });
    }
    onTestFinished(async () => {
      await db.deleteFrom('employees').where('id', 'in', Object.values(made)).execute();
    });
    let read = 0;
    const firstPage = async (order: 'asc' | 'desc') =>
      (await list(`?limit=2&order=${order}&read=${read++}`)).employees.map((e) => [
        e.first_name,
        e.average_score,
        e.performance_metrics.total_metrics,
      ]);
    // Read twice each way, so that the second is answered from the entries kept by the first.
    for (let twice = 0; twice < 2; twice++) {
      expect(await firstPage('asc')).toEqual([
        ['Kit', 40, 1],
        ['Lou', 0, 0],
      ]);
      expect(await firstPage('desc')).toEqual([
        ['Pia', 70, 1],
        ['Oto', 0, 0],
      ]);
    }

    await recordMetricValue(db, { employeeId: made.Lou!, value: 60 });
    await recordMetricValue(db, { employeeId: made.Oto!, value: 20 });
    await db
      .updateTable('employee_scores')
      .set({ value_sum_hundredths: 5000, average_score: 50 })
      .where('employee_id', '=', made.Kit!)
      .execute();
    expect(await firstPage('asc')).toEqual([
      ['Kit', 50, 1],
      ['Lou', 60, 1],
    ]);
    expect(await firstPage('desc')).toEqual([
      ['Pia', 70, 1],
      ['Oto', 20, 1],
    ]);
  });

  it('pages across the scored and unscored staff in either direction', async () => {
    const desc = await list('?sort=score&order=desc&limit=1000');
    const asc = await list('?sort=score&order=asc&limit=1000');
    for (const [full, order] of [
      [desc, 'desc'],
      [asc, 'asc'],
    ] as const) {
      // The whole staff, and one department (its totals' row says where the runs meet).
      for (const department of ['', 'CIT']) {
        const filter = department ? `&department=${department}` : '';
        const expected = full.employees
          .filter((e) => !department || e.department === department)
          .map((e) => e.id);
        for (const limit of [1, 2, 3, 5]) {
          const pages: number[] = [];
          for (let page = 1; (page - 1) * limit < expected.length + limit; page++) {
            const data = await list(
              `?sort=score&order=${order}&limit=${limit}&page=${page}${filter}`,
            );
            expect(data.pagination.total).toBe(expected.length);
            pages.push(...data.employees.map((e) => e.id));
          }
          expect(pages, `${order} by ${limit} ${department}`).toEqual(expected);
        }
      }
    }
    const nobody = await list('?sort=score&department=Nowhere');
    expect(nobody).toEqual({ employees: [], pagination: { page: 1, limit: 50, total: 0 } });
    // Ascending starts with the staff who have no values, then the lowest score.
    expect(asc.employees.slice(0, 3).every((e) => e.average_score === 0)).toBe(true);
    expect(asc.employees[3]!.id).toBe(ids.Gil);
    expect((await list('?sort=score&page=99')).employees).toEqual([]);
  });

  it('filters by department and searches names and emails, case-insensitively', async () => {
    const cit = await list('?department=CIT&sort=score&order=desc');
    expect(namesOf(cit.employees)).toEqual(['Ana', 'Ed', 'Gil', 'Ben', expect.any(String)]);
    expect(cit.pagination.total).toBe(5); // with the test app's own employee in CIT
    // In name order the total comes with the page's keys: the department's whole staff.
    const citByName = await list('?department=CIT&limit=2');
    expect(citByName.pagination.total).toBe(5);
    expect((await list('?department=Media%20Studies')).pagination.total).toBe(1);

    const byName = await list('?search=BAKER');
    expect(namesOf(byName.employees)).toEqual(['Ana', 'Ben']);
    expect(byName.pagination.total).toBe(2);

    const fullName = await list('?search=ana%20bak');
    expect(namesOf(fullName.employees)).toEqual(['Ana']);

    const byEmail = await list('?search=cy.cole@averages');
    expect(namesOf(byEmail.employees)).toEqual(['Cy']);

    // LIKE wildcards in the search are plain characters.
    const underscore = await list('?search=grant_');
    expect(namesOf(underscore.employees)).toEqual(['Gil']);
    const percent = await list('?search=%25');
    expect(percent.employees).toEqual([]);

    const both = await list('?search=baker&department=Commerce');
    expect(both.employees).toEqual([]);
    expect(both.pagination.total).toBe(0);

    const scoredSearch = await list('?search=e&sort=score&order=desc&limit=2&page=2');
    expect(scoredSearch.pagination.total).toBeGreaterThan(2);
  });

  it('rejects bad paging and sort parameters with 400 naming the field', async () => {
    for (const [query, field, message] of [
      ['?limit=1001', 'limit', 'limit must be at most 1000'],
      ['?page=0', 'page', 'page must be at least 1'],
      ['?sort=salary', 'sort', 'sort must be name or score'],
      ['?order=up', 'order', 'order must be asc or desc'],
    ] as const) {
      const res = await ctx().call('GET', `/api/metrics/average${query}`, {
        token: ctx().as.admin.token,
      });
      expect(res.status, query).toBe(400);
      expect(res.body, query).toEqual(errorEnvelope(message, field));
    }
  });

  it('answers each entry as it is now, once read: its name, and its scores however written', async () => {
    const db = ctx().db;
    const tag = `Remembered${ctx().engine}`;
    const scored = await insertEmployee(db, { first_name: 'Hal', last_name: tag });
    const unscored = await insertEmployee(db, { first_name: 'Ida', last_name: tag });
    await recordMetricValue(db, { employeeId: scored, value: 60 });
    // Its own URL each time: the response cache answers none of these reads.
    let read = 0;
    const entries = async (sort: string) => {
      const res = await ctx().call(
        'GET',
        `/api/metrics/average?search=${tag}&sort=${sort}&order=${sort === 'score' ? 'desc' : 'asc'}&read=${read++}`,
        { token: ctx().as.manager.token },
      );
      expect(res.status).toBe(200);
      return (res.body.data.employees as Entry[]).map((entry) => [
        entry.first_name,
        entry.average_score,
        entry.performance_metrics.total_metrics,
      ]);
    };
    for (const sort of ['name', 'score']) expect(await entries(sort)).toEqual(await entries(sort));
    expect(await entries('score')).toEqual([
      ['Hal', 60, 1],
      ['Ida', 0, 0],
    ]);

    // One change at a time, straight into the database: a page with one entry not kept reads
    // all its rows again.
    await db
      .updateTable('employees')
      .set({ first_name: 'Hank' })
      .where('id', '=', scored)
      .execute();
    expect(await entries('score')).toEqual([
      ['Hank', 60, 1],
      ['Ida', 0, 0],
    ]);
    await db
      .updateTable('employee_scores')
      .set({ value_sum_hundredths: 7500, average_score: 75 })
      .where('employee_id', '=', scored)
      .execute();
    expect(await entries('name')).toEqual([
      ['Hank', 75, 1],
      ['Ida', 0, 0],
    ]);
    await db
      .updateTable('employee_scores')
      .set({ metric_count: 2, average_score: 37.5 })
      .where('employee_id', '=', scored)
      .execute();
    expect(await entries('name')).toEqual([
      ['Hank', 37.5, 2],
      ['Ida', 0, 0],
    ]);
    await db
      .updateTable('employees')
      .set({ first_name: 'Iris' })
      .where('id', '=', unscored)
      .execute();
    expect(await entries('score')).toEqual([
      ['Hank', 37.5, 2],
      ['Iris', 0, 0],
    ]);
  });
});
