import { expect, it } from 'vitest';
import { nowIso } from '../src/lib/clock';
import {
  listTotal,
  readListTotals,
  rebuildListTotals,
  recomputeListTotals,
} from '../src/modules/list-totals/list-totals.repository';
import { insertEmployee, insertUser, recordMetricValue } from './helpers/factories';
import { removeMetricValue } from './helpers/insights';
import { describeEachEngine } from './helpers/test-app';

describeEachEngine('list totals kept by triggers', (ctx) => {
  const expectInStep = async (when: string) => {
    const db = ctx().db;
    expect(await readListTotals(db), when).toEqual(await recomputeListTotals(db));
  };

  it('follow accounts, role changes, questions, answers, audit entries and metric values', async () => {
    const { db } = ctx();
    await expectInStep('at the start');

    const manager = await insertUser(db, { user_type: 'manager' });
    await insertUser(db, { user_type: 'admin' });
    await db
      .updateTable('users')
      .set({ user_type: 'admin', updated_at: nowIso() })
      .where('id', '=', manager.id)
      .execute();
    await db.updateTable('users').set({ updated_at: nowIso() }).execute();
    await expectInStep('after adding accounts and changing a role');

    const employee = await insertEmployee(db);
    const other = await insertEmployee(db);
    const now = nowIso();
    const asked = await db
      .insertInto('questions')
      .values(
        [employee, other, other].map((employeeId) => ({
          employee_id: employeeId,
          question: 'How is it going?',
          asked_by: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning('id')
      .execute();
    await db
      .updateTable('questions')
      .set({ response: 'Well', responded_at: now, updated_at: now })
      .where('id', '=', asked[0]!.id)
      .execute();
    await expectInStep('after asking and answering');
    expect(await listTotal(db, 'questions:answered')).toBe(
      Number((await recomputeListTotals(db)).get('questions:answered')),
    );

    const values = [
      await recordMetricValue(db, { employeeId: employee, value: 50 }),
      await recordMetricValue(db, { employeeId: other, value: 70 }),
    ];
    await removeMetricValue(db, values[0]!);
    await expectInStep('after recording and removing metric values');

    // Deleting an employee takes their questions and values with them.
    await db.deleteFrom('performance_metrics').where('user_id', '=', other).execute();
    await db.deleteFrom('questions').where('employee_id', '=', other).execute();
    await db.deleteFrom('users').where('id', '=', manager.id).execute();
    await expectInStep('after deletes');

    // Whatever the API writes keeps them too (every call below writes an audit entry).
    const res = await ctx().call('POST', '/api/responses', {
      token: ctx().as.admin.token,
      body: { question: 'Anything to add?', all: true },
    });
    expect(res.status).toBe(201);
    await expectInStep('after asking everyone through the API');
    expect(await listTotal(db, 'audit_entries')).toBeGreaterThan(0);
  });

  it('can be rebuilt from the base tables', async () => {
    const { db } = ctx();
    await db.updateTable('list_totals').set({ value: 12345 }).execute();
    await rebuildListTotals(db);
    await expectInStep('after a rebuild');
  });
});
