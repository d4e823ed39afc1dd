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

  it('move a table version with each write that can change what list items show of it', async () => {
    const db = ctx().db;
    const versions = async () =>
      Object.fromEntries(
        (await db.selectFrom('table_versions').select(['name', 'version']).execute()).map(
          ({ name, version }) => [name, Number(version)],
        ),
      );
    const moved = async (write: () => Promise<unknown>) => {
      const before = await versions();
      await write();
      const after = await versions();
      return Object.keys(after)
        .filter((name) => after[name]! > before[name]!)
        .sort();
    };
    const employeeId = await insertEmployee(db);
    const typeId = await insertMetricType(db);

    // A new employee or type changes no item; an update of either does.
    expect(await moved(() => insertEmployee(db))).toEqual([]);
    expect(await moved(() => insertMetricType(db))).toEqual([]);
    expect(
      await moved(() =>
        db
          .updateTable('employees')
          .set({ last_name: 'Byron' })
          .where('id', '=', employeeId)
          .execute(),
      ),
    ).toEqual(['employees']);
    expect(
      await moved(() =>
        db
          .updateTable('metric_types')
          .set({ metric_name: 'Renamed' })
          .where('id', '=', typeId)
          .execute(),
      ),
    ).toEqual(['metric_types']);
    // Whether an employee has an account shows in the staff list: every write of users.
    let userId = 0;
    expect(
      await moved(async () => {
        userId = (await insertUser(db, { user_type: 'employee', employee_id: employeeId })).id;
      }),
    ).toEqual(['users']);
    expect(
      await moved(() =>
        db.updateTable('users').set({ firstname: 'A' }).where('id', '=', userId).execute(),
      ),
    ).toEqual(['users']);
    expect(await moved(() => db.deleteFrom('users').where('id', '=', userId).execute())).toEqual([
      'users',
    ]);
    // Values and bonuses move their own rows' versions, no table's.
    expect(
      await moved(() =>
        insertMetricValue(db, { userId: employeeId, metricTypeId: typeId, value: 5 }),
      ),
    ).toEqual([]);
  });
});
