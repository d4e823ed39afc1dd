import { expect, it } from 'vitest';
import { AUTH_MESSAGES } from '#contract/auth-messages';
import { expectHrOnly } from './helpers/access-matrix';
import { errorEnvelope } from './helpers/error-envelope';
import { insertEmployee } from './helpers/factories';
import { insertQuestion } from './helpers/question-factories';
import { describeEachEngine } from './helpers/test-app';

const unique = () => Math.random().toString(36).slice(2, 10);

describeEachEngine('questions: the lists', (ctx) => {
  const hrList = (query = '', token = ctx().as.manager.token) =>
    ctx().call('GET', `/api/responses/admin/all${query}`, { token });

  it('needs a session for the own list and HR for the admin list', async () => {
    const anonymous = await ctx().call('GET', '/api/responses/all');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual(errorEnvelope(AUTH_MESSAGES.notSignedIn));
    const { manager, admin } = await expectHrOnly(ctx(), 'GET', '/api/responses/admin/all');
    expect([manager.status, admin.status]).toEqual([200, 200]);
  });

  it('shows an employee their own questions only, pending and answered, newest first', async () => {
    const me = await ctx().newUser('employee');
    const other = await insertEmployee(ctx().db);
    const older = await insertQuestion(ctx().db, me.employeeId!, {
      question: 'How was your first month?',
      response: 'Busy but good',
      createdAt: '2024-01-05T10:00:00.000Z',
      respondedAt: '2024-01-06T11:30:00.000Z',
    });
    const newer = await insertQuestion(ctx().db, me.employeeId!, {
      question: 'What training would help?',
      createdAt: '2024-03-01T09:00:00.000Z',
    });
    await insertQuestion(ctx().db, other, { question: 'Not yours', response: 'Secret answer' });

    const res = await ctx().call('GET', '/api/responses/all', { token: me.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      responses: [
        {
          id: newer,
          question: 'What training would help?',
          response: null,
          is_responded: false,
          responded_at: null,
          created_at: '2024-03-01T09:00:00.000Z',
          updated_at: '2024-03-01T09:00:00.000Z',
        },
        {
          id: older,
          question: 'How was your first month?',
          response: 'Busy but good',
          is_responded: true,
          responded_at: '2024-01-06T11:30:00.000Z',
          created_at: '2024-01-05T10:00:00.000Z',
          updated_at: '2024-01-06T11:30:00.000Z',
        },
      ],
      pagination: { page: 1, limit: 1000, total: 2 },
    });

    const pending = await ctx().call('GET', '/api/responses/all?status=pending', {
      token: me.token,
    });
    expect(pending.body.data.responses.map((r: { id: number }) => r.id)).toEqual([newer]);
    const paged = await ctx().call('GET', '/api/responses/all?limit=1&page=2', { token: me.token });
    expect(paged.body.data.responses.map((r: { id: number }) => r.id)).toEqual([older]);
    expect(paged.body.data.pagination).toEqual({ page: 2, limit: 1, total: 2 });

    // Whose questions they are comes from the session: a query naming someone else changes nothing.
    const sneaky = await ctx().call('GET', `/api/responses/all?employee_id=${other}`, {
      token: me.token,
    });
    expect(sneaky.body.data.responses.map((r: { id: number }) => r.id)).toEqual([newer, older]);
  });

  it('answers an empty list to an account without a staff record', async () => {
    for (const token of [ctx().as.admin.token, ctx().as.manager.token]) {
      const res = await ctx().call('GET', '/api/responses/all', { token });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        responses: [],
        pagination: { page: 1, limit: 1000, total: 0 },
      });
    }
  });

  it('gives HR the answered questions by default, with the respondent, latest activity first', async () => {
    const tag = unique();
    const employeeId = await insertEmployee(ctx().db, {
      first_name: 'Rosalind',
      last_name: `Franklin${tag}`,
      email: `rosalind.${tag}@example.com`,
    });
    const answeredEarly = await insertQuestion(ctx().db, employeeId, {
      question: `Early ${tag}`,
      response: 'First answer',
      createdAt: '2024-02-01T09:00:00.000Z',
      respondedAt: '2024-02-03T09:00:00.000Z',
    });
    const answeredLate = await insertQuestion(ctx().db, employeeId, {
      question: `Late ${tag}`,
      response: 'Second answer',
      createdAt: '2024-01-01T09:00:00.000Z',
      respondedAt: '2024-04-01T09:00:00.000Z',
    });
    const pending = await insertQuestion(ctx().db, employeeId, {
      question: `Pending ${tag}`,
      createdAt: '2024-03-01T09:00:00.000Z',
    });

    const res = await hrList(`?search=${tag}`);
    expect(res.status).toBe(200);
    expect(res.body.data.responses).toEqual([
      {
        id: answeredLate,
        employee_id: employeeId,
        question: `Late ${tag}`,
        response: 'Second answer',
        is_responded: true,
        responded_at: '2024-04-01T09:00:00.000Z',
        created_at: '2024-01-01T09:00:00.000Z',
        updated_at: '2024-04-01T09:00:00.000Z',
        user_name: `Rosalind Franklin${tag}`,
        user_email: `rosalind.${tag}@example.com`,
      },
      expect.objectContaining({ id: answeredEarly, response: 'First answer' }),
    ]);
    expect(res.body.data.pagination).toEqual({ page: 1, limit: 1000, total: 2 });

    const pendingOnly = await hrList(`?search=${tag}&status=pending`, ctx().as.admin.token);
    expect(pendingOnly.body.data.responses).toEqual([
      expect.objectContaining({ id: pending, response: null, is_responded: false }),
    ]);
    const all = await hrList(`?search=${tag}&status=all&limit=2`);
    expect(all.body.data.responses.map((r: { id: number }) => r.id)).toEqual([
      answeredLate,
      pending,
    ]);
    expect(all.body.data.pagination).toEqual({ page: 1, limit: 2, total: 3 });
    const second = await hrList(`?search=${tag}&status=all&limit=2&page=2`);
    expect(second.body.data.responses.map((r: { id: number }) => r.id)).toEqual([answeredEarly]);
  });

  it('searches the question and the respondent name and email, ignoring case, wildcards literal', async () => {
    const tag = unique();
    const marie = await insertEmployee(ctx().db, {
      first_name: 'Marie',
      last_name: `Curie${tag}`,
      email: `mc.${tag}@example.com`,
    });
    const pierre = await insertEmployee(ctx().db, {
      first_name: 'Pierre',
      last_name: `Curie${tag}`,
      email: `pc.${tag}@example.com`,
    });
    const aboutSafety = await insertQuestion(ctx().db, marie, {
      question: `Is the RADIUM store safe? ${tag}`,
      response: 'Mostly',
    });
    const aboutBudget = await insertQuestion(ctx().db, pierre, {
      question: `Is the budget 100% spent? ${tag}`,
      response: 'Nearly',
    });
    // Begins as "marie curie…" does, and is not it: the staff side's match tests each whole.
    const marcel = await insertEmployee(ctx().db, {
      first_name: 'Marcel',
      last_name: `Other${tag}`,
    });
    await insertQuestion(ctx().db, marcel, { question: `Where is the lab? ${tag}` });
    const ids = async (search: string) =>
      (await hrList(`?status=all&search=${encodeURIComponent(search)}`)).body.data.responses.map(
        (r: { id: number }) => r.id,
      );
    expect(await ids(`radium store safe? ${tag}`)).toEqual([aboutSafety]);
    expect(await ids(`marie curie${tag}`)).toEqual([aboutSafety]);
    expect(await ids(`PC.${tag}`)).toEqual([aboutBudget]);
    expect(await ids(`Curie${tag}`)).toEqual([aboutBudget, aboutSafety]);
    expect(await ids(`100% spent? ${tag}`)).toEqual([aboutBudget]);
    expect(await ids(`1_0%`)).toEqual([]);
  });

  it('finds the questions of a respondent added after a search that matched nobody', async () => {
    const tag = unique();
    // Its own URL each time: the response cache answers none of these reads.
    const ids = async (read: number) =>
      (
        await hrList(`?status=all&search=${encodeURIComponent(`zelda ${tag}`)}&read=${read}`)
      ).body.data.responses.map((r: { id: number }) => r.id);
    expect(await ids(0)).toEqual([]);
    const zelda = await insertEmployee(ctx().db, { first_name: 'Zelda', last_name: tag });
    const asked = await insertQuestion(ctx().db, zelda, { question: 'Anything to add?' });
    expect(await ids(1)).toEqual([asked]);
  });

  it('gives HR each question as it is now, once read, whoever changes it or its employee', async () => {
    const tag = unique();
    const employeeId = await insertEmployee(ctx().db, { first_name: 'Ada', last_name: tag });
    const asked = await insertQuestion(ctx().db, employeeId, {
      question: `Pending ${tag}?`,
      createdAt: '2024-03-01T10:00:00.000Z',
    });
    await insertQuestion(ctx().db, employeeId, {
      question: `Answered ${tag}?`,
      response: 'Yes',
      createdAt: '2024-03-02T10:00:00.000Z',
      respondedAt: '2024-03-03T10:00:00.000Z',
    });
    // Its own URL each time: the response cache answers none of these reads.
    let read = 0;
    const page = async (status: string) => {
      const res = await hrList(`?status=${status}&search=${tag}&read=${read++}`);
      expect(res.status).toBe(200);
      return (
        res.body.data.responses as {
          question: string;
          response: string | null;
          user_name: string;
        }[]
      ).map(({ question, response, user_name }) => [question, response, user_name]);
    };
    for (const status of ['all', 'pending']) expect(await page(status)).toEqual(await page(status));
    expect(await page('all')).toEqual([
      [`Answered ${tag}?`, 'Yes', `Ada ${tag}`],
      [`Pending ${tag}?`, null, `Ada ${tag}`],
    ]);

    // Written straight into the database: the versions are kept by triggers, not by the routes.
    // One change at a time: a page with one item not kept reads all its rows again.
    await ctx()
      .db.updateTable('employees')
      .set({ first_name: 'Grace' })
      .where('id', '=', employeeId)
      .execute();
    expect(await page('all')).toEqual([
      [`Answered ${tag}?`, 'Yes', `Grace ${tag}`],
      [`Pending ${tag}?`, null, `Grace ${tag}`],
    ]);
    await ctx()
      .db.updateTable('questions')
      .set({ response: 'Now answered', responded_at: '2024-03-04T10:00:00.000Z' })
      .where('id', '=', asked)
      .execute();
    expect(await page('all')).toEqual([
      [`Answered ${tag}?`, 'Yes', `Grace ${tag}`],
      [`Pending ${tag}?`, 'Now answered', `Grace ${tag}`],
    ]);
    expect(await page('pending')).toEqual([]);
    await ctx().db.deleteFrom('questions').where('id', '=', asked).execute();
    expect(await page('all')).toEqual([[`Answered ${tag}?`, 'Yes', `Grace ${tag}`]]);
  });

  it('gives HR a question as it is now after any change of its row, on a page walked to', async () => {
    const tag = unique();
    const employeeId = await insertEmployee(ctx().db);
    const ids: number[] = [];
    for (let day = 10; day < 22; day++) {
      ids.push(
        await insertQuestion(ctx().db, employeeId, {
          question: `Walked ${tag} ${day}?`,
          createdAt: `2024-04-${day}T10:00:00.000Z`,
        }),
      );
    }
    // A page of one among a dozen matches, in the list's order.
    let read = 0;
    const newest = async () => {
      const res = await hrList(`?status=all&search=${tag}&limit=1&read=${read++}`);
      expect(res.status).toBe(200);
      const [item] = res.body.data.responses as { id: number; response: string | null }[];
      return [item!.id, item!.response];
    };
    expect(await newest()).toEqual([ids.at(-1), null]);
    expect(await newest()).toEqual([ids.at(-1), null]);
    // A column the search table neither holds nor orders by, written straight into the database.
    await ctx()
      .db.updateTable('questions')
      .set({ response: 'Noted' })
      .where('id', '=', ids.at(-1)!)
      .execute();
    expect(await newest()).toEqual([ids.at(-1), 'Noted']);
  });

  it('refuses bad list parameters with 400 naming them', async () => {
    for (const [query, field, message] of [
      ['?status=unanswered', 'status', 'status must be one of answered, pending, all'],
      ['?limit=1001', 'limit', 'limit must be at most 1000'],
      ['?page=0', 'page', 'page must be at least 1'],
      [`?search=${'x'.repeat(201)}`, 'search', 'search must be at most 200 characters'],
    ] as const) {
      const res = await hrList(query);
      expect(res.status, query).toBe(400);
      expect(res.body, query).toEqual(errorEnvelope(message, field));
    }
    const ownMessage = 'status must be one of answered, pending, all';
    const own = await ctx().call('GET', '/api/responses/all?status=maybe', {
      token: ctx().as.employee.token,
    });
    expect(own.status).toBe(400);
    expect(own.body).toEqual(errorEnvelope(ownMessage, 'status'));
  });

  it('never shows an employee the HR list or anyone else’s answers', async () => {
    const res = await ctx().call('GET', '/api/responses/admin/all?status=all', {
      token: ctx().as.employee.token,
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(errorEnvelope(AUTH_MESSAGES.forbidden));
  });

  it('documents every question route in the OpenAPI document', async () => {
    const res = await ctx().call('GET', '/api/openapi.json');
    const paths = res.body.paths as Record<string, Record<string, unknown>>;
    expect(Object.keys(paths['/api/responses'] ?? {}).sort()).toEqual(['post', 'put']);
    expect(Object.keys(paths['/api/responses/all'] ?? {})).toEqual(['get']);
    expect(Object.keys(paths['/api/responses/admin/all'] ?? {})).toEqual(['get']);
    const hrList = JSON.stringify(paths['/api/responses/admin/all']);
    for (const field of ['status', 'search', 'user_name', 'user_email', 'is_responded']) {
      expect(hrList).toContain(field);
    }
  });
});
