import { expect, it } from 'vitest';
import { DEPARTMENTS, EMPLOYEE_SORT_FIELDS } from '#contract/employee-options';
import { errorEnvelope } from './helpers/error-envelope';
import { employeeBody, insertEmployee, insertUser } from './helpers/factories';
import { describeEachEngine } from './helpers/test-app';

/** Reads of staff records: who may, paging, search, filters, sorting, and the stats. */

describeEachEngine('staff records: who may call', (ctx) => {
  const routes = (id: number) =>
    [
      ['GET', '/api/employees'],
      ['GET', '/api/employees/stats'],
      ['GET', `/api/employees/${id}`],
      ['POST', '/api/employees'],
      ['PUT', `/api/employees/${id}`],
      ['DELETE', `/api/employees/${id}`],
    ] as const;

  it('refuses anonymous callers with 401 on every route', async () => {
    const id = await insertEmployee(ctx().db);
    for (const [method, url] of routes(id)) {
      const res = await ctx().call(method, url, {
        ...(method === 'POST' || method === 'PUT' ? { body: employeeBody() } : {}),
      });
      expect(res.status, `${method} ${url}`).toBe(401);
      expect(res.body.success).toBe(false);
    }
  });

  it('refuses employees with 403 on every route, even for their own record', async () => {
    const own = ctx().as.employee.employeeId!;
    for (const id of [own, await insertEmployee(ctx().db)]) {
      for (const [method, url] of routes(id)) {
        const res = await ctx().call(method, url, {
          token: ctx().as.employee.token,
          ...(method === 'POST' || method === 'PUT' ? { body: employeeBody() } : {}),
        });
        expect(res.status, `${method} ${url}`).toBe(403);
        expect(JSON.stringify(res.body)).not.toMatch(/salary|@example\.com/);
      }
    }
    // Nothing was changed by the refused writes.
    expect(
      await ctx().db.selectFrom('employees').select('id').where('id', '=', own).executeTakeFirst(),
    ).toBeDefined();
  });

  it('lets managers and admins read, create, change and delete', async () => {
    for (const role of ['manager', 'admin'] as const) {
      const token = ctx().as[role].token;
      const created = await ctx().call('POST', '/api/employees', { token, body: employeeBody() });
      expect(created.status, role).toBe(201);
      const id = created.body.data.employee.id as number;
      expect((await ctx().call('GET', '/api/employees', { token })).status).toBe(200);
      expect((await ctx().call('GET', '/api/employees/stats', { token })).status).toBe(200);
      expect((await ctx().call('GET', `/api/employees/${id}`, { token })).status).toBe(200);
      const updated = await ctx().call('PUT', `/api/employees/${id}`, {
        token,
        body: { position: 'Senior Lecturer' },
      });
      expect(updated.status).toBe(200);
      expect((await ctx().call('DELETE', `/api/employees/${id}`, { token })).status).toBe(200);
    }
  });

  it('answers 404 for unknown ids and 400 for ids that are not ids', async () => {
    const token = ctx().as.manager.token;
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await ctx().call(method, '/api/employees/987654', {
        token,
        ...(method === 'PUT' ? { body: { position: 'X' } } : {}),
      });
      expect(res.status, method).toBe(404);
      expect(res.body).toEqual(errorEnvelope('Employee not found'));
    }
    const bad = await ctx().call('GET', '/api/employees/abc', { token });
    expect(bad.status).toBe(400);
    const message = 'id must be a positive whole number';
    expect(bad.body).toEqual(errorEnvelope(message, 'id'));
  });
});

