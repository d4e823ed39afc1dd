import { expect, it } from 'vitest';
import { DEPARTMENTS } from '#contract/employee-options';
import { nowIso } from '../src/lib/clock';
import { EMPLOYEE_CONFLICTS } from '../src/modules/employees/employees.service';
import { applyScoreChange } from '../src/modules/scores/scores.repository';
import { errorEnvelope } from './helpers/error-envelope';
import { employeeBody, insertEmployee } from './helpers/factories';
import { describeEachEngine, type TestContext } from './helpers/test-app';

/** Writes of staff records: SPEC.md section 5 rules, conflicts, managers, audit, deletion. */

async function auditEntries(ctx: TestContext, name: string, entityId: number) {
  return ctx.db
    .selectFrom('audit_entries')
    .selectAll()
    .where('name', '=', name)
    .where('entity_id', '=', entityId)
    .execute();
}

describeEachEngine('adding staff', (ctx) => {
  it('creates a record with defaults, trims and lower-cases the email, and audits it', async () => {
    const res = await ctx().call('POST', '/api/employees', {
      token: ctx().as.manager.token,
      body: {
        first_name: '  Joan ',
        last_name: 'Clarke',
        email: '  Joan.Clarke@Example.COM ',
        position: 'Cryptanalyst',
        department: 'CIT',
        join_date: '2024-05-06',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Employee created successfully');
    const employee = res.body.data.employee;
    expect(employee).toMatchObject({
      first_name: 'Joan',
      email: 'joan.clarke@example.com',
      status: 'active',
      phone: null,
      salary: null,
      skills: [],
      manager_id: null,
      employment_type: null,
    });
    const audit = await auditEntries(ctx(), 'Employee Created', employee.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.description).toContain('Joan Clarke');
    expect(audit[0]!.actor_user_id).toBe(ctx().as.manager.id);
    expect(JSON.parse(audit[0]!.after_json!).email).toBe('joan.clarke@example.com');
  });

  it('rejects missing or malformed fields with 400 naming the field, storing nothing', async () => {
    const token = ctx().as.admin.token;
    const before = await ctx()
      .db.selectFrom('employees')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ first_name: undefined }, 'first_name', /First name is required/],
      [{ first_name: '   ' }, 'first_name', /First name is required/],
      [{ last_name: '' }, 'last_name', /Last name is required/],
      [{ position: undefined }, 'position', /Position is required/],
      [{ department: undefined }, 'department', /Department is required/],
      [{ department: 'Astrology' }, 'department', /Department must be one of CIT/],
      [{ email: 'not-an-email' }, 'email', /Email must be a valid email address/],
      [{ email: undefined }, 'email', /Email is required/],
      [{ join_date: undefined }, 'join_date', /Join date is required/],
      [{ join_date: '2024-02-31x' }, 'join_date', /Join date must be a date/],
      [{ salary: -1 }, 'salary', /Salary must be a number of at least 0/],
      [{ salary: 'lots' }, 'salary', /Salary must be a number/],
      [{ phone: 'call me maybe' }, 'phone', /Phone must be a phone number/],
      [{ status: 'fired' }, 'status', /Status must be one of/],
      [{ employment_type: 'gig' }, 'employment_type', /Employment type must be one of/],
      [{ location: 'moon' }, 'location', /Location must be one of/],
      [{ manager_id: 'boss' }, 'manager_id', /^Manager must be another employee$/],
      [{ skills: 'everything' }, 'skills', /^Skills must be a list of text$/],
      [
        { skills: ['x'.repeat(61)] },
        'skills.0',
        /^Skills, item 1: Each skill must be at most 60 characters$/,
      ],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await ctx().call('POST', '/api/employees', {
        token,
        body: employeeBody(overrides),
      });
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.errors[0].field, JSON.stringify(overrides)).toBe(field);
      expect(res.body.message, JSON.stringify(overrides)).toMatch(message);
    }
    const notObjectMessage = 'The request body must be a JSON object';
    const notObject = await ctx().call('POST', '/api/employees', { token, body: [1, 2] });
    expect(notObject.status).toBe(400);
    expect(notObject.body).toEqual(errorEnvelope(notObjectMessage, 'body'));
    const after = await ctx()
      .db.selectFrom('employees')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('ignores unknown fields instead of storing them', async () => {
    const res = await ctx().call('POST', '/api/employees', {
      token: ctx().as.admin.token,
      body: employeeBody({ id: 999_999, salary_cents: 1, created_at: '1999-01-01', hacker: true }),
    });
    expect(res.status).toBe(201);
    expect(res.body.data.employee.id).not.toBe(999_999);
    expect(res.body.data.employee.salary).toBe(52000.5);
    expect(res.body.data.employee.created_at).not.toMatch(/^1999/);
  });

  it('answers 409 for a duplicate email (any case) or employee code', async () => {
    const token = ctx().as.manager.token;
    const first = await ctx().call('POST', '/api/employees', {
      token,
      body: employeeBody({ email: 'dup@example.com', employee_code: 'D-1' }),
    });
    expect(first.status).toBe(201);
    const sameEmail = await ctx().call('POST', '/api/employees', {
      token,
      body: employeeBody({ email: ' DUP@Example.com' }),
    });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body).toEqual(errorEnvelope(EMPLOYEE_CONFLICTS.email, 'email'));
    const sameCode = await ctx().call('POST', '/api/employees', {
      token,
      body: employeeBody({ employee_code: 'D-1' }),
    });
    expect(sameCode.status).toBe(409);
    expect(sameCode.body).toEqual(errorEnvelope(EMPLOYEE_CONFLICTS.employeeCode, 'employee_code'));
    // In the form's words: the label, not the column.
    expect(sameCode.body.message).toBe('An employee with this Employee ID already exists');
  });

  it('needs the manager to be an existing employee', async () => {
    const res = await ctx().call('POST', '/api/employees', {
      token: ctx().as.admin.token,
      body: employeeBody({ manager_id: 987_654 }),
    });
    expect(res.status).toBe(400);
    const message = 'Manager must be an existing employee (there is none with id 987654)';
    expect(res.body).toMatchObject({ message, errors: [{ field: 'manager_id', message }] });
  });
});

