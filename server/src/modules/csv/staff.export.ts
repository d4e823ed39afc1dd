import { sql, type Kysely } from 'kysely';
import type { StaffExportQuery } from '#contract/csv-export';
import { keyColumns, keysetBatches, type SortKey } from '../../db/keyset';
import type { DB } from '../../db/schema';
import type { CsvRecord } from '../../lib/csv';
import { filteredEmployees, SORT_KEYS } from '../employees/staff-list-filters';
import { toStaffCsvRecord } from './staff-csv';

/**
 * Rows per query of every export: a few milliseconds of work, then other requests' turn. On
 * SQLite a query runs on the event loop's own thread, so a batch is also the longest the export
 * holds the loop at once (server/test/event-loop.test.ts keeps that under its limit).
 */
export const EXPORT_BATCH_SIZE = 500;

/** The staff list's order (employees.repository.ts), ending with the id so it is total. */
export function staffSortKeys(query: Pick<StaffExportQuery, 'sort' | 'order'>): SortKey[] {
  const { keys, fixed = [] } = SORT_KEYS[query.sort];
  return [
    ...fixed.map((expression): SortKey => ({ expression, direction: 'asc' })),
    ...keys.map((expression): SortKey => ({ expression, direction: query.order })),
    { expression: sql.ref('e.id'), direction: query.order },
  ];
}

/** Every staff record matching the list's filters, in the list's order, as staff CSV rows. */
export async function* staffCsvBatches(
  db: Kysely<DB>,
  query: StaffExportQuery,
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<CsvRecord[]> {
  const keys = staffSortKeys(query);
  const batches = keysetBatches({
    keys,
    batchSize,
    fetch(after, limit) {
      let batch = filteredEmployees(db, query)
        .leftJoin('employees as m', 'm.id', 'e.manager_id')
        .select([
          'e.first_name',
          'e.last_name',
          'e.email',
          'e.phone',
          'e.position',
          'e.department',
          'e.join_date',
          'e.status',
          'e.salary_cents',
          'e.employee_code',
          'e.employment_type',
          'e.location',
          'e.notes',
          'e.skills',
          'm.email as manager_email',
          'm.employee_code as manager_employee_code',
        ])
        .select(keyColumns(keys));
      if (after) batch = batch.where(after);
      for (const key of keys) batch = batch.orderBy(key.expression, key.direction);
      return batch.limit(limit).execute();
    },
  });
  for await (const rows of batches) yield rows.map(toStaffCsvRecord);
}
