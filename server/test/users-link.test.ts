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

  it('links the existing user of that email and keeps their role', async () => {
    const manager = await ctx().newUser('manager', { email: 'also.staff@example.com' });
    const id = await insertEmployee(ctx().db, { email: 'also.staff@example.com' });
    const res = await link(id);
    expect(res.status).toBe(200);
    expect(res.body.data.temporary_password).toBeUndefined();
    expect(res.body.data.user).toMatchObject({
      id: manager.id,
      user_type: 'manager',
      employee_id: id,
    });
    // Their session goes on, now with their staff record attached.
    const me = await ctx().call('GET', '/api/auth/me', { token: manager.token });
    expect(me.body.data.user.employee_id).toBe(id);
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
