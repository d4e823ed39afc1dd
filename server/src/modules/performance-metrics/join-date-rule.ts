import { sql, type Kysely } from 'kysely';
import { backfillMessages } from '#contract/backfill-date';
import type { DB } from '../../db/schema';
import { isPostgres } from '../../db/dialect';

/**
 * Nothing an employee earned predates their joining (issue 56): a metric value or a bonus is
 * dated on or after the employee's join date, in the server's time zone, where a backfilled
 * `YYYY-MM-DD` is the start of that day (contract/backfill-date.ts). Used by recording a value,
 * awarding a bonus, the metric value import, and a change of join date (the other way round).
 */

/** The employee fields the rule reads and names. */
export interface Joiner {
  first_name: string;
  last_name: string;
  /** YYYY-MM-DD (a DATE on PostgreSQL, text on SQLite: both arrive as that text). */
  join_date: string;
}

/** The calendar day an instant falls on in the server's time zone, as YYYY-MM-DD. */
export function localDay(instant: Date | string): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/**
 * The refusal when `createdAt` (an ISO instant) is before `employee` joined, or null. `label`
 * is the date field's label in the message ("Recorded on", "Awarded on").
 */
export function checkNotBeforeJoining(
  createdAt: string,
  employee: Joiner,
  label: string,
): string | null {
  const joined = String(employee.join_date).slice(0, 10);
  if (localDay(createdAt) >= joined) return null;
  const name = `${employee.first_name} ${employee.last_name}`.trim();
  return backfillMessages(label).beforeJoinDate(name, joined);
}

/**
 * The employee as a value or bonus is written for them, held against a change of join date
 * until the write commits (PostgreSQL: FOR SHARE waits for, and then reads, a concurrent
 * update of the row; the update then finds this write when it looks for earlier records).
 * Every writer of one employee's rows takes this lock first, before the rows it derives (their
 * scores): writers of different staff then meet only on the kept totals' shard rows.
 * SQLite has one writer at a time.
 */
export async function findJoinerForWrite(db: Kysely<DB>, id: number) {
  const query = db
    .selectFrom('employees')
    .select(['id', 'first_name', 'last_name', 'email', 'join_date'])
    .where('id', '=', id);
  if (!isPostgres(db)) return query.executeTakeFirst();
  return query.forShare().executeTakeFirst();
}

/**
 * The earliest metric value or bonus of an employee, as an ISO instant, or null: two ranges
 * of the (user_id, created_at) and (employee_id, created_at) indexes, one row each.
 */
export async function earliestRecordOf(db: Kysely<DB>, employeeId: number) {
  const { rows } = await sql<{ earliest: string | Date | null }>`
    select min(earliest) as earliest from (
      select min(created_at) as earliest from performance_metrics where user_id = ${employeeId}
      union all
      select min(created_at) as earliest from bonuses where employee_id = ${employeeId}
    ) records`.execute(db);
  const earliest = rows[0]?.earliest ?? null;
  return earliest === null ? null : new Date(earliest).toISOString();
}
