import { expect, it } from 'vitest';
import { errorEnvelope } from './helpers/error-envelope';
import { insertEmployee } from './helpers/factories';
import { describeEachEngine } from './helpers/test-app';

/** POST /api/employees/{id}/link-employee (PRODUCT.md section 2). */

describeEachEngine('linking an employee to an account', (ctx) => {
  const link = (id: number) =>
    ctx().call('POST', `/api/employees/${id}/link-employee`, { token: ctx().as.admin.token });

  it('creates an employee account with a one-time password that signs in as that employee', async () => {
    const id = await insertEmployee(ctx().db, {
      first_name: 'Lin',
      last_name: 'Ked',
      email: 'lin.ked@example.com',
    });
    const res = await link(id);
    expect(res.status).toBe(201);
    expect(res.body.data.user).toMatchObject({
      email: 'lin.ked@example.com',
      firstname: 'Lin',
      lastname: 'Ked',
      user_type: 'employee',
      employee_id: id,
      employee_name: 'Lin Ked',
      password_is_temporary: true,
    });
    expect(res.text).not.toMatch(/argon2|password_hash/);
    const login = await ctx().call('POST', '/api/auth/login', {
      body: { email: 'lin.ked@example.com', password: res.body.data.temporary_password },
    });
    expect(login.status).toBe(200);
    expect(login.body.data.user).toMatchObject({ user_type: 'employee', employee_id: id });

    const employee = await ctx().call('GET', `/api/employees/${id}`, {
      token: ctx().as.admin.token,
    });
    expect(employee.body.data.employee.user_id).toBe(res.body.data.user.id);

    const audit = await ctx()
      .db.selectFrom('audit_entries')
      .selectAll()
      .where('name', '=', 'Employee Account Linked')
      .where('entity_id', '=', id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.description).toContain('Lin Ked');
    expect(JSON.stringify(audit[0])).not.toContain(res.body.data.temporary_password);

    // Asking again changes nothing and reveals no new password.
    const again = await link(id);
    expect(again.status).toBe(200);
    expect(again.body.data.temporary_password).toBeUndefined();
    expect(again.body.data.user.id).toBe(res.body.data.user.id);
  });

  it('links the existing employee account of that email', async () => {
    const account = await ctx().newUser('employee', {
      email: 'was.unlinked@example.com',
      employee_id: null,
    });
    const id = await insertEmployee(ctx().db, { email: 'was.unlinked@example.com' });
    const res = await link(id);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Employee linked to the existing account');
    expect(res.body.data.temporary_password).toBeUndefined();
    expect(res.body.data.user).toMatchObject({
      id: account.id,
      user_type: 'employee',
      employee_id: id,
    });
    // Their session goes on, now with their staff record attached.
    const me = await ctx().call('GET', '/api/auth/me', { token: account.token });
    expect(me.body.data.user.employee_id).toBe(id);
  });

  it('refuses an admin or manager account of that email with 409 naming the way to link it', async () => {
    for (const role of ['admin', 'manager'] as const) {
      const email = `also.staff.${role}@example.com`;
      const account = await ctx().newUser(role, { email });
      const id = await insertEmployee(ctx().db, { email });
      const res = await link(id);
      expect(res.status).toBe(409);
      expect(res.body).toEqual(
        errorEnvelope(
          `An account with this email already exists as ${role === 'admin' ? 'an admin' : 'a manager'}. To link it, an administrator sets its employee record in User Management.`,
        ),
      );
      const stored = await ctx()
        .db.selectFrom('users')
        .select(['user_type', 'employee_id'])
        .where('id', '=', account.id)
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({ user_type: role, employee_id: null });
      const me = await ctx().call('GET', '/api/auth/me', { token: account.token });
      expect(me.body.data.user.employee_id).toBeNull();
      const audit = await ctx()
        .db.selectFrom('audit_entries')
        .select('id')
        .where('name', '=', 'Employee Account Linked')
        .where('entity_id', '=', id)
        .execute();
      expect(audit).toEqual([]);
    }
  });

  it('answers 409 when the account or the employee is linked elsewhere', async () => {
    // The account with this employee's email already belongs to another employee.
    const other = await insertEmployee(ctx().db);
    const user = await ctx().newUser('employee', {
      email: 'shared@example.com',
      employee_id: other,
    });
    const id = await insertEmployee(ctx().db, { email: 'shared@example.com' });
    const taken = await link(id);
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual(
      errorEnvelope('The account shared@example.com is already linked to another employee'),
    );
    const unchanged = await ctx()
      .db.selectFrom('users')
      .select('employee_id')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(unchanged.employee_id).toBe(other);

    // The employee is already linked to an account of another email.
    const linkedElsewhere = await insertEmployee(ctx().db, { email: 'moved@example.com' });
    await ctx().newUser('employee', { email: 'old@example.com', employee_id: linkedElsewhere });
    const conflict = await link(linkedElsewhere);
    expect(conflict.status).toBe(409);
    expect(conflict.body).toEqual(
      errorEnvelope('This employee is already linked to another account (old@example.com)'),
    );
  });
});