describeEachEngine('changing staff', (ctx) => {
  it('changes only the fields sent and keeps the rest, with one audit entry', async () => {
    const token = ctx().as.manager.token;
    const created = await ctx().call('POST', '/api/employees', {
      token,
      body: employeeBody({
        employee_code: 'KEEP-1',
        skills: ['Welding'],
        notes: 'Keep me',
        location: 'hybrid',
      }),
    });
    const original = created.body.data.employee;
    const res = await ctx().call('PUT', `/api/employees/${original.id}`, {
      token,
      body: { position: 'Senior Lecturer', salary: 60000, phone: null },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.employee).toEqual({
      ...original,
      position: 'Senior Lecturer',
      salary: 60000,
      phone: null,
      updated_at: expect.any(String),
    });
    const audit = await auditEntries(ctx(), 'Employee Updated', original.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.description).toContain('was updated: phone, position, salary');
    expect(JSON.parse(audit[0]!.before_json!).position).toBe('Lecturer');
    expect(JSON.parse(audit[0]!.after_json!).position).toBe('Senior Lecturer');
  });

  it('rejects blanking a required field and a bad email with 400', async () => {
    const id = await insertEmployee(ctx().db);
    const token = ctx().as.admin.token;
    for (const [body, field, message] of [
      [{ first_name: '' }, 'first_name', 'First name is required'],
      [{ last_name: null }, 'last_name', 'Last name is required'],
      [{ email: 'nope' }, 'email', 'Email must be a valid email address'],
      [
        { department: 'Nowhere' },
        'department',
        `Department must be one of ${DEPARTMENTS.join(', ')}`,
      ],
      [{ salary: -5 }, 'salary', 'Salary must be a number of at least 0'],
    ] as const) {
      const res = await ctx().call('PUT', `/api/employees/${id}`, { token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual(errorEnvelope(message, field));
    }
  });

  it('answers 409 when taking another employee’s email or code, but not one’s own', async () => {
    const token = ctx().as.admin.token;
    const a = await insertEmployee(ctx().db, { email: 'taken@example.com', employee_code: 'T-1' });
    const b = await insertEmployee(ctx().db);
    const email = await ctx().call('PUT', `/api/employees/${b}`, {
      token,
      body: { email: 'Taken@example.com' },
    });
    expect(email.status).toBe(409);
    expect(email.body).toEqual(errorEnvelope(EMPLOYEE_CONFLICTS.email, 'email'));
    const code = await ctx().call('PUT', `/api/employees/${b}`, {
      token,
      body: { employee_code: 'T-1' },
    });
    expect(code.status).toBe(409);
    expect(code.body).toEqual(errorEnvelope(EMPLOYEE_CONFLICTS.employeeCode, 'employee_code'));
    const own = await ctx().call('PUT', `/api/employees/${a}`, {
      token,
      body: { email: 'TAKEN@example.com', employee_code: 'T-1' },
    });
    expect(own.status).toBe(200);
  });

  it('refuses a manager who is the employee or already reports to them', async () => {
    const token = ctx().as.admin.token;
    const top = await insertEmployee(ctx().db);
    const middle = await insertEmployee(ctx().db, { manager_id: top });
    const bottom = await insertEmployee(ctx().db, { manager_id: middle });

    const self = await ctx().call('PUT', `/api/employees/${top}`, {
      token,
      body: { manager_id: top },
    });
    expect(self.status).toBe(400);
    expect(self.body.errors).toEqual([
      { field: 'manager_id', message: 'An employee cannot be their own manager' },
    ]);

    for (const report of [middle, bottom]) {
      const loop = await ctx().call('PUT', `/api/employees/${top}`, {
        token,
        body: { manager_id: report },
      });
      expect(loop.status).toBe(400);
      expect(loop.body.errors).toEqual([
        {
          field: 'manager_id',
          message:
            'Manager cannot be someone who already reports to this employee, directly or through others',
        },
      ]);
    }

    const fine = await ctx().call('PUT', `/api/employees/${bottom}`, {
      token,
      body: { manager_id: top },
    });
    expect(fine.status).toBe(200);
    expect(fine.body.data.employee.manager_id).toBe(top);
    const cleared = await ctx().call('PUT', `/api/employees/${bottom}`, {
      token,
      body: { manager_id: null },
    });
    expect(cleared.body.data.employee.manager_id).toBeNull();
    expect(cleared.body.data.employee.manager_name).toBeNull();
  });
});

describeEachEngine('deleting staff', (ctx) => {
  it('removes the employee with their metrics, bonuses and questions, unlinks the account and keeps a copy', async () => {
    const db = ctx().db;
    const employee = await ctx().newUser('employee');
    const employeeId = employee.employeeId!;
    const report = await insertEmployee(db, { manager_id: employeeId });
    const now = nowIso();
    const metricType = await db
      .insertInto('metric_types')
      .values({
        metric_name: `Teaching ${employeeId}`,
        description: null,
        measurement_unit: '%',
        minimum_value: null,
        maximum_value: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('performance_metrics')
      .values({
        user_id: employeeId,
        metric_type_id: metricType.id,
        value_hundredths: 8050,
        comment: 'Great term',
        recorded_by: ctx().as.manager.id,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await applyScoreChange(db, { employeeId, createdAt: now, countDelta: 1, sumDelta: 8050 });
    await db
      .insertInto('bonuses')
      .values({
        employee_id: employeeId,
        bonus_name: 'Spot award',
        description: 'For the lab',
        awarded_by: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db
      .insertInto('questions')
      .values({
        employee_id: employeeId,
        question: 'How was the term?',
        response: null,
        responded_at: null,
        asked_by: null,
        created_at: now,
        updated_at: now,
      })
      .execute();

    const res = await ctx().call('DELETE', `/api/employees/${employeeId}`, {
      token: ctx().as.manager.token,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: 'Employee deleted successfully',
      data: { id: employeeId },
    });

    const count = async (table: 'performance_metrics' | 'bonuses' | 'questions') =>
      (await db.selectFrom(table).select('id').execute()).length;
    expect(await count('performance_metrics')).toBe(0);
    expect(await count('bonuses')).toBe(0);
    expect(await count('questions')).toBe(0);
    expect(
      await db
        .selectFrom('employee_scores')
        .select('employee_id')
        .where('employee_id', '=', employeeId)
        .execute(),
    ).toHaveLength(0);
    const account = await db
      .selectFrom('users')
      .select('employee_id')
      .where('id', '=', employee.id)
      .executeTakeFirstOrThrow();
    expect(account.employee_id).toBeNull();
    const reportRow = await db
      .selectFrom('employees')
      .select('manager_id')
      .where('id', '=', report)
      .executeTakeFirstOrThrow();
    expect(reportRow.manager_id).toBeNull();

    const audit = await auditEntries(ctx(), 'Employee Deleted', employeeId);
    expect(audit).toHaveLength(1);
    const copy = JSON.parse(audit[0]!.before_json!);
    expect(copy.employee.id).toBe(employeeId);
    expect(copy.employee.salary).toBe(50000);
    expect(copy.performance_metrics).toHaveLength(1);
    expect(copy.performance_metrics[0].comment).toBe('Great term');
    expect(copy.bonuses[0].bonus_name).toBe('Spot award');
    expect(copy.questions[0].question).toBe('How was the term?');
    expect(copy.unlinked_accounts[0].id).toBe(employee.id);
    expect(audit[0]!.description).toContain('1 metric value(s)');

    const again = await ctx().call('DELETE', `/api/employees/${employeeId}`, {
      token: ctx().as.manager.token,
    });
    expect(again.status).toBe(404);
    // The unlinked account still signs in; it just has no staff record any more.
    expect((await ctx().call('GET', '/api/auth/me', { token: employee.token })).status).toBe(200);
  });

  it('changes nothing when part of the deletion fails', async () => {
    const db = ctx().db;
    const id = await insertEmployee(db);
    const { createEmployeesService } = await import('../src/modules/employees/employees.service');
    const service = createEmployeesService(db);
    // An actor whose audit row cannot be written makes the transaction fail at its last step.
    const failing = {
      userId: null,
      email: null,
      get ip(): string {
        throw new Error('audit failed');
      },
    };
    await expect(service.remove(id, failing)).rejects.toThrow('audit failed');
    expect(
      await db.selectFrom('employees').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeDefined();
  });
});
