import { sql, type Kysely } from 'kysely';
import { backfillMessages } from '#contract/backfill-date';
import type { DB, MetricTypeRow } from '../../db/schema';
import { isPostgres } from '../../db/dialect';
import { findMetricTypeById } from '../metric-types/metric-types.repository';

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

/** The employee as findJoinerForWrite reads them. */
export interface JoinerForWrite extends Joiner {
  id: number;
  email: string;
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
export async function findJoinerForWrite(
  db: Kysely<DB>,
  id: number,
): Promise<JoinerForWrite | undefined> {
  const query = db
    .selectFrom('employees')
    .select(['id', 'first_name', 'last_name', 'email', 'join_date'])
    .where('id', '=', id);
  if (!isPostgres(db)) return query.executeTakeFirst();
  return query.forShare().executeTakeFirst();
}

/** The metric type fields recording a value reads: its name and unit, and the range it must fit. */
export type RecordedType = Pick<
  MetricTypeRow,
  'id' | 'metric_name' | 'measurement_unit' | 'minimum_value' | 'maximum_value'
>;

/**
 * The metric type and the employee a value is recorded for (either undefined when missing), the
 * employee held as findJoinerForWrite holds them. On PostgreSQL one statement, one round trip
 * instead of two: the type read as it was, the employee locked FOR SHARE inside a subquery (the
 * lock and what it waits for are the same as findJoinerForWrite's; the type was never locked).
 * The row of `(select 1)` is there whether or not either is found. SQLite: the two reads.
 */
export async function findTypeAndJoinerForWrite(
  db: Kysely<DB>,
  metricTypeId: number,
  employeeId: number,
): Promise<{ type: RecordedType | undefined; employee: JoinerForWrite | undefined }> {
  if (!isPostgres(db)) {
    const type = await findMetricTypeById(db, metricTypeId);
    const employee = type && (await findJoinerForWrite(db, employeeId));
    return { type, employee };
  }
  const { rows } = await sql<{
    type_id: number | null;
    metric_name: string;
    measurement_unit: string | null;
    minimum_value: number | null;
    maximum_value: number | null;
    employee_id: number | null;
    first_name: string;
    last_name: string;
    email: string;
    join_date: string;
  }>`
    select t.id as type_id, t.metric_name, t.measurement_unit, t.minimum_value, t.maximum_value,
      e.id as employee_id, e.first_name, e.last_name, e.email, e.join_date
    from (select 1) as one
    left join metric_types as t on t.id = ${metricTypeId}
    left join (
      select id, first_name, last_name, email, join_date from employees
      where id = ${employeeId} for share
    ) as e on true`.execute(db);
  const row = rows[0]!;
  return {
    type:
      row.type_id === null
        ? undefined
        : {
            id: row.type_id,
            metric_name: row.metric_name,
            measurement_unit: row.measurement_unit,
            minimum_value: row.minimum_value,
            maximum_value: row.maximum_value,
          },
    employee:
      row.employee_id === null
        ? undefined
        : {
            id: row.employee_id,
            first_name: row.first_name,
            last_name: row.last_name,
            email: row.email,
            join_date: row.join_date,
          },
  };
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
