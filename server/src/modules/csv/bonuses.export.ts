import { sql, type Kysely } from 'kysely';
import type { BonusExportQuery } from '#contract/csv-export';
import { keyColumns, keysetBatches, type SortKey } from '../../db/keyset';
import type { DB } from '../../db/schema';
import { toIso } from '../../lib/clock';
import type { CsvRecord } from '../../lib/csv';
import { lookupCache } from './lookup-cache';
import { EXPORT_BATCH_SIZE } from './staff.export';

const NEWEST_FIRST: SortKey[] = [
  { expression: sql.ref('created_at'), direction: 'desc' },
  { expression: sql.ref('id'), direction: 'desc' },
];

/** Every bonus (of one employee when asked), newest first, with its employee's name and email. */
export async function* bonusCsvBatches(
  db: Kysely<DB>,
  query: BonusExportQuery,
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<CsvRecord[]> {
  const employees = lookupCache((ids) =>
    db
      .selectFrom('employees')
      .select(['id', 'email', 'first_name', 'last_name'])
      .where('id', 'in', ids)
      .execute(),
  );
  const batches = keysetBatches({
    keys: NEWEST_FIRST,
    batchSize,
    fetch(after, limit) {
      let batch = db
        .selectFrom('bonuses')
        .select(['id', 'employee_id', 'bonus_name', 'description', 'created_at', 'updated_at'])
        .select(keyColumns(NEWEST_FIRST));
      if (query.employee_id !== undefined) {
        batch = batch.where('employee_id', '=', query.employee_id);
      }
      if (after) batch = batch.where(after);
      return batch.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    },
  });
  for await (const rows of batches) {
    const employeeById = await employees.get(rows.map((row) => row.employee_id));
    const records: CsvRecord[] = [];
    for (const row of rows) {
      const employee = employeeById.get(row.employee_id);
      if (!employee) continue;
      records.push({
        id: row.id,
        employee_id: row.employee_id,
        employee_email: employee.email,
        first_name: employee.first_name,
        last_name: employee.last_name,
        bonus_name: row.bonus_name,
        description: row.description,
        created_at: toIso(row.created_at),
        updated_at: toIso(row.updated_at),
      });
    }
    yield records;
  }
}
