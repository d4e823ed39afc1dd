import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEmployee } from './helpers/factories';
import { insertMetricType } from './helpers/performance-factories';
import { databaseUrl } from './helpers/postgres';
import { postgresAvailable } from './helpers/test-database';
import { startTestApp, type TestContext } from './helpers/test-app';

/**
 * A write that names an employee while another transaction deletes that employee: the service
 * finds the employee, the delete commits, and the insert then breaks a foreign key. Found by
 * the two-instance test as 500s; each must answer as if the delete had come first. Only
 * PostgreSQL runs writers concurrently (SQLite has one writer), so the race is staged there: a
 * second connection deletes the employee and holds its transaction open while the request
 * runs, then commits.
 */

const run = postgresAvailable() ? describe : describe.skip;

async function whileDeleting(
  context: TestContext & { databaseName: string },
  employeeId: number,
  request: () => Promise<{ status: number; body: unknown }>,
) {
  const client = new pg.Client({ connectionString: databaseUrl(context.databaseName) });
  await client.connect();
  try {
    await client.query('begin');
    await client.query('delete from employees where id = $1', [employeeId]);
    const answer = request();
    // Commit once the request has passed its own checks and waits on the delete's locks.
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
         where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if (rows[0]!.n > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await client.query('commit');
    return await answer;
  } finally {
    await client.end();
  }
}

run('writes racing a deletion of their employee [postgres]', () => {
  let context: (TestContext & { close(): Promise<void> }) | undefined;
  let databaseName = '';
  beforeAll(async () => {
    context = await startTestApp('postgres');
    const row = await context.db
      .selectNoFrom((eb) => eb.fn<string>('current_database', []).as('name'))
      .executeTakeFirstOrThrow();
    databaseName = row.name;
  });
  afterAll(async () => {
    await context?.close();
  });
  async function withApp(test: (context: TestContext & { databaseName: string }) => Promise<void>) {
    await test({ ...context!, databaseName });
  }

  it('recording a metric value answers 404 Employee not found, not 500', async () => {
    await withApp(async (context) => {
      const employeeId = await insertEmployee(context.db);
      const typeId = await insertMetricType(context.db);
      const answer = await whileDeleting(context, employeeId, () =>
        context.call('POST', '/api/performance-metrics', {
          token: context.as.manager.token,
          body: { user_id: employeeId, metric_type_id: typeId, value: 50 },
        }),
      );
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ success: false, message: 'Employee not found' });
    });
  });

  it('awarding a bonus answers 404 Employee not found, not 500', async () => {
    await withApp(async (context) => {
      const employeeId = await insertEmployee(context.db);
      const answer = await whileDeleting(context, employeeId, () =>
        context.call('POST', '/api/bonuses', {
          token: context.as.manager.token,
          body: { employee_id: employeeId, bonus_name: 'Late', description: 'Too late' },
        }),
      );
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ success: false, message: 'Employee not found' });
    });
  });

  it('asking a question answers 404 naming the employee, not 500', async () => {
    await withApp(async (context) => {
      const stays = await insertEmployee(context.db);
      const leaves = await insertEmployee(context.db);
      const answer = await whileDeleting(context, leaves, () =>
        context.call('POST', '/api/responses', {
          token: context.as.manager.token,
          body: { question: 'Still there?', employee_ids: [stays, leaves] },
        }),
      );
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({
        success: false,
        message: `Employee not found: ${leaves}`,
      });
      const asked = await context.db.selectFrom('questions').selectAll().execute();
      expect(asked).toEqual([]);
    });
  });

  it('asking everyone answers 409 to ask again, not 500, and asks nobody', async () => {
    await withApp(async (context) => {
      await insertEmployee(context.db);
      const leaves = await insertEmployee(context.db);
      const answer = await whileDeleting(context, leaves, () =>
        context.call('POST', '/api/responses', {
          token: context.as.manager.token,
          body: { question: 'Everyone still there?', all: true },
        }),
      );
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({
        success: false,
        message: 'The staff changed while asking everyone: please ask again',
      });
      expect(await context.db.selectFrom('questions').selectAll().execute()).toEqual([]);
    });
  });

  it('choosing a manager answers 400 on manager_id, not 500', async () => {
    await withApp(async (context) => {
      const employeeId = await insertEmployee(context.db);
      const managerId = await insertEmployee(context.db);
      const answer = await whileDeleting(context, managerId, () =>
        context.call('PUT', `/api/employees/${employeeId}`, {
          token: context.as.manager.token,
          body: { manager_id: managerId },
        }),
      );
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        success: false,
        errors: [{ field: 'manager_id' }],
      });
    });
  });

  it('linking an account answers 404 Employee not found, not 500', async () => {
    await withApp(async (context) => {
      const employeeId = await insertEmployee(context.db);
      const answer = await whileDeleting(context, employeeId, () =>
        context.call('POST', `/api/employees/${employeeId}/link-employee`, {
          token: context.as.admin.token,
        }),
      );
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ success: false, message: 'Employee not found' });
      const accounts = await context.db
        .selectFrom('users')
        .select('id')
        .where('employee_id', '=', employeeId)
        .execute();
      expect(accounts).toEqual([]);
    });
  });
});
