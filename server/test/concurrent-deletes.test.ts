import { expect, it } from 'vitest';
import { errorEnvelope } from './helpers/error-envelope';
import { insertEmployee } from './helpers/factories';
import { insertMetricType } from './helpers/performance-factories';
import { describeStagedRaces, whileUncommitted, type RaceContext } from './helpers/staged-race';

/**
 * A write that names an employee while another transaction deletes that employee: the service
 * finds the employee, the delete commits, and the insert then breaks a foreign key. Found by
 * the two-instance test as 500s; each must answer as if the delete had come first. Staged on
 * PostgreSQL (helpers/staged-race.ts).
 */

function whileDeleting<T>(context: RaceContext, employeeId: number, request: () => Promise<T>) {
  return whileUncommitted(context, 'delete from employees where id = $1', [employeeId], request);
}

describeStagedRaces('writes racing a deletion of their employee', (ctx) => {
  it('recording a metric value answers 404 Employee not found, not 500', async () => {
    const context = ctx();
    const employeeId = await insertEmployee(context.db);
    const typeId = await insertMetricType(context.db);
    const answer = await whileDeleting(context, employeeId, () =>
      context.call('POST', '/api/performance-metrics', {
        token: context.as.manager.token,
        body: { user_id: employeeId, metric_type_id: typeId, value: 50 },
      }),
    );
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual(errorEnvelope('Employee not found', 'user_id'));
  });

  it('awarding a bonus answers 404 Employee not found, not 500', async () => {
    const context = ctx();
    const employeeId = await insertEmployee(context.db);
    const answer = await whileDeleting(context, employeeId, () =>
      context.call('POST', '/api/bonuses', {
        token: context.as.manager.token,
        body: { employee_id: employeeId, bonus_name: 'Late', description: 'Too late' },
      }),
    );
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual(errorEnvelope('Employee not found', 'employee_id'));
  });

  it('asking a question answers 404 naming the employee, not 500', async () => {
    const context = ctx();
    const stays = await insertEmployee(context.db);
    const leaves = await insertEmployee(context.db);
    const answer = await whileDeleting(context, leaves, () =>
      context.call('POST', '/api/responses', {
        token: context.as.manager.token,
        body: { question: 'Still there?', employee_ids: [stays, leaves] },
      }),
    );
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual(errorEnvelope(`Employee not found: ${leaves}`, 'employee_ids'));
    const asked = await context.db.selectFrom('questions').selectAll().execute();
    expect(asked).toEqual([]);
  });

  it('asking everyone answers 409 to ask again, not 500, and asks nobody', async () => {
    const context = ctx();
    await insertEmployee(context.db);
    const leaves = await insertEmployee(context.db);
    const answer = await whileDeleting(context, leaves, () =>
      context.call('POST', '/api/responses', {
        token: context.as.manager.token,
        body: { question: 'Everyone still there?', all: true },
      }),
    );
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual(
      errorEnvelope('The staff changed while asking everyone: please ask again'),
    );
    expect(await context.db.selectFrom('questions').selectAll().execute()).toEqual([]);
  });

  it('choosing a manager answers 400 on manager_id, not 500', async () => {
    const context = ctx();
    const employeeId = await insertEmployee(context.db);
    const managerId = await insertEmployee(context.db);
    const answer = await whileDeleting(context, managerId, () =>
      context.call('PUT', `/api/employees/${employeeId}`, {
        token: context.as.manager.token,
        body: { manager_id: managerId },
      }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(
      errorEnvelope('Manager must be an existing employee', 'manager_id'),
    );
  });

  it('linking an account answers 404 Employee not found, not 500', async () => {
    const context = ctx();
    const employeeId = await insertEmployee(context.db);
    const answer = await whileDeleting(context, employeeId, () =>
      context.call('POST', `/api/employees/${employeeId}/link-employee`, {
        token: context.as.admin.token,
      }),
    );
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual(errorEnvelope('Employee not found'));
    const accounts = await context.db
      .selectFrom('users')
      .select('id')
      .where('employee_id', '=', employeeId)
      .execute();
    expect(accounts).toEqual([]);
  });
});
