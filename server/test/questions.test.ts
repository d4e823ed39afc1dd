import { expect, it } from 'vitest';
import { AUTH_MESSAGES } from '#contract/auth-messages';
import { QUESTION_MESSAGES } from '#contract/questions';
import { auditEntriesOf, expectHrOnly } from './helpers/access-matrix';
import { auditedBy } from './helpers/audit';
import { errorEnvelope } from './helpers/error-envelope';
import { insertEmployee } from './helpers/factories';
import { insertQuestion } from './helpers/question-factories';
import { describeEachEngine, type TestContext } from './helpers/test-app';

const unique = () => Math.random().toString(36).slice(2, 10);

async function questionRows(context: TestContext, question: string) {
  return context.db
    .selectFrom('questions')
    .selectAll()
    .where('question', '=', question)
    .orderBy('employee_id')
    .execute();
}

describeEachEngine('questions: asking and answering', (ctx) => {
  const ask = (body: unknown, token = ctx().as.manager.token) =>
    ctx().call('POST', '/api/responses', { token, body });
  const answer = (body: unknown, token: string) =>
    ctx().call('PUT', '/api/responses', { token, body });
  const person = (first: string, last: string, status = 'active') =>
    insertEmployee(ctx().db, {
      first_name: first,
      last_name: last,
      email: `${first.toLowerCase()}.${unique()}@example.com`,
      status,
    });

  it('lets only managers and admins ask, and needs a session to answer', async () => {
    const employeeId = await person('Ada', 'Lovelace');
    const asked = await expectHrOnly(ctx(), 'POST', '/api/responses', () => ({
      question: `Access check ${unique()}`,
      employee_ids: [employeeId],
    }));
    expect([asked.manager.status, asked.admin.status]).toEqual([201, 201]);
    const anonymous = await ctx().call('PUT', '/api/responses', { body: { id: 1, response: 'x' } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual(errorEnvelope(AUTH_MESSAGES.notSignedIn));
  });

  it('asks chosen employees one question each, in one audited step', async () => {
    const grace = await person('Grace', 'Hopper');
    const alan = await person('Alan', 'Turing');
    const text = `How did the lab week go? ${unique()}`;
    const { result, entries } = await auditedBy(ctx().db, () =>
      ask({ question: `  ${text}  `, employee_ids: [alan, grace, String(alan)] }),
    );
    expect(result.status).toBe(201);
    expect(result.body.message).toBe(QUESTION_MESSAGES.asked);
    expect(result.body.data).toEqual({ question: text, asked: 2, employee_ids: [alan, grace] });

    const rows = await questionRows(ctx(), text);
    expect(rows.map((row) => row.employee_id).sort()).toEqual([grace, alan].sort());
    for (const row of rows) {
      expect(row.response).toBeNull();
      expect(row.responded_at).toBeNull();
      expect(row.asked_by).toBe(ctx().as.manager.id);
    }

    expect(entries).toHaveLength(1);
    const [entry] = entries;
    expect(entry!.name).toBe('Question Asked');
    expect(entry!.description).toMatch(
      /^Asked ".+" of 2 employees: Alan Turing \(alan\..+\), Grace Hopper \(grace\..+\)$/,
    );
    expect(entry!.description).toContain(`"${text}"`);
    expect(entry!.actor).toEqual({ user_id: ctx().as.manager.id, email: ctx().as.manager.email });
    expect(entry!.after).toEqual({
      question: text,
      all: false,
      asked: 2,
      employee_ids: [alan, grace],
    });
  });

  it('asks everyone: every active employee, and nobody on leave or inactive', async () => {
    const onLeave = await person('Olive', 'Leave', 'on-leave');
    const gone = await person('Ivan', 'Inactive', 'inactive');
    const here = await person('Anna', 'Active');
    const text = `Everyone: what should we stop doing? ${unique()}`;
    const { result, entries } = await auditedBy(ctx().db, () =>
      ask({ question: text, all: true }, ctx().as.admin.token),
    );
    expect(result.status).toBe(201);
    const active = await ctx()
      .db.selectFrom('employees')
      .select('id')
      .where('status', '=', 'active')
      .orderBy('id')
      .execute();
    const activeIds = active.map((row) => row.id);
    expect(result.body.data).toEqual({
      question: text,
      asked: activeIds.length,
      employee_ids: activeIds,
    });
    const asked = (await questionRows(ctx(), text)).map((row) => row.employee_id);
    expect(asked).toEqual(activeIds);
    expect(asked).toContain(here);
    expect(asked).not.toContain(onLeave);
    expect(asked).not.toContain(gone);

    expect(entries).toHaveLength(1);
    expect(entries[0]!.name).toBe('Question Asked');
    expect(entries[0]!.description).toBe(
      `Asked "${text}" of everyone: ${activeIds.length} active employees`,
    );
    expect(entries[0]!.after).toMatchObject({ all: true, asked: activeIds.length });
  });

  it('names the first ten people and counts the rest; quotes a long question cut short', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push(await person(`Many${i}`, 'Person'));
    const text = `${'Long question '.repeat(30)}${unique()}`.trim();
    const { result, entries } = await auditedBy(ctx().db, () =>
      ask({ question: text, employee_ids: ids }),
    );
    expect(result.status).toBe(201);
    expect(result.body.data.asked).toBe(12);
    expect(entries[0]!.description).toMatch(/^Asked "Long question .{150,}…" of 12 employees: /);
    expect(entries[0]!.description).toContain('Many9 Person');
    expect(entries[0]!.description).not.toContain('Many10 Person');
    expect(entries[0]!.description).toMatch(/ and 2 more$/);
  });

  it('points the entry of a one-person ask at the question, so its history reads ask then answer', async () => {
    const me = await ctx().newUser('employee');
    const text = `Single ask ${unique()}`;
    const asked = await ask({ question: text, employee_ids: [me.employeeId] });
    expect(asked.status).toBe(201);
    const [row] = await questionRows(ctx(), text);
    const answered = await answer({ id: row!.id, response: 'Fine' }, me.token);
    expect(answered.status).toBe(200);
    const history = await auditEntriesOf(ctx(), 'question', row!.id);
    expect(history.map((entry) => entry.name)).toEqual(['Question Asked', 'Question Answered']);
  });

  it('refuses bad input with 400 naming the field and unknown employees with 404, storing nothing', async () => {
    const known = await person('Kim', 'Known');
    // [body, field, the field's message, the answer's message when it differs from the field's]
    const cases: [unknown, string, string, string?][] = [
      [{ employee_ids: [known] }, 'question', 'Question is required'],
      [{ question: '   ', employee_ids: [known] }, 'question', 'Question is required'],
      [
        { question: 'x'.repeat(1001), employee_ids: [known] },
        'question',
        'Question must be at most 1000 characters',
      ],
      [{ question: 'Hello?' }, 'employee_ids', QUESTION_MESSAGES.chooseEmployees],
      [{ question: 'Hello?', employee_ids: [] }, 'employee_ids', QUESTION_MESSAGES.chooseEmployees],
      [
        { question: 'Hello?', all: false, employee_ids: [] },
        'employee_ids',
        QUESTION_MESSAGES.chooseEmployees,
      ],
      [
        { question: 'Hello?', all: true, employee_ids: [known] },
        'employee_ids',
        QUESTION_MESSAGES.eitherEmployeesOrAll,
      ],
      [
        { question: 'Hello?', employee_ids: [1.5] },
        'employee_ids.0',
        'Employee must be a positive whole number',
        // The item's own message cannot say which item it is, so the answer's message leads with it.
        'Employees, item 1: Employee must be a positive whole number',
      ],
      [
        { question: 'Hello?', employee_ids: 'all' },
        'employee_ids',
        'Employees must be a list of employee ids',
      ],
      [{ question: 'Hello?', all: 'yes' }, 'all', 'all must be true or false'],
      [
        { question: 'Hello?', employee_ids: Array.from({ length: 1001 }, (_, i) => i + 1) },
        'employee_ids',
        'Choose at most 1000 employees, or ask everyone',
      ],
    ];
    const before = await ctx().db.selectFrom('questions').select('id').execute();
    for (const [body, field, message, answerMessage = message] of cases) {
      const { result, entries } = await auditedBy(ctx().db, () => ask(body));
      const what = JSON.stringify(body).slice(0, 80);
      expect(result.status, what).toBe(400);
      expect(result.body, what).toEqual({
        success: false,
        message: answerMessage,
        errors: [{ field, message }],
      });
      expect(entries).toEqual([]);
    }
    const { result: unknown, entries } = await auditedBy(ctx().db, () =>
      ask({ question: 'Hello?', employee_ids: [known, 987655, 987654] }),
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Employees not found: 987654, 987655');
    expect(unknown.body.errors).toEqual([
      { field: 'employee_ids', message: 'Employees not found: 987654, 987655' },
    ]);
    expect(entries).toEqual([]);
    const after = await ctx().db.selectFrom('questions').select('id').execute();
    expect(after).toHaveLength(before.length);
  });

  it('refuses to ask everyone when nobody is active', async () => {
    const active = await ctx()
      .db.selectFrom('employees')
      .select('id')
      .where('status', '=', 'active')
      .execute();
    const ids = active.map((row) => row.id);
    await ctx()
      .db.updateTable('employees')
      .set({ status: 'on-leave' })
      .where('id', 'in', ids)
      .execute();
    try {
      const { result, entries } = await auditedBy(ctx().db, () =>
        ask({ question: 'Anyone there?', all: true }),
      );
      expect(result.status).toBe(400);
      expect(result.body.message).toBe(QUESTION_MESSAGES.noActiveEmployees);
      expect(entries).toEqual([]);
    } finally {
      await ctx()
        .db.updateTable('employees')
        .set({ status: 'active' })
        .where('id', 'in', ids)
        .execute();
    }
  });

  it('lets an employee answer their own pending question once, trimmed, with one audit entry', async () => {
    const me = await ctx().newUser('employee');
    const text = `What would help you most? ${unique()}`;
    const id = await insertQuestion(ctx().db, me.employeeId!, {
      question: text,
      createdAt: '2024-05-01T09:00:00.000Z',
    });
    const { result, entries } = await auditedBy(ctx().db, () =>
      answer({ id, response: '  More lab time  ' }, me.token),
    );
    expect(result.status).toBe(200);
    expect(result.body.message).toBe(QUESTION_MESSAGES.answered);
    const answered = result.body.data.response;
    expect(answered).toEqual({
      id,
      question: text,
      response: 'More lab time',
      is_responded: true,
      responded_at: expect.stringMatching(/Z$/),
      created_at: '2024-05-01T09:00:00.000Z',
      updated_at: answered.responded_at,
    });

    expect(entries).toHaveLength(1);
    const [entry] = entries;
    const employee = await ctx()
      .db.selectFrom('employees')
      .selectAll()
      .where('id', '=', me.employeeId!)
      .executeTakeFirstOrThrow();
    expect(entry!.name).toBe('Question Answered');
    expect(entry!.description).toBe(
      `${employee.first_name} ${employee.last_name} (${employee.email}) answered "${text}"`,
    );
    expect(entry!.actor).toEqual({ user_id: me.id, email: me.email });
    expect(entry!.entity_type).toBe('question');
    expect(entry!.entity_id).toBe(id);
    expect(entry!.before).toMatchObject({ id, response: null, is_responded: false });
    expect(entry!.after).toMatchObject({
      id,
      response: 'More lab time',
      is_responded: true,
      user_email: employee.email,
    });

    const twice = await auditedBy(ctx().db, () =>
      answer({ id, response: 'Changed my mind' }, me.token),
    );
    expect(twice.result.status).toBe(409);
    expect(twice.result.body.message).toBe(QUESTION_MESSAGES.alreadyAnswered);
    expect(twice.entries).toEqual([]);
    const stored = await ctx()
      .db.selectFrom('questions')
      .select('response')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.response).toBe('More lab time');
  });

  it('refuses a blank answer and keeps the question pending', async () => {
    const me = await ctx().newUser('employee');
    const id = await insertQuestion(ctx().db, me.employeeId!);
    for (const [body, field, message] of [
      [{ id, response: '   ' }, 'response', 'Response is required'],
      [{ id }, 'response', 'Response is required'],
      [{ id, response: 'x'.repeat(5001) }, 'response', 'Response must be at most 5000 characters'],
      [{ response: 'Fine' }, 'id', 'id is required'],
      [{ id: 'first', response: 'Fine' }, 'id', 'id must be a positive whole number'],
    ] as const) {
      const { result, entries } = await auditedBy(ctx().db, () => answer(body, me.token));
      const what = JSON.stringify(body).slice(0, 60);
      expect(result.status, what).toBe(400);
      expect(result.body, what).toEqual(errorEnvelope(message, field));
      expect(entries).toEqual([]);
    }
    const own = await ctx().call('GET', '/api/responses/all', { token: me.token });
    expect(own.body.data.responses[0]).toMatchObject({ id, is_responded: false, response: null });
  });

  it("answers someone else's question exactly like an unknown one: 404, nothing learnt or changed", async () => {
    const me = await ctx().newUser('employee');
    const other = await person('Secret', 'Colleague');
    const theirs = await insertQuestion(ctx().db, other, { question: 'Private question' });
    const forOthers = await auditedBy(ctx().db, () =>
      answer({ id: theirs, response: 'Mine now' }, me.token),
    );
    const unknown = await answer({ id: 2_000_000_000, response: 'Hello' }, me.token);
    expect(forOthers.result.status).toBe(404);
    expect(forOthers.result.body).toEqual(unknown.body);
    expect(unknown.body).toEqual(errorEnvelope(QUESTION_MESSAGES.questionNotFound, 'id'));
    expect(forOthers.entries).toEqual([]);
    const stored = await ctx()
      .db.selectFrom('questions')
      .select(['response', 'responded_at'])
      .where('id', '=', theirs)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ response: null, responded_at: null });

    // HR cannot answer on someone's behalf either; an account without a staff record has nothing.
    const byManager = await answer(
      { id: theirs, response: 'On their behalf' },
      ctx().as.manager.token,
    );
    expect(byManager.status).toBe(404);
  });

  it('lets HR staff with a staff record answer their own questions too', async () => {
    const employeeId = await person('Hana', 'Manager');
    const manager = await ctx().newUser('manager', { employee_id: employeeId });
    const id = await insertQuestion(ctx().db, employeeId);
    const res = await answer({ id, response: 'All good' }, manager.token);
    expect(res.status).toBe(200);
    expect(res.body.data.response.is_responded).toBe(true);
  });

  it('lets only one of two simultaneous answers win', async () => {
    const me = await ctx().newUser('employee');
    const id = await insertQuestion(ctx().db, me.employeeId!);
    const { result, entries } = await auditedBy(ctx().db, () =>
      Promise.all([
        answer({ id, response: 'First' }, me.token),
        answer({ id, response: 'Second' }, me.token),
      ]),
    );
    expect(result.map((res) => res.status).sort()).toEqual([200, 409]);
    expect(entries).toHaveLength(1);
    const winner = result.find((res) => res.status === 200)!.body.data.response.response;
    const stored = await ctx()
      .db.selectFrom('questions')
      .select('response')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.response).toBe(winner);
  });
});