describeEachEngine('staff list', (ctx) => {
  let seeded: Promise<Record<'ada' | 'alan' | 'grace', number>> | undefined;
  const seed = () => (seeded ??= insertPeople());
  const insertPeople = async () => {
    const db = ctx().db;
    const ids = {
      ada: await insertEmployee(db, {
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: 'ada.lovelace@uni.example',
        position: 'Professor',
        department: 'Commerce',
        status: 'active',
        join_date: '2020-03-01',
        salary_cents: 9_000_000,
      }),
      alan: await insertEmployee(db, {
        first_name: 'Alan',
        last_name: 'turing',
        email: 'alan.turing@uni.example',
        position: 'Research Assistant',
        department: 'Commerce',
        status: 'inactive',
        join_date: '2019-06-15',
        salary_cents: null,
      }),
      grace: await insertEmployee(db, {
        first_name: 'Grace',
        last_name: 'Hopper',
        email: 'grace.h@uni.example',
        position: 'Lab 100% Engineer',
        department: 'Media Studies',
        status: 'active',
        join_date: '2021-11-30',
        salary_cents: 7_000_050,
        employee_code: 'GH-7',
      }),
    };
    return ids;
  };

  it('pages the list and reports page, limit and total', async () => {
    await seed();
    const token = ctx().as.manager.token;
    const all = await ctx().call('GET', '/api/employees?limit=1000', { token });
    expect(all.status).toBe(200);
    const total = all.body.data.pagination.total as number;
    expect(all.body.data.employees).toHaveLength(total);

    const first = await ctx().call('GET', '/api/employees?page=1&limit=2', { token });
    const second = await ctx().call('GET', '/api/employees?page=2&limit=2', { token });
    expect(first.body.data.pagination).toEqual({ page: 1, limit: 2, total });
    expect(first.body.data.employees).toHaveLength(2);
    const firstIds = first.body.data.employees.map((e: { id: number }) => e.id);
    const secondIds = second.body.data.employees.map((e: { id: number }) => e.id);
    expect(firstIds.some((id: number) => secondIds.includes(id))).toBe(false);

    const defaults = await ctx().call('GET', '/api/employees', { token });
    expect(defaults.body.data.pagination.limit).toBe(50);

    // A page past the end still tells how many there are, for everyone and for a department.
    const pastEnd = await ctx().call('GET', `/api/employees?page=${total + 1}&limit=1`, { token });
    expect(pastEnd.body.data).toEqual({
      employees: [],
      pagination: { page: total + 1, limit: 1, total },
    });
    const commerce = await ctx().call('GET', '/api/employees?department=Commerce&limit=1', {
      token,
    });
    const commercePastEnd = await ctx().call(
      'GET',
      '/api/employees?department=Commerce&limit=1&page=99',
      { token },
    );
    expect(commerce.body.data.employees).toHaveLength(1);
    expect(commerce.body.data.pagination.total).toBe(2);
    expect(commercePastEnd.body.data.pagination.total).toBe(2);
  });

  it('searches name, email and position ignoring case, and treats % and _ literally', async () => {
    const ids = await seed();
    const token = ctx().as.admin.token;
    const search = async (text: string) => {
      const res = await ctx().call('GET', `/api/employees?search=${encodeURIComponent(text)}`, {
        token,
      });
      expect(res.status).toBe(200);
      return (res.body.data.employees as { id: number }[]).map((e) => e.id);
    };
    expect(await search('LOVELACE')).toEqual([ids.ada]);
    expect(await search('ada love')).toEqual([ids.ada]);
    expect(await search('TURING@UNI')).toEqual([ids.alan]);
    expect(await search('research assist')).toEqual([ids.alan]);
    expect(await search('100%')).toEqual([ids.grace]);
    expect(await search('%')).toEqual([ids.grace]);
    expect(await search('grace_h')).toEqual([]);
    expect(await search('gh-7')).toEqual([ids.grace]);
  });

  it('finds a record by its new name and code after a change', async () => {
    const token = ctx().as.admin.token;
    const id = await insertEmployee(ctx().db, { last_name: 'Before' });
    await ctx().call('PUT', `/api/employees/${id}`, {
      token,
      body: { last_name: 'Afterwards', employee_code: 'ZX-42' },
    });
    for (const text of ['afterWARDS', 'zx-42']) {
      const res = await ctx().call('GET', `/api/employees?search=${text}`, { token });
      expect(res.body.data.employees.map((e: { id: number }) => e.id)).toEqual([id]);
    }
    const old = await ctx().call('GET', '/api/employees?search=before', { token });
    expect(old.body.data.pagination.total).toBe(0);
  });

  it('keeps a search in name order through renames and removals', async () => {
    const { db, call, as } = ctx();
    const token = as.admin.token;
    const keeper = (last_name: string, first_name: string) =>
      insertEmployee(db, { last_name, first_name, position: 'Quokka keeper' });
    // Few matches among many staff: the page is read from the matches (staff-list.repository.ts).
    for (let other = 0; other < 30; other++) {
      await insertEmployee(db, { last_name: `Other${other}`, position: 'Clerk' });
    }
    const brown = await keeper('Brown', 'Zoe');
    const adams = await keeper('adams', 'Yan');
    const clark = await keeper('Clark', 'Abe');
    // One row a page, so that each page has to be picked from the order, not only sorted.
    const pagesOf = async (search: string, query: string) => {
      const found: number[] = [];
      for (let page = 1; page <= 4; page++) {
        const url = `/api/employees?search=${search}&limit=1&page=${page}${query}`;
        found.push(
          ...(await call('GET', url, { token })).body.data.employees.map(
            (e: { id: number }) => e.id,
          ),
        );
      }
      return found;
    };
    // A term of one trigram ("okk") and a longer one, as the trigram index matches them.
    const idsInOrder = async (query: string) => {
      const found = await pagesOf('quokka', query);
      expect(await pagesOf('OKK', query), query).toEqual(found);
      return found;
    };
    expect(await idsInOrder('')).toEqual([adams, brown, clark]);
    expect(await idsInOrder('&sort=first_name&order=desc')).toEqual([brown, adams, clark]);

    await call('PUT', `/api/employees/${clark}`, { token, body: { last_name: 'Able' } });
    expect(await idsInOrder('')).toEqual([clark, adams, brown]);
    expect((await call('DELETE', `/api/employees/${adams}`, { token })).status).toBe(200);
    expect(await idsInOrder('')).toEqual([clark, brown]);
    expect(await idsInOrder('&order=desc')).toEqual([brown, clark]);

    // A text that changes where the order does not: found by its new text alone.
    const email = 'zoe.zqvx@example.org';
    await call('PUT', `/api/employees/${brown}`, { token, body: { email } });
    expect(await pagesOf('zqv', '')).toEqual([brown]);
    expect(await pagesOf('zqvx', '')).toEqual([brown]);
    await call('PUT', `/api/employees/${brown}`, { token, body: { email: 'zoe@example.org' } });
    expect(await pagesOf('zqv', '')).toEqual([]);
    expect(await idsInOrder('')).toEqual([clark, brown]);
  });

  it('keeps a search in name order when many are added at one place in it', async () => {
    const { db, call, as } = ctx();
    // Each name falls between the last one added and Zed: on SQLite each takes half of what is
    // left of one gap in the trigram table's positions (migration 0023), until none is left
    // and the list is numbered again.
    // Their position gives them a term of one trigram ("qfe") too.
    const quill = (first_name: string) =>
      insertEmployee(db, { last_name: 'Quillfeather', first_name, position: 'QFE lead' });
    const first = await quill('Aaron');
    const last = await quill('Zed');
    const between: number[] = [];
    for (let i = 0; i < 80; i++) between.push(await quill(`Nia${String(i).padStart(3, '0')}`));
    for (const search of ['quillfeather', 'QFE']) {
      const found: number[] = [];
      for (let page = 1; page <= 4; page++) {
        const url = `/api/employees?search=${search}&limit=25&page=${page}`;
        const { body } = await call('GET', url, { token: as.manager.token });
        expect(body.data.pagination.total, search).toBe(82);
        found.push(...body.data.employees.map((e: { id: number }) => e.id));
      }
      expect(found, search).toEqual([first, ...between, last]);
    }
  });

  it('filters by department and status', async () => {
    const ids = await seed();
    const token = ctx().as.admin.token;
    const res = await ctx().call('GET', '/api/employees?department=Commerce&status=active', {
      token,
    });
    expect(res.body.data.employees.map((e: { id: number }) => e.id)).toEqual([ids.ada]);
    expect(res.body.data.pagination.total).toBe(1);
    const bad = await ctx().call('GET', '/api/employees?status=retired', { token });
    expect(bad.status).toBe(400);
    const message = 'status must be one of active, on-leave, inactive';
    expect(bad.body).toEqual(errorEnvelope(message, 'status'));
  });

  it('answers each employee as they are now, once read, whoever changes them, their manager or account', async () => {
    const { db, call, as } = ctx();
    const department = 'Remembered Unit';
    const warden = (overrides: Parameters<typeof insertEmployee>[1]) =>
      insertEmployee(db, { position: 'Wombat warden', department, status: 'active', ...overrides });
    // The manager is on none of the pages: a page with a row not kept is read whole again, so
    // only the version of Kim's manager tells that Kim's item changed.
    const boss = await insertEmployee(db, {
      first_name: 'Mona',
      last_name: 'Able',
      position: 'Badger boss',
      department: 'Elsewhere',
    });
    const kim = await warden({
      first_name: 'Kim',
      last_name: 'Baker',
      join_date: '2021-01-01',
      manager_id: boss,
    });
    const lee = await warden({ first_name: 'Lee', last_name: 'Carter', join_date: '2022-01-01' });
    // A search (on PostgreSQL found in its search table, or, in another order, among the
    // employees), a filtered page counted, and a department's page with its kept total.
    const queries = [
      'search=wombat',
      'search=wombat&sort=join_date',
      `department=${encodeURIComponent(department)}&status=active`,
      `department=${encodeURIComponent(department)}`,
    ];
    // Its own URL each time: the response cache answers none of these reads.
    let read = 0;
    const page = async (query: string) => {
      const res = await call('GET', `/api/employees?${query}&read=${read++}`, {
        token: as.admin.token,
      });
      expect(res.status).toBe(200);
      const { employees, pagination } = res.body.data as {
        employees: {
          id: number;
          first_name: string;
          manager_id: number | null;
          manager_name: string | null;
          user_id: number | null;
        }[];
        pagination: { total: number };
      };
      return {
        total: pagination.total,
        rows: employees.map((e) => [e.id, e.first_name, e.manager_id, e.manager_name, e.user_id]),
      };
    };
    const expectPages = async (rows: unknown[][]) => {
      for (const query of queries) {
        expect(await page(query), query).toEqual({ total: rows.length, rows });
      }
    };

    for (const query of queries) expect(await page(query)).toEqual(await page(query));
    await expectPages([
      [kim, 'Kim', boss, 'Mona Able', null],
      [lee, 'Lee', null, null, null],
    ]);

    // Written straight into the database: the versions are kept by triggers, not by the routes.
    await db
      .updateTable('employees')
      .set({ first_name: 'Kimberly' })
      .where('id', '=', kim)
      .execute();
    await expectPages([
      [kim, 'Kimberly', boss, 'Mona Able', null],
      [lee, 'Lee', null, null, null],
    ]);
    await db
      .updateTable('employees')
      .set({ first_name: 'Monica' })
      .where('id', '=', boss)
      .execute();
    await expectPages([
      [kim, 'Kimberly', boss, 'Monica Able', null],
      [lee, 'Lee', null, null, null],
    ]);
    const account = await insertUser(db, { employee_id: lee, password_hash: 'unused' });
    await expectPages([
      [kim, 'Kimberly', boss, 'Monica Able', null],
      [lee, 'Lee', null, null, account.id],
    ]);
    await db.deleteFrom('users').where('id', '=', account.id).execute();
    await expectPages([
      [kim, 'Kimberly', boss, 'Monica Able', null],
      [lee, 'Lee', null, null, null],
    ]);
    // A change of no searched text or name: found by the same index entries, read again all the same.
    await db.updateTable('employees').set({ manager_id: boss }).where('id', '=', lee).execute();
    await expectPages([
      [kim, 'Kimberly', boss, 'Monica Able', null],
      [lee, 'Lee', boss, 'Monica Able', null],
    ]);
    // The foreign key sets Kim's and Lee's manager to null.
    await db.deleteFrom('employees').where('id', '=', boss).execute();
    await expectPages([
      [kim, 'Kimberly', null, null, null],
      [lee, 'Lee', null, null, null],
    ]);
    await db.deleteFrom('employees').where('id', '=', lee).execute();
    await expectPages([[kim, 'Kimberly', null, null, null]]);
  });

  it('sorts by whitelisted columns, ignoring case, in either order', async () => {
    const ids = await seed();
    const token = ctx().as.admin.token;
    const names = async (query: string) => {
      const res = await ctx().call('GET', `/api/employees?department=Commerce&${query}`, {
        token,
      });
      expect(res.status).toBe(200);
      return (res.body.data.employees as { id: number }[]).map((e) => e.id);
    };
    // "turing" sorts after "Lovelace" although lower-case letters sort after capitals in bytes.
    expect(await names('sort=last_name')).toEqual([ids.ada, ids.alan]);
    expect(await names('sort=last_name&order=desc')).toEqual([ids.alan, ids.ada]);
    expect(await names('sort=join_date')).toEqual([ids.alan, ids.ada]);
    // Employees without a salary come last either way.
    expect(await names('sort=salary&order=asc')).toEqual([ids.ada, ids.alan]);
    expect(await names('sort=salary&order=desc')).toEqual([ids.ada, ids.alan]);

    const bad = await ctx().call('GET', '/api/employees?sort=password_hash', { token });
    expect(bad.status).toBe(400);
    const message = `sort must be one of ${EMPLOYEE_SORT_FIELDS.join(', ')}`;
    expect(bad.body).toEqual(errorEnvelope(message, 'sort'));
    const orderMessage = 'order must be asc or desc';
    const badOrder = await ctx().call('GET', '/api/employees?order=sideways', { token });
    expect(badOrder.status).toBe(400);
    expect(badOrder.body).toEqual(errorEnvelope(orderMessage, 'order'));
  });

  it('refuses a limit above 1000 or a page below 1', async () => {
    const token = ctx().as.admin.token;
    const tooMany = await ctx().call('GET', '/api/employees?limit=1001', { token });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toEqual(errorEnvelope('limit must be at most 1000', 'limit'));
    const page0 = await ctx().call('GET', '/api/employees?page=0', { token });
    expect(page0.status).toBe(400);
    expect(page0.body).toEqual(errorEnvelope('page must be at least 1', 'page'));
  });

  it('answers every field of a record, the same way on both engines', async () => {
    const token = ctx().as.admin.token;
    const manager = await ctx().call('POST', '/api/employees', {
      token,
      body: employeeBody({ first_name: 'Mary', last_name: 'Boss' }),
    });
    const created = await ctx().call('POST', '/api/employees', {
      token,
      body: employeeBody({
        first_name: 'Kim',
        last_name: 'Lee',
        email: 'Kim.Lee@Uni.Example ',
        phone: '+44 20 7946 0958',
        position: 'Lecturer',
        department: 'Civil Engineering',
        join_date: '2023-09-01',
        salary: 61234.56,
        employee_code: 'EMP-9001',
        employment_type: 'part-time',
        location: 'remote',
        manager_id: manager.body.data.employee.id,
        notes: 'Teaches statics.',
        skills: ['Statics', ' ', 'statics', 'Surveying'],
      }),
    });
    expect(created.status).toBe(201);
    const id = created.body.data.employee.id;
    const res = await ctx().call('GET', `/api/employees/${id}`, { token });
    expect(res.body.data.employee).toEqual({
      id,
      first_name: 'Kim',
      last_name: 'Lee',
      email: 'kim.lee@uni.example',
      phone: '+44 20 7946 0958',
      position: 'Lecturer',
      department: 'Civil Engineering',
      join_date: '2023-09-01',
      status: 'active',
      salary: 61234.56,
      employee_code: 'EMP-9001',
      employment_type: 'part-time',
      location: 'remote',
      manager_id: manager.body.data.employee.id,
      manager_name: 'Mary Boss',
      user_id: null,
      notes: 'Teaches statics.',
      skills: ['Statics', 'Surveying'],
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      updated_at: expect.stringMatching(/Z$/),
    });
    // The account link shows up once the employee has a user.
    const linked = await ctx().call('GET', `/api/employees/${ctx().as.employee.employeeId}`, {
      token,
    });
    expect(linked.body.data.employee.user_id).toBe(ctx().as.employee.id);
  });
});

describeEachEngine('people in the API document', (ctx) => {
  it('documents every staff, user and linking route', async () => {
    const res = await ctx().call('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/employees',
        '/api/employees/stats',
        '/api/employees/{id}',
        '/api/employees/{id}/link-employee',
        '/api/users',
        '/api/users/{id}',
      ]),
    );
    const user = JSON.stringify(res.body.paths['/api/users']);
    expect(user).not.toMatch(/password_hash/);
  });
});

describeEachEngine('staff stats', (ctx) => {
  it('answers departments and positions in use and the five configured departments', async () => {
    await insertEmployee(ctx().db, { department: 'Commerce', position: 'Accountant' });
    await insertEmployee(ctx().db, { department: 'Commerce', position: 'Accountant' });
    await insertEmployee(ctx().db, { department: 'CIT', position: 'Lab Technician' });
    const res = await ctx().call('GET', '/api/employees/stats', { token: ctx().as.manager.token });
    expect(res.status).toBe(200);
    expect(res.body.data.configured_departments).toEqual([...DEPARTMENTS]);
    expect(res.body.data.departments).toEqual(['CIT', 'Commerce']);
    expect(res.body.data.positions).toEqual(['Accountant', 'Lab Technician', 'Lecturer']);
  });
});
