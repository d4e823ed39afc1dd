import { sql, type Kysely } from 'kysely';
import { fromHundredths } from '#contract/metric-value-rule';
import type { PerformanceMetric } from '#contract/performance-metrics';
import { isPostgres } from '../../db/dialect';
import type { DB } from '../../db/schema';
import { toIso } from '../../lib/clock';
import { takeInsightsLock } from '../insights/insight-totals.repository';

/**
 * Metric values are read newest first, a page at a time, through one of the
 * (user_id, created_at), (metric_type_id, created_at) or (created_at) indexes. The page is cut
 * from performance_metrics alone; its employees and types are then fetched by primary key. (One
 * query joining them let PostgreSQL hash-join the page against every employee: 1.7 ms of a
 * 1.9 ms page at 10,000 employees.) Totals come from the score totals kept on every write, never
 * from counting the values.
 */

export interface ValueFilter {
  userId?: number | undefined;
  metricTypeId?: number | undefined;
}

export interface PageWindow {
  limit: number;
  offset: number;
}

const VALUE_COLUMNS = [
  'id',
  'user_id',
  'metric_type_id',
  'value_hundredths',
  'comment',
  'created_at',
  'updated_at',
] as const;

function filteredValues(db: Kysely<DB>, filter: ValueFilter) {
  let query = db.selectFrom('performance_metrics').select(VALUE_COLUMNS);
  if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
  if (filter.metricTypeId !== undefined) {
    query = query.where('metric_type_id', '=', filter.metricTypeId);
  }
  return query;
}

export type ValueRow = Awaited<
  ReturnType<ReturnType<typeof filteredValues>['executeTakeFirstOrThrow']>
>;

/**
 * Adds each value's type and employee, as every screen shows them. A value whose employee or
 * type vanished between the two reads (a concurrent delete) is left out, as SPEC.md's table
 * hides such rows.
 */
export async function enrichValues(db: Kysely<DB>, rows: ValueRow[]): Promise<PerformanceMetric[]> {
  if (rows.length === 0) return [];
  const employeeIds = [...new Set(rows.map((row) => row.user_id))];
  const typeIds = [...new Set(rows.map((row) => row.metric_type_id))];
  const [employees, types] = await Promise.all([
    db
      .selectFrom('employees')
      .select(['id', 'first_name', 'last_name', 'email'])
      .where('id', 'in', employeeIds)
      .execute(),
    db
      .selectFrom('metric_types')
      .select(['id', 'metric_name', 'measurement_unit'])
      .where('id', 'in', typeIds)
      .execute(),
  ]);
  const employeeById = new Map(employees.map((employee) => [employee.id, employee]));
  const typeById = new Map(types.map((type) => [type.id, type]));
  const answer: PerformanceMetric[] = [];
  for (const row of rows) {
    const employee = employeeById.get(row.user_id);
    const type = typeById.get(row.metric_type_id);
    if (!employee || !type) continue;
    answer.push({
      id: row.id,
      user_id: row.user_id,
      metric_type_id: row.metric_type_id,
      value: fromHundredths(Number(row.value_hundredths)),
      comment: row.comment,
      created_at: toIso(row.created_at),
      updated_at: toIso(row.updated_at),
      metric_name: type.metric_name,
      metric_type_name: type.metric_name,
      measurement_unit: type.measurement_unit,
      unit: type.measurement_unit,
      first_name: employee.first_name,
      last_name: employee.last_name,
      email: employee.email,
    });
  }
  return answer;
}

/** One page of values, newest first (ties broken by id so pages never overlap). */
export function pageOfValues(db: Kysely<DB>, filter: ValueFilter, window: PageWindow) {
  return filteredValues(db, filter)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

/**
 * How many values match, read from the score totals kept in the same transaction as every value
 * write: at most one row per employee is summed, however many values there are.
 */
export async function countValues(db: Kysely<DB>, filter: ValueFilter): Promise<number> {
  const row =
    filter.metricTypeId === undefined
      ? await db
          .selectFrom('employee_scores')
          .select(sql<number>`coalesce(sum(metric_count), 0)`.as('total'))
          .$if(filter.userId !== undefined, (q) => q.where('employee_id', '=', filter.userId!))
          .executeTakeFirst()
      : await db
          .selectFrom('employee_metric_type_scores')
          .select(sql<number>`coalesce(sum(metric_count), 0)`.as('total'))
          .where('metric_type_id', '=', filter.metricTypeId)
          .$if(filter.userId !== undefined, (q) => q.where('employee_id', '=', filter.userId!))
          .executeTakeFirst();
  return Number(row?.total ?? 0);
}

export async function findEnrichedValue(db: Kysely<DB>, id: number) {
  const row = await filteredValues(db, {}).where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const [enriched] = await enrichValues(db, [row]);
  return enriched;
}

/**
 * The stored row, locked for the rest of the transaction on PostgreSQL (SQLite has one writer),
 * after the insights lock that every writer of values takes first (migration 0006).
 */
export async function findValueForChange(db: Kysely<DB>, id: number) {
  const query = filteredValues(db, {}).where('id', '=', id);
  if (!isPostgres(db)) return query.executeTakeFirst();
  await takeInsightsLock(db);
  return query.forUpdate().executeTakeFirst();
}

export interface NewValue {
  user_id: number;
  metric_type_id: number;
  value_hundredths: number;
  comment: string | null;
  recorded_by: number | null;
  created_at: string;
  updated_at: string;
}

export async function insertValue(db: Kysely<DB>, value: NewValue): Promise<number> {
  const row = await db
    .insertInto('performance_metrics')
    .values(value)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateValue(
  db: Kysely<DB>,
  id: number,
  change: { value_hundredths: number; comment: string | null; updated_at: string },
) {
  await db.updateTable('performance_metrics').set(change).where('id', '=', id).execute();
}

export async function deleteValue(db: Kysely<DB>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('performance_metrics').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
