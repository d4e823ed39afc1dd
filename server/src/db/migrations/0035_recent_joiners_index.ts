/* eslint-disable @typescript-eslint/no-explicit-any -- migrations work on any schema */
import { sql, type Kysely } from 'kysely';

/**
 * The HR dashboard's Recent Employees are the most recently joined: newest join date first, then
 * the newest added, then the highest id (hr-dashboard.repository.ts). This index holds that order,
 * so the five are the first entries of a backward walk on both engines, not a sort of every
 * employee. 0001's index of join_date alone stays: the staff list's sort by join date and its
 * filters use it, and on SQLite it orders equal dates by id, which this one does not.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index employees_joined_idx on employees (join_date, created_at, id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index employees_joined_idx`.execute(db);
}
