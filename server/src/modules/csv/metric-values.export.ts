import { sql, type Kysely } from 'kysely';
import type { MetricValueExportQuery } from '#contract/csv-export';
import { fromHundredths } from '#contract/metric-value-rule';
import { keyColumns, keysetBatches, type SortKey } from '../../db/keyset';
import type { DB } from '../../db/schema';
import { toIso } from '../../lib/clock';
import type { CsvRecord } from '../../lib/csv';
import { lookupCache } from './lookup-cache';
import { EXPORT_BATCH_SIZE } from './staff.export';

/** Newest first, as the list: served by the (created_at), (user_id, created_at) or (metric_type_id, created_at) index. */
const NEWEST_FIRST: SortKey[] = [
  { expression: sql.ref('created_at'), direction: 'desc' },
  { expression: sql.ref('id'), direction: 'desc' },
];

/**
 * Every metric value matching the list's filters, newest first. Batches are cut from
 * performance_metrics alone; employees and types are looked up by primary key. A value whose
 * employee or type is gone is left out, as the list leaves it out.
 */
export async function* metricValueCsvBatches(
  db: Kysely<DB>,
  query: MetricValueExportQuery,
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<CsvRecord[]> {
  const employees = lookupCache((ids) =>
    db
      .selectFrom('employees')
      .select(['id', 'email', 'first_name', 'last_name'])
      .where('id', 'in', ids)
      .execute(),
  );
  const types = lookupCache((ids) =>
    db
      .selectFrom('metric_types')
      .select(['id', 'metric_name', 'measurement_unit'])
      .where('id', 'in', ids)
      .execute(),
  );
  const batches = keysetBatches({
    keys: NEWEST_FIRST,
    batchSize,
    fetch(after, limit) {
      let batch = db
        .selectFrom('performance_metrics')
        .select([
          'id',
          'user_id',
          'metric_type_id',
          'value_hundredths',
          'comment',
          'created_at',
          'updated_at',
        ])
        .select(keyColumns(NEWEST_FIRST));
      if (query.user_id !== undefined) batch = batch.where('user_id', '=', query.user_id);
      if (query.metric_type_id !== undefined) {
        batch = batch.where('metric_type_id', '=', query.metric_type_id);
      }
      if (after) batch = batch.where(after);
      return batch.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    },
  });
  for await (const rows of batches) {
    const employeeById = await employees.get(rows.map((row) => row.user_id));
    const typeById = await types.get(rows.map((row) => row.metric_type_id));
    const records: CsvRecord[] = [];
    for (const row of rows) {
      const employee = employeeById.get(row.user_id);
      const type = typeById.get(row.metric_type_id);
      if (!employee || !type) continue;
      records.push({
        id: row.id,
        employee_id: row.user_id,
        employee_email: employee.email,
        first_name: employee.first_name,
        last_name: employee.last_name,
        metric_type_id: row.metric_type_id,
        metric_name: type.metric_name,
        unit: type.measurement_unit,
        value: fromHundredths(Number(row.value_hundredths)),
        comment: row.comment,
        created_at: toIso(row.created_at),
        updated_at: toIso(row.updated_at),
      });
    }
    yield records;
  }
}