describeEachEngine('linking an account of any role on purpose (PUT /api/users/{id})', (ctx) => {
  const put = (id: number, body: unknown) =>
    ctx().call('PUT', `/api/users/${id}`, { token: ctx().as.admin.token, body });

  it('sets, moves and clears the employee record of a manager account, audited', async () => {
    const manager = await ctx().newUser('manager');
    const ada = await insertEmployee(ctx().db, { first_name: 'Ada', last_name: 'Lovelace' });
    const res = await put(manager.id, { employee_id: ada });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({
      id: manager.id,
      user_type: 'manager',
      employee_id: ada,
      employee_name: 'Ada Lovelace',
    });
    // The guard reads the link with the account: the session sees its staff record at once.
    const me = await ctx().call('GET', '/api/auth/me', { token: manager.token });
    expect(me.status).toBe(200);
    expect(me.body.data.user.employee_id).toBe(ada);
    const employee = await ctx().call('GET', `/api/employees/${ada}`, {
      token: ctx().as.admin.token,
    });
    expect(employee.body.data.employee.user_id).toBe(manager.id);

    const cleared = await put(manager.id, { employee_id: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.user).toMatchObject({ employee_id: null, employee_name: null });

    const audit = await ctx()
      .db.selectFrom('audit_entries')
      .select('description')
      .where('name', '=', 'User Updated')
      .where('entity_id', '=', manager.id)
      .orderBy('id')
      .execute();
    expect(audit.map((entry) => entry.description)).toEqual([
      expect.stringContaining('linked to the employee Ada Lovelace'),
      expect.stringContaining('no longer linked to Ada Lovelace'),
    ]);
  });

  it('refuses an employee that does not exist (404) or has another account (409)', async () => {
    const manager = await ctx().newUser('manager');
    const missing = await put(manager.id, { employee_id: 2_000_000_000 });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(errorEnvelope('Employee not found', 'employee_id'));

    const holder = ctx().as.employee;
    const taken = await put(manager.id, { employee_id: holder.employeeId });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual(
      errorEnvelope(
        `This employee is already linked to another account (${holder.email})`,
        'employee_id',
      ),
    );
    const bad = await put(manager.id, { employee_id: 'abc' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      { field: 'employee_id', message: 'Employee must be a positive whole number' },
    ]);
    const stored = await ctx()
      .db.selectFrom('users')
      .select('employee_id')
      .where('id', '=', manager.id)
      .executeTakeFirstOrThrow();
    expect(stored.employee_id).toBeNull();
  });

  it('then lets link-employee answer the account as already linked', async () => {
    const email = `linked.on.purpose.${ctx().engine}@example.com`;
    const manager = await ctx().newUser('manager', { email });
    const id = await insertEmployee(ctx().db, { email });
    expect((await put(manager.id, { employee_id: id })).status).toBe(200);
    const res = await ctx().call('POST', `/api/employees/${id}/link-employee`, {
      token: ctx().as.admin.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Employee is already linked to this account');
    expect(res.body.data.user).toMatchObject({ id: manager.id, user_type: 'manager' });
  });
});
