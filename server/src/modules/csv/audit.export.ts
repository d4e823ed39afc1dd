import type { Kysely } from 'kysely';
import type { AuditExportQuery } from '#contract/csv-export';
import { keyColumns, keysetBatches } from '../../db/keyset';
import type { DB } from '../../db/schema';
import { NEWEST_FIRST } from './lookup-cache';
import { toIso } from '../../lib/clock';
import type { CsvRecord } from '../../lib/csv';
import { matchesSearch } from '../audit/audit.repository';
import { EXPORT_BATCH_SIZE } from './staff.export';

/** Every audit entry matching the search, newest first, with its records before and after. */
export async function* auditCsvBatches(
  db: Kysely<DB>,
  query: AuditExportQuery,
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<CsvRecord[]> {
  const batches = keysetBatches({
    keys: NEWEST_FIRST,
    batchSize,
    fetch(after, limit) {
      // Batches walk the entries newest first: the LIKE on each stops once a batch is full.
      let batch = db.selectFrom('audit_entries').selectAll().select(keyColumns(NEWEST_FIRST));
      if (query.search) batch = batch.where(matchesSearch(db, query.search, { useIndex: false }));
      if (after) batch = batch.where(after);
      return batch.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    },
  });
  for await (const rows of batches) {
    yield rows.map((row) => ({
      id: row.id,
      created_at: toIso(row.created_at),
      name: row.name,
      description: row.description,
      actor_user_id: row.actor_user_id,
      actor_email: row.actor_email,
      ip_address: row.ip_address,
      entity_type: row.entity_type,
      entity_id: row.entity_id,
      before: row.before_json,
      after: row.after_json,
    }));
  }
}
