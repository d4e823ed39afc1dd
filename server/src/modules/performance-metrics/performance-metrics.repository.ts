import type { Kysely } from 'kysely';
import { fromHundredths } from '#contract/metric-value-rule';
import type { PerformanceMetric } from '#contract/performance-metrics';
import { isPostgres } from '../../db/dialect';
import { recordById } from '../../db/prepared-query';
import type { DB } from '../../db/schema';
import { toIso } from '../../lib/clock';

/** Metric values: reading one, the mapper to the API's shape, and the writes. */

export interface ValueFilter {
  userId?: number | undefined;
  metricTypeId?: number | undefined;
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

/** A value with its type and employee as the API answers it. */
export function toPerformanceMetric(
  row: ValueRow,
  type: { metric_name: string; measurement_unit: string | null },
  employee: { first_name: string; last_name: string; email: string },
): PerformanceMetric {
  return {
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
  };
}

/**
 * One value with its type and employee, as every screen shows them, compiled once; none when
 * any of the three is gone (SPEC.md's table hides a value whose employee or type was deleted).
 */
const enrichedValueById = recordById((db, id) =>
  db
    .selectFrom('performance_metrics as p')
    .innerJoin('employees as e', 'e.id', 'p.user_id')
    .innerJoin('metric_types as t', 't.id', 'p.metric_type_id')
    .select(VALUE_COLUMNS.map((column) => `p.${column}` as const))
    .select(['t.metric_name', 't.measurement_unit', 'e.first_name', 'e.last_name', 'e.email'])
    .where('p.id', '=', id),
);

export async function findEnrichedValue(db: Kysely<DB>, id: number) {
  const row = await enrichedValueById(db, id);
  return row && toPerformanceMetric(row, row, row);
}

/**
 * The stored row, locked for the rest of the transaction on PostgreSQL (SQLite has one writer).
 */
export async function findValueForChange(db: Kysely<DB>, id: number) {
  const query = filteredValues(db, {}).where('id', '=', id);
  if (!isPostgres(db)) return query.executeTakeFirst();
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
