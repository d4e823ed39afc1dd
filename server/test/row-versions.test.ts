import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { insertEmployee, insertUser } from './helpers/factories';
import { insertBonus, insertMetricType, insertMetricValue } from './helpers/performance-factories';
import { insertQuestion } from './helpers/question-factories';
import { describeEachEngine } from './helpers/test-app';

/** Migration 0020: every update of a listed row moves its version, whoever writes it. */
describeEachEngine('row versions', (ctx) => {
  it('start at 0 and move by one with each update of the row, and only of that row', async () => {
    const db = ctx().db;
    const employeeId = await insertEmployee(db);
    const otherEmployee = await insertEmployee(db);
    const typeId = await insertMetricType(db);
    const valueId = await insertMetricValue(db, {
      userId: employeeId,
      metricTypeId: typeId,
      value: 5,
    });
    const rows = {
      employees: employeeId,
      users: (await insertUser(db, { user_type: 'employee' })).id,
      metric_types: typeId,
      performance_metrics: valueId,
      bonuses: await insertBonus(db, employeeId),
      questions: await insertQuestion(db, employeeId),
    };
    const versionOf = async (table: string, key: string, id: number) => {
      const { rows: found } = await sql<{ row_version: number }>`select row_version
        from ${sql.table(table)} where ${sql.ref(key)} = ${id}`.execute(db);
      return Number(found[0]!.row_version);
    };
    for (const [table, id] of Object.entries(rows)) {
      expect(await versionOf(table, 'id', id), table).toBe(0);
      for (const expected of [1, 2]) {
        await sql`update ${sql.table(table)} set updated_at = updated_at where id = ${id}`.execute(
          db,
        );
        expect(await versionOf(table, 'id', id), table).toBe(expected);
      }
    }
    expect(await versionOf('employees', 'id', otherEmployee)).toBe(0);

    // A foreign key's `set null` is an update of the row too.
    const report = await insertEmployee(db, { manager_id: otherEmployee });
    await db.deleteFrom('employees').where('id', '=', otherEmployee).execute();
    expect(await versionOf('employees', 'id', report)).toBe(1);
  });
});
