import { expect, it } from 'vitest';
import { errorEnvelope } from './helpers/error-envelope';
import { employeeBody, insertEmployee } from './helpers/factories';
import { describeEachEngine } from './helpers/test-app';

/**
 * A refused field is named in the words of its screen (issue 56 point 5): the answer's message
 * says "Employee ID", never `employee_code`, while `errors[].field` keeps the field's own name,
 * which clients map to their inputs.
 */
describeEachEngine('validation messages in the screens’ words', (ctx) => {
  const hr = () => ({ token: ctx().as.manager.token });

  it('names a staff field by its label, and only once', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { employee_code: 'E'.repeat(51) },
        'employee_code',
        'Employee ID must be at most 50 characters',
      ],
      [{ manager_id: 'boss' }, 'manager_id', 'Manager must be another employee'],
      [{ manager_id: 0 }, 'manager_id', 'Manager must be another employee'],
      [{ manager_id: 2 ** 31 }, 'manager_id', 'Manager must be another employee'],
      [{ skills: 'everything' }, 'skills', 'Skills must be a list of text'],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await ctx().call('POST', '/api/employees', {
        ...hr(),
        body: employeeBody(overrides),
      });
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(res.body, JSON.stringify(overrides)).toEqual(errorEnvelope(message, field));
    }
  });

  it('leads with the label and the place of a list item, whose own message cannot say it', async () => {
    const res = await ctx().call('POST', '/api/employees', {
      ...hr(),
      body: employeeBody({ skills: ['Maths', 'x'.repeat(61)] }),
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      message: 'Skills, item 2: Each skill must be at most 60 characters',
      errors: [{ field: 'skills.1', message: 'Each skill must be at most 60 characters' }],
    });
  });

  it('names the dates of metric values and bonuses as their forms label them', async () => {
    const employeeId = await insertEmployee(ctx().db);
    const type = await ctx().call('POST', '/api/metric-types', {
      ...hr(),
      body: { metric_name: `Labelled ${ctx().engine}` },
    });
    expect(type.status, type.text).toBe(201);
    const value = await ctx().call('POST', '/api/performance-metrics', {
      ...hr(),
      body: {
        metric_type_id: type.body.data.metric_type.id,
        user_id: employeeId,
        value: 50,
        created_at: '2999-01-01',
      },
    });
    expect(value.body).toEqual(errorEnvelope('Recorded on cannot be in the future', 'created_at'));
    const bonus = await ctx().call('POST', '/api/bonuses', {
      ...hr(),
      body: { employee_id: employeeId, bonus_name: 'A', description: 'B', created_at: 'soon' },
    });
    expect(bonus.body).toEqual(
      errorEnvelope(
        'Awarded on must be a date (YYYY-MM-DD) or an ISO 8601 date-time from 1900 on',
        'created_at',
      ),
    );
  });

  it('does not put a camelCase name before a message that names the field by its label', async () => {
    const res = await ctx().call('PUT', '/api/users/change-password', {
      token: ctx().as.employee.token,
      body: { newPassword: 'a-new-password' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorEnvelope('Current password is required', 'oldPassword'));
  });

  it('says who to ask in the ask form’s words', async () => {
    const res = await ctx().call('POST', '/api/responses', { ...hr(), body: { question: 'Why?' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(
      errorEnvelope('Choose at least one employee, or ask everyone', 'employee_ids'),
    );
  });
});
