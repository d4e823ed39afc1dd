import { expect, it } from 'vitest';
import { errorEnvelope } from './helpers/error-envelope';
import { insertEmployee } from './helpers/factories';
import { insertMetricType } from './helpers/performance-factories';
import {
  describeStagedRaces,
  employeeInsert,
  whileUncommitted,
  type RaceContext,
} from './helpers/staged-race';

/**
 * An import checks its file against the database and then stores it in one transaction; another
 * request can change what it checked against in between. Either way the import stores nothing
 * and asks to be run again (409), never a 500 or half a file. Staged on PostgreSQL
 * (helpers/staged-race.ts).
 */

/** The import at `url` of `csv` by HR, sent while `statement` is made and not yet committed. */
function importWhile(
  context: RaceContext,
  statement: string,
  values: readonly unknown[],
  url: string,
  csv: string,
) {
  return whileUncommitted(context, statement, values, () =>
    context.call('POST', url, { token: context.as.manager.token, body: { csv } }),
  );
}

describeStagedRaces('CSV imports racing another change', (ctx) => {
  it('a metric value import whose employee is deleted meanwhile stores nothing and answers 409', async () => {
    const context = ctx();
    const stays = await insertEmployee(context.db, { email: 'stays.race@example.com' });
    const leaves = await insertEmployee(context.db, { email: 'leaves.race@example.com' });
    await insertMetricType(context.db, { metric_name: 'Race Check' });
    const csv = [
      'employee_email,metric_name,value',
      'stays.race@example.com,Race Check,60',
      'leaves.race@example.com,Race Check,70',
    ].join('\n');

    const answer = await importWhile(
      context,
      'delete from employees where id = $1',
      [leaves],
      '/api/performance-metrics/import',
      csv,
    );

    expect(answer.status, answer.text).toBe(409);
    expect(answer.body).toEqual(
      errorEnvelope(
        'An employee or metric type of this file was deleted while it was imported; nothing was imported. Please import again.',
      ),
    );
    const stored = await context.db
      .selectFrom('performance_metrics')
      .select('id')
      .where('user_id', '=', stays)
      .execute();
    expect(stored).toEqual([]);
  });

  it('a staff import whose email is taken meanwhile stores nothing and answers 409', async () => {
    const context = ctx();
    const csv = [
      'first_name,last_name,email,position,department,join_date',
      'Ada,First,ada.race@example.com,Lecturer,CIT,2024-01-15',
      'Ben,Second,ben.race@example.com,Lecturer,CIT,2024-01-15',
    ].join('\n');

    const answer = await importWhile(
      context,
      ...employeeInsert('ben.race@example.com'),
      '/api/employees/import',
      csv,
    );

    expect(answer.status, answer.text).toBe(409);
    expect(answer.body).toEqual(
      errorEnvelope(
        'Another change added staff with an email or Employee ID of this file while it was imported; nothing was imported. Please import again.',
      ),
    );
    const staff = await context.db
      .selectFrom('employees')
      .select(['email', 'last_name'])
      .where('email', 'in', ['ada.race@example.com', 'ben.race@example.com'])
      .execute();
    expect(staff).toEqual([{ email: 'ben.race@example.com', last_name: 'Elsewhere' }]);
  });
});
