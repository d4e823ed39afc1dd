import { expect, it } from 'vitest';
import {
  readInsightTotals,
  rebuildInsightTotals,
  recomputeInsightTotals,
} from '../src/modules/insights/insight-totals.repository';
import { rebuildScoreAggregates } from '../src/modules/scores/scores.repository';
import { insertEmployee, recordMetricValue } from './helpers/factories';
import { changeMetricValue, insertBonus, localTime, removeMetricValue } from './helpers/insights';
import { describeEachEngine } from './helpers/test-app';

describeEachEngine('insight totals kept by triggers', (ctx) => {
  const expectInStep = async (when: string) => {
    const db = ctx().db;
    expect(await readInsightTotals(db), when).toEqual(await recomputeInsightTotals(db));
  };

  it('follow every kind of write to staff, metric values and bonuses', async () => {
    const db = ctx().db;
    await expectInStep('at the start');

    const a = await insertEmployee(db, { department: 'CIT' });
    const b = await insertEmployee(db, { department: 'Commerce' });
    const c = await insertEmployee(db, { department: 'Commerce' });
    await expectInStep('after adding staff');

    const values: number[] = [];
    for (const [employeeId, value, month] of [
      [a, 80, 1],
      [a, 79.99, 2],
      [b, 60, 2],
      [b, 40.5, 3],
      [c, 1, 3],
      [c, 100, 3],
    ] as const) {
      values.push(
        await recordMetricValue(db, { employeeId, value, createdAt: localTime(2026, month, 15) }),
      );
    }
    await insertBonus(db, { employeeId: a });
    await insertBonus(db, { employeeId: c });
    await expectInStep('after recording values and bonuses');

    const totals = await readInsightTotals(db);
    expect(totals.monthly.get('2026-03')).toBe(3);
    expect(totals.departments.get('Commerce')).toEqual({
      staff: 2,
      scored: 2,
      metricCount: 4,
      valueSumHundredths: 6000 + 4050 + 100 + 10000,
    });
    expect(totals.histogram.get(79)).toBe(1); // a: (80 + 79.99) / 2 = 79.995

    await changeMetricValue(db, values[1]!, 80.01); // a crosses into Excellent
    await expectInStep('after editing a value');
    expect((await readInsightTotals(db)).histogram.get(80)).toBe(1);

    await removeMetricValue(db, values[4]!);
    await removeMetricValue(db, values[5]!); // c has no values left: unranked again
    await expectInStep('after removing values');
    expect((await readInsightTotals(db)).departments.get('Commerce')?.scored).toBe(1);

    await db
      .updateTable('employees')
      .set({ department: 'Media Studies' })
      .where('id', '=', a)
      .execute();
    await db.updateTable('employees').set({ position: 'Dean' }).where('id', '=', b).execute();
    await expectInStep('after moving an employee to another department');

    // Deleting an employee cascades to their values, bonuses and score rows.
    await db.deleteFrom('employees').where('id', '=', a).execute();
    await expectInStep('after deleting an employee');
    await db
      .updateTable('bonuses')
      .set({ created_at: localTime(2025, 12, 31, 23, 59) })
      .where('employee_id', '=', c)
      .execute();
    await expectInStep('after back-dating a bonus');
    await db.deleteFrom('bonuses').execute();
    await expectInStep('after deleting bonuses');
  });

  it('follow a rebuild of the score aggregates and can themselves be rebuilt', async () => {
    const db = ctx().db;
    const d = await insertEmployee(db, { department: 'Civil Engineering' });
    await recordMetricValue(db, { employeeId: d, value: 66, createdAt: localTime(2025, 11, 30) });
    await rebuildScoreAggregates(db);
    await expectInStep('after rebuilding the score aggregates');

    await db.updateTable('insight_totals').set({ value: 999 }).execute();
    await db.deleteFrom('score_histogram').execute();
    await rebuildInsightTotals(db);
    await expectInStep('after rebuilding the insight totals');
  });
});
