import { expect, it } from 'vitest';
import { USER_MESSAGES } from '#contract/user-options';
import { errorEnvelope } from './helpers/error-envelope';
import { insertEmployee, insertUser } from './helpers/factories';
import { describeEachEngine } from './helpers/test-app';

/** User management (admins only): roles, rules, temporary passwords, revocation, no leaks. */

let n = 0;
const newEmail = () => `new.user${++n}.${process.pid}@example.com`;

describeEachEngine('users: who may call', (ctx) => {
  const routes = (id: number) =>
    [
      ['GET', '/api/users'],
      ['GET', `/api/users/${id}`],
      ['POST', '/api/users'],
      ['PUT', `/api/users/${id}`],
      ['DELETE', `/api/users/${id}`],
      ['POST', `/api/employees/${id}/link-employee`],
    ] as const;
  const bodyFor = (method: string) =>
    method === 'PUT'
      ? { body: { firstname: 'Changed' } }
      : method === 'POST'
        ? { body: { email: newEmail(), firstname: 'A', lastname: 'B' } }
        : {};

  it('refuses anonymous callers with 401, employees and managers with 403', async () => {
    const target = await ctx().newUser('manager');
    for (const [method, url] of routes(target.id)) {
      const anonymous = await ctx().call(method, url, bodyFor(method));
      expect(anonymous.status, `anonymous ${method} ${url}`).toBe(401);
      for (const role of ['employee', 'manager'] as const) {
        const res = await ctx().call(method, url, {
          token: ctx().as[role].token,
          ...bodyFor(method),
        });
        expect(res.status, `${role} ${method} ${url}`).toBe(403);
      }
    }
    const unchanged = await ctx()
      .db.selectFrom('users')
      .select('firstname')
      .where('id', '=', target.id)
      .executeTakeFirstOrThrow();
    expect(unchanged.firstname).not.toBe('Changed');
  });

  it('answers 404 for unknown users', async () => {
    const token = ctx().as.admin.token;
    expect((await ctx().call('GET', '/api/users/987654', { token })).status).toBe(404);
    const put = await ctx().call('PUT', '/api/users/987654', { token, body: { firstname: 'X' } });
    expect(put.status).toBe(404);
    expect(put.body.message).toBe('User not found');
    expect((await ctx().call('DELETE', '/api/users/987654', { token })).status).toBe(404);
    expect(
      (await ctx().call('POST', '/api/employees/987654/link-employee', { token })).status,
    ).toBe(404);
  });
});

