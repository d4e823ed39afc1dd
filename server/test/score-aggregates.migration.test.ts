import { expect, it } from 'vitest';
import { migrateDown, migrateToLatest } from '../src/db/migrate';
import { nowIso } from '../src/lib/clock';
import { insertEmployee } from './helpers/factories';
import { insertMetricType } from './helpers/performance-factories';
import { ENGINES, createTestDatabase, describeOn } from './helpers/test-database';

for (const engine of ENGINES) {
  const run = describeOn(engine);
  run(`migration 0003_performance [${engine}]`, () => {
    it('fills the per-type score totals from the values already recorded', async () => {
      const { database, drop } = await createTestDatabase(engine, { migrated: false });
      const db = database.db;
      try {
        await migrateToLatest(db);
        // Undo migrations down to and including 0003, whatever came after it.
        const undone: string[] = [];
        while (!undone.includes('0003_performance')) {
          const step = await migrateDown(db);
          if (step.length === 0) throw new Error('0003_performance was never undone');
          undone.push(...step);
        }
        const employeeId = await insertEmployee(db);
        const typeA = await insertMetricType(db);
        const typeB = await insertMetricType(db);
        const now = nowIso();
        await db
          .insertInto('performance_metrics')
          .values(
            [
              [typeA, 5000],
              [typeA, 7050],
              [typeB, 100],
            ].map(([metric_type_id, value_hundredths]) => ({
              user_id: employeeId,
              metric_type_id: metric_type_id!,
              value_hundredths: value_hundredths!,
              comment: null,
              recorded_by: null,
              created_at: now,
              updated_at: now,
            })),
          )
          .execute();

        expect(await migrateToLatest(db)).toEqual([...undone].reverse());
        const totals = await db
          .selectFrom('employee_metric_type_scores')
          .selectAll()
          .orderBy('metric_type_id')
          .execute();
        expect(
          totals.map((row) => [
            row.employee_id,
            row.metric_type_id,
            Number(row.metric_count),
            Number(row.value_sum_hundredths),
          ]),
        ).toEqual([
          [employeeId, typeA, 2, 12050],
          [employeeId, typeB, 1, 100],
        ]);
      } finally {
        await drop();
      }
    });
  });
}
