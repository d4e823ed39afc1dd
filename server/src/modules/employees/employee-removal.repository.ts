import type { Kysely } from 'kysely';
import { isPostgres } from '../../db/dialect';
import type { DB } from '../../db/schema';

/**
 * Removing a staff record: what goes with the employee (copied into the audit entry first), then
 * the removal itself, in the caller's transaction.
 */

/**
 * PostgreSQL: locks the employee and their reports (whose manager goes), in id order, before the
 * removal reads or writes anything. A writer for one of them locks that employee first too (for
 * share), so the two queue there; locked only at the removal's last statements, the employee was
 * waited for while the removal already held the kept totals the other writer needed: a deadlock.
 * SQLite runs one writer at a time.
 */
export async function lockEmployeeAndReports(db: Kysely<DB>, employeeId: number) {
  if (!isPostgres(db)) return;
  await db
    .selectFrom('employees')
    .select('id')
    .where((eb) => eb.or([eb('id', '=', employeeId), eb('manager_id', '=', employeeId)]))
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** Everything that goes with an employee, copied for the audit entry before it is removed. */
export async function dependentsOf(db: Kysely<DB>, employeeId: number) {
  const [performanceMetrics, bonuses, questions, accounts, reports] = await Promise.all([
    db
      .selectFrom('performance_metrics')
      .selectAll()
      .where('user_id', '=', employeeId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('bonuses')
      .selectAll()
      .where('employee_id', '=', employeeId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('questions')
      .selectAll()
      .where('employee_id', '=', employeeId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('users')
      .select(['id', 'email', 'user_type'])
      .where('employee_id', '=', employeeId)
      .execute(),
    db
      .selectFrom('employees')
      .select(['id', 'first_name', 'last_name'])
      .where('manager_id', '=', employeeId)
      .orderBy('id')
      .execute(),
  ]);
  return { performanceMetrics, bonuses, questions, accounts, reports };
}

/**
 * Removes an employee and everything that is theirs. The foreign keys would cascade too; doing it
 * explicitly keeps the behaviour independent of engine settings and says what happens.
 */
export async function deleteEmployeeAndDependents(db: Kysely<DB>, employeeId: number, now: string) {
  await db.deleteFrom('performance_metrics').where('user_id', '=', employeeId).execute();
  await db.deleteFrom('bonuses').where('employee_id', '=', employeeId).execute();
  await db.deleteFrom('questions').where('employee_id', '=', employeeId).execute();
  await db.deleteFrom('employee_monthly_scores').where('employee_id', '=', employeeId).execute();
  await db.deleteFrom('employee_scores').where('employee_id', '=', employeeId).execute();
  await db
    .updateTable('users')
    .set({ employee_id: null, updated_at: now })
    .where('employee_id', '=', employeeId)
    .execute();
  await db
    .updateTable('employees')
    .set({ manager_id: null, updated_at: now })
    .where('manager_id', '=', employeeId)
    .execute();
  await db.deleteFrom('employees').where('id', '=', employeeId).execute();
}