describeEachEngine('users: listing', (ctx) => {
  it('lists users with paging and a user_type filter, never a password hash', async () => {
    const token = ctx().as.admin.token;
    const all = await ctx().call('GET', '/api/users?limit=1000', { token });
    expect(all.status).toBe(200);
    expect(all.body.data.pagination).toEqual({ page: 1, limit: 1000, total: 3 });
    expect(all.text).not.toMatch(/password_hash|argon2/);

    const managers = await ctx().call('GET', '/api/users?user_type=manager', { token });
    expect(managers.body.data.users.map((u: { id: number }) => u.id)).toEqual([
      ctx().as.manager.id,
    ]);
    const employee = await ctx().call('GET', '/api/users?user_type=employee', { token });
    expect(employee.body.data.users[0]).toMatchObject({
      id: ctx().as.employee.id,
      user_type: 'employee',
      employee_id: ctx().as.employee.employeeId,
      employee_name: expect.any(String),
    });

    const page = await ctx().call('GET', '/api/users?limit=2&page=2&sort=email&order=asc', {
      token,
    });
    expect(page.body.data.users).toHaveLength(1);
    expect(page.body.data.pagination).toEqual({ page: 2, limit: 2, total: 3 });
    // Past the end the totals still hold, for everyone and for one role.
    const pastEnd = await ctx().call('GET', '/api/users?limit=2&page=9', { token });
    expect(pastEnd.body.data).toEqual({ users: [], pagination: { page: 9, limit: 2, total: 3 } });
    const managersPastEnd = await ctx().call('GET', '/api/users?user_type=manager&page=2', {
      token,
    });
    expect(managersPastEnd.body.data.pagination.total).toBe(1);
    expect(managers.body.data.pagination.total).toBe(1);

    const bad = await ctx().call('GET', '/api/users?user_type=superuser', { token });
    expect(bad.status).toBe(400);
    const message = 'User type must be one of admin, manager, employee';
    expect(bad.body).toEqual(errorEnvelope(message, 'user_type'));
  });

  it('keeps a search newest first through name and email changes and removals', async () => {
    const { db, call } = ctx();
    const token = ctx().as.admin.token;
    const wombat = async (day: string) =>
      (await insertUser(db, { lastname: 'Wombat', created_at: `2030-01-0${day}T00:00:00.000Z` }))
        .id;
    const [a, b, c] = [await wombat('1'), await wombat('2'), await wombat('3')];
    // One row a page, so that each page has to be picked from the order, not only sorted.
    const pagesOf = async (search: string, query = '') => {
      const found: number[] = [];
      for (let page = 1; page <= 4; page++) {
        const url = `/api/users?search=${search}&limit=1&page=${page}${query}`;
        found.push(
          ...(await call('GET', url, { token })).body.data.users.map(
            (user: { id: number }) => user.id,
          ),
        );
      }
      return found;
    };
    // A term of one trigram ("mba") and a longer one, as the trigram index matches them.
    const idsInOrder = async (query = '') => {
      const found = await pagesOf('wombat', query);
      expect(await pagesOf('MBA', query), query).toEqual(found);
      return found;
    };
    expect(await idsInOrder()).toEqual([c, b, a]);
    expect(await idsInOrder('&order=asc')).toEqual([a, b, c]);

    await call('PUT', `/api/users/${b}`, { token, body: { lastname: 'Koala' } });
    expect(await idsInOrder()).toEqual([c, a]);
    await call('PUT', `/api/users/${a}`, { token, body: { email: 'a.qzvx@example.org' } });
    expect(await pagesOf('qzv')).toEqual([a]);
    expect(await pagesOf('QZVX')).toEqual([a]);
    expect((await call('DELETE', `/api/users/${c}`, { token })).status).toBe(200);
    expect(await idsInOrder()).toEqual([a]);
  });

  it('answers one user with both spellings of the name', async () => {
    const res = await ctx().call('GET', `/api/users/${ctx().as.manager.id}`, {
      token: ctx().as.admin.token,
    });
    expect(res.body.data.user).toEqual({
      id: ctx().as.manager.id,
      email: ctx().as.manager.email,
      firstname: expect.any(String),
      lastname: expect.any(String),
      first_name: res.body.data.user.firstname,
      last_name: res.body.data.user.lastname,
      user_type: 'manager',
      employee_id: null,
      employee_name: null,
      password_is_temporary: false,
      locked_until: null,
      created_at: expect.stringMatching(/Z$/),
      updated_at: expect.stringMatching(/Z$/),
    });
  });
  it('answers each account as it is now, once read, whoever changes it or its employee', async () => {
    const tag = `Remembered${ctx().engine}`;
    const ada = await insertEmployee(ctx().db, { first_name: 'Ada', last_name: 'Lovelace' });
    const grace = await insertEmployee(ctx().db, { first_name: 'Grace', last_name: 'Hopper' });
    const older = await insertUser(ctx().db, {
      firstname: 'Older',
      lastname: tag,
      employee_id: ada,
      created_at: '2099-01-01T09:00:00.000Z',
    });
    await insertUser(ctx().db, {
      firstname: 'Newer',
      lastname: tag,
      created_at: '2099-01-02T09:00:00.000Z',
    });
    // Its own URL each time: the response cache answers none of these reads.
    let read = 0;
    const page = async (query: string) => {
      const res = await ctx().call('GET', `/api/users?${query}&read=${read++}`, {
        token: ctx().as.admin.token,
      });
      expect(res.status).toBe(200);
      return (
        res.body.data.users as {
          firstname: string;
          employee_id: number | null;
          employee_name: string | null;
        }[]
      ).map(({ firstname, employee_id, employee_name }) => [firstname, employee_id, employee_name]);
    };
    // A search's page and the whole list's (the newest: these accounts are dated 2099).
    const pages = [`search=${tag}`, 'limit=2'];
    const expectPages = async (expected: unknown[][]) => {
      for (const query of pages) expect(await page(query), query).toEqual(expected);
    };
    for (const query of pages) await page(query);
    await expectPages([
      ['Newer', null, null],
      ['Older', ada, 'Ada Lovelace'],
    ]);

    // Written straight into the database: the versions are kept by triggers, not by the routes.
    await ctx()
      .db.updateTable('users')
      .set({ firstname: 'Oldest' })
      .where('id', '=', older.id)
      .execute();
    await expectPages([
      ['Newer', null, null],
      ['Oldest', ada, 'Ada Lovelace'],
    ]);
    await ctx()
      .db.updateTable('employees')
      .set({ last_name: 'Byron' })
      .where('id', '=', ada)
      .execute();
    await expectPages([
      ['Newer', null, null],
      ['Oldest', ada, 'Ada Byron'],
    ]);
    await ctx()
      .db.updateTable('users')
      .set({ employee_id: grace })
      .where('firstname', '=', 'Newer')
      .where('lastname', '=', tag)
      .execute();
    await ctx()
      .db.updateTable('users')
      .set({ employee_id: null })
      .where('id', '=', older.id)
      .execute();
    await expectPages([
      ['Newer', grace, 'Grace Hopper'],
      ['Oldest', null, null],
    ]);
    await ctx().db.deleteFrom('users').where('id', '=', older.id).execute();
    expect(await page(`search=${tag}`)).toEqual([['Newer', grace, 'Grace Hopper']]);
    expect((await page('limit=2'))[0]).toEqual(['Newer', grace, 'Grace Hopper']);
  });
});

