import { expect, it } from 'vitest';
import { METRIC_TYPE_MESSAGES } from '#contract/metric-types';
import { USER_MESSAGES } from '#contract/user-options';
import { EMPLOYEE_CONFLICTS } from '../src/modules/employees/employees.service';
import { errorEnvelope } from './helpers/error-envelope';
import { insertEmployee } from './helpers/factories';
import { insertMetricType } from './helpers/performance-factories';
import { describeStagedRaces, employeeInsert, whileUncommitted } from './helpers/staged-race';

/**
 * A write whose checks passed while another transaction was making the same email, name or link
 * (or recording a value of the type being deleted): the database's constraint refuses it once
 * the other commits, and the answer is the 409 the check would have given, never a 500, with
 * nothing of the refused write stored. Staged on PostgreSQL (helpers/staged-race.ts).
 */

const WHEN = `'2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z'`;

describeStagedRaces('writes racing another write their checks could not see', (ctx) => {
  it('adding a user whose email is taken meanwhile answers 409 on email', async () => {
    const context = ctx();
    const answer = await whileUncommitted(
      context,
      `insert into users (email, firstname, lastname, user_type, created_at, updated_at)
       values ('taken.user@example.com', 'Other', 'Admin', 'admin', ${WHEN})`,
      [],
      () =>
        context.call('POST', '/api/users', {
          token: context.as.admin.token,
          body: { email: 'taken.user@example.com', firstname: 'Tess', lastname: 'Ting' },
        }),
    );
    expect(answer.status, answer.text).toBe(409);
    expect(answer.body).toEqual(errorEnvelope(USER_MESSAGES.emailTaken, 'email'));
  });

  it('adding staff whose email or Employee ID is taken meanwhile answers 409 on that field', async () => {
    const context = ctx();
    const body = (email: string, employee_code: string) => ({
      first_name: 'Ada',
      last_name: 'Racer',
      email,
      employee_code,
      position: 'Lecturer',
      department: 'CIT',
      join_date: '2024-01-15',
    });
    const add = (email: string, code: string) => () =>
      context.call('POST', '/api/employees', {
        token: context.as.manager.token,
        body: body(email, code),
      });

    const email = await whileUncommitted(
      context,
      ...employeeInsert('taken.staff@example.com'),
      add('taken.staff@example.com', 'RACE-1'),
    );
    expect(email.status, email.text).toBe(409);
    expect(email.body).toEqual(errorEnvelope(EMPLOYEE_CONFLICTS.email, 'email'));

    const code = await whileUncommitted(
      context,
      ...employeeInsert('first.code@example.com', 'RACE-2'),
      add('second.code@example.com', 'RACE-2'),
    );
    expect(code.status, code.text).toBe(409);
    expect(code.body).toEqual(errorEnvelope(EMPLOYEE_CONFLICTS.employeeCode, 'employee_code'));

    const stored = await context.db
      .selectFrom('employees')
      .select('email')
      .where('last_name', '=', 'Racer')
      .execute();
    expect(stored).toEqual([]);
  });

  it('adding a metric type whose name is taken meanwhile answers 409 on metric_name', async () => {
    const context = ctx();
    const answer = await whileUncommitted(
      context,
      `insert into metric_types (metric_name, created_at, updated_at)
       values ('Raced Name', ${WHEN})`,
      [],
      () =>
        context.call('POST', '/api/metric-types', {
          token: context.as.admin.token,
          body: { metric_name: 'raced name' },
        }),
    );
    const message = METRIC_TYPE_MESSAGES.duplicateName('raced name');
    expect(answer.status, answer.text).toBe(409);
    expect(answer.body).toEqual(errorEnvelope(message, 'metric_name'));
  });

  it('deleting a metric type while a value of it is recorded answers 409 and keeps the type', async () => {
    const context = ctx();
    const employeeId = await insertEmployee(context.db);
    const typeId = await insertMetricType(context.db, { metric_name: 'Raced Type' });
    const answer = await whileUncommitted(
      context,
      `insert into performance_metrics (user_id, metric_type_id, value_hundredths, created_at,
         updated_at) values ($1, $2, 5000, ${WHEN})`,
      [employeeId, typeId],
      () =>
        context.call('DELETE', `/api/metric-types/${typeId}`, { token: context.as.admin.token }),
    );
    expect(answer.status, answer.text).toBe(409);
    expect(answer.body).toEqual(errorEnvelope(METRIC_TYPE_MESSAGES.inUse('Raced Type', 1)));
    const kept = await context.db
      .selectFrom('metric_types')
      .select('id')
      .where('id', '=', typeId)
      .execute();
    expect(kept).toEqual([{ id: typeId }]);
  });

  it('giving staff an account while one with their email is made answers 409', async () => {
    const context = ctx();
    const employeeId = await insertEmployee(context.db, { email: 'linked.race@example.com' });
    const answer = await whileUncommitted(
      context,
      `insert into users (email, firstname, lastname, user_type, created_at, updated_at)
       values ('linked.race@example.com', 'Made', 'Elsewhere', 'employee', ${WHEN})`,
      [],
      () =>
        context.call('POST', `/api/employees/${employeeId}/link-employee`, {
          token: context.as.admin.token,
        }),
    );
    expect(answer.status, answer.text).toBe(409);
    expect(answer.body).toEqual(
      errorEnvelope('The account was linked or created by someone else at the same moment'),
    );
    const accounts = await context.db
      .selectFrom('users')
      .select(['lastname', 'employee_id'])
      .where('email', '=', 'linked.race@example.com')
      .execute();
    expect(accounts).toEqual([{ lastname: 'Elsewhere', employee_id: null }]);
  });
});