describeEachEngine('users: creating', (ctx) => {
  it('creates a manager by default with a one-time temporary password that signs in', async () => {
    const email = newEmail();
    const res = await ctx().call('POST', '/api/users', {
      token: ctx().as.admin.token,
      body: { email: `  ${email.toUpperCase()} `, firstname: 'Tess', lastname: 'Ting' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.user).toMatchObject({
      email,
      user_type: 'manager',
      password_is_temporary: true,
    });
    const temporary = res.body.data.temporary_password as string;
    expect(temporary).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(res.text).not.toMatch(/password_hash|argon2/);

    const login = await ctx().call('POST', '/api/auth/login', {
      body: { email, password: temporary },
    });
    expect(login.status).toBe(200);
    expect(login.body.data.user.user_type).toBe('manager');

    const audit = await ctx()
      .db.selectFrom('audit_entries')
      .selectAll()
      .where('name', '=', 'User Created')
      .where('entity_id', '=', res.body.data.user.id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.description).toContain('Tess Ting');
    expect(`${audit[0]!.after_json}${audit[0]!.description}`).not.toContain(temporary);
  });

  it('uses a given password and answers no temporary one', async () => {
    const email = newEmail();
    const res = await ctx().call('POST', '/api/users', {
      token: ctx().as.admin.token,
      body: {
        email,
        firstname: 'Ann',
        lastname: 'Admin',
        user_type: 'admin',
        password: 'chosen-password',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.temporary_password).toBeUndefined();
    expect(res.body.data.user.password_is_temporary).toBe(false);
    const login = await ctx().call('POST', '/api/auth/login', {
      body: { email, password: 'chosen-password' },
    });
    expect(login.body.data.user.user_type).toBe('admin');
  });

  it('rejects malformed input with 400 naming the field', async () => {
    const token = ctx().as.admin.token;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: 'nope' }, 'email', USER_MESSAGES.emailInvalid],
      [{ email: undefined }, 'email', USER_MESSAGES.emailRequired],
      [{ firstname: '' }, 'firstname', USER_MESSAGES.firstNameRequired],
      [{ lastname: undefined }, 'lastname', USER_MESSAGES.lastNameRequired],
      [{ user_type: 'root' }, 'user_type', 'User type must be one of admin, manager, employee'],
      [{ user_type: null }, 'user_type', USER_MESSAGES.userTypeRequired],
      [{ password: 'short' }, 'password', 'Password must be at least 8 characters long'],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await ctx().call('POST', '/api/users', {
        token,
        body: { email: newEmail(), firstname: 'A', lastname: 'B', ...overrides },
      });
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(res.body, JSON.stringify(overrides)).toEqual(errorEnvelope(message, field));
    }
  });

  it('answers 409 for an email already in use, whatever its case', async () => {
    const res = await ctx().call('POST', '/api/users', {
      token: ctx().as.admin.token,
      body: { email: ctx().as.manager.email.toUpperCase(), firstname: 'A', lastname: 'B' },
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual(errorEnvelope(USER_MESSAGES.emailTaken, 'email'));
  });
});

describeEachEngine('users: changing and deleting', (ctx) => {
  it('changes names and email without signing the user out', async () => {
    const user = await ctx().newUser('manager');
    const email = newEmail();
    const res = await ctx().call('PUT', `/api/users/${user.id}`, {
      token: ctx().as.admin.token,
      body: { firstname: 'Renamed', email },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ firstname: 'Renamed', email });
    expect((await ctx().call('GET', '/api/auth/me', { token: user.token })).status).toBe(200);
    const audit = await ctx()
      .db.selectFrom('audit_entries')
      .selectAll()
      .where('name', '=', 'User Updated')
      .where('entity_id', '=', user.id)
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('revokes the user’s sessions on a role change or a password set by an admin', async () => {
    const token = ctx().as.admin.token;
    const promoted = await ctx().newUser('manager');
    const res = await ctx().call('PUT', `/api/users/${promoted.id}`, {
      token,
      body: { user_type: 'admin' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.user.user_type).toBe('admin');
    expect((await ctx().call('GET', '/api/auth/me', { token: promoted.token })).status).toBe(401);

    const reset = await ctx().newUser('employee');
    const changed = await ctx().call('PUT', `/api/users/${reset.id}`, {
      token,
      body: { password: 'admin-chosen-pw' },
    });
    expect(changed.status).toBe(200);
    expect((await ctx().call('GET', '/api/auth/me', { token: reset.token })).status).toBe(401);
    const login = await ctx().call('POST', '/api/auth/login', {
      body: { email: reset.email, password: 'admin-chosen-pw' },
    });
    expect(login.status).toBe(200);
    expect(changed.text).not.toMatch(/admin-chosen-pw|argon2/);
    const audit = await ctx()
      .db.selectFrom('audit_entries')
      .select(['description', 'before_json', 'after_json'])
      .where('entity_id', '=', reset.id)
      .where('name', '=', 'User Updated')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(audit)).not.toMatch(/admin-chosen-pw|argon2/);
  });

  it('answers 409 when taking another user’s email and 400 for a short password', async () => {
    const user = await ctx().newUser('manager');
    const token = ctx().as.admin.token;
    const taken = await ctx().call('PUT', `/api/users/${user.id}`, {
      token,
      body: { email: ctx().as.employee.email },
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual(errorEnvelope(USER_MESSAGES.emailTaken, 'email'));
    const short = await ctx().call('PUT', `/api/users/${user.id}`, {
      token,
      body: { password: 'tiny' },
    });
    expect(short.status).toBe(400);
    const message = 'Password must be at least 8 characters long';
    expect(short.body).toEqual(errorEnvelope(message, 'password'));
  });

  it('deletes a user, ends their sessions and keeps a copy in the audit trail', async () => {
    const user = await ctx().newUser('manager');
    const res = await ctx().call('DELETE', `/api/users/${user.id}`, {
      token: ctx().as.admin.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: user.id });
    expect((await ctx().call('GET', '/api/auth/me', { token: user.token })).status).toBe(401);
    const audit = await ctx()
      .db.selectFrom('audit_entries')
      .selectAll()
      .where('name', '=', 'User Deleted')
      .where('entity_id', '=', user.id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.before_json!).email).toBe(user.email);
    expect(audit[0]!.before_json).not.toMatch(/argon2/);
  });
});

// Its own app: other suites add admins, and this one needs exactly one to start with.
describeEachEngine('users: the last admin', (ctx) => {
  it('never lets the last admin be demoted or anyone delete themselves', async () => {
    const admin = ctx().as.admin;
    const demote = await ctx().call('PUT', `/api/users/${admin.id}`, {
      token: admin.token,
      body: { user_type: 'manager' },
    });
    expect(demote.status).toBe(409);
    expect(demote.body.message).toBe('There must always be at least one admin');

    const self = await ctx().call('DELETE', `/api/users/${admin.id}`, { token: admin.token });
    expect(self.status).toBe(409);
    expect(self.body.message).toBe('You cannot delete your own account');

    // With a second admin, one may step down, and may also remove the other.
    const second = await ctx().newUser('admin');
    const stepDown = await ctx().call('PUT', `/api/users/${second.id}`, {
      token: admin.token,
      body: { user_type: 'manager' },
    });
    expect(stepDown.status).toBe(200);
    const again = await ctx().call('PUT', `/api/users/${second.id}`, {
      token: admin.token,
      body: { user_type: 'admin' },
    });
    expect(again.status).toBe(200);
    expect(
      (await ctx().call('DELETE', `/api/users/${second.id}`, { token: admin.token })).status,
    ).toBe(200);
    const still = await ctx().call('GET', `/api/users/${admin.id}`, { token: admin.token });
    expect(still.body.data.user.user_type).toBe('admin');
  });
});
