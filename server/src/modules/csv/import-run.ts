import type { Kysely } from 'kysely';
import type { CsvImportBody, ImportReport } from '#contract/csv-import';
import type { DB } from '../../db/schema';
import { conflict } from '../../lib/errors';
import { compactKeptTotals } from '../insights/insight-totals.repository';
import type { CheckedImport, ImportKind, ImportLookups } from './import-protocol';
import { startImportWorker, type ImportWorker } from './import-thread';

/** The worker's lookups, read with `db` (the import's transaction, when it stores). */
export function lookupsOn(db: Kysely<DB>): ImportLookups {
  return {
    employees: (column, keys) =>
      db
        .selectFrom('employees')
        .select(['id', 'email', 'employee_code', 'first_name', 'last_name'])
        .where(column, 'in', keys)
        .execute(),
    metricTypes: () =>
      db
        .selectFrom('metric_types')
        .select(['id', 'metric_name', 'minimum_value', 'maximum_value'])
        .execute(),
  };
}

/**
 * An import: the file read and checked in a worker thread, then, unless it is a dry run (which
 * stores nothing and opens no transaction), the checks against the database and the writes
 * (`store`, batch by batch, each an await) in one transaction. The file is read before the
 * transaction begins, so a big file does not keep the database waiting. Another request can
 * change what the file was checked against before the writes land; `lostRace` tells that engine
 * error, which becomes a 409 with `raceMessage`, nothing stored.
 */
export async function runImport<Item>(options: {
  db: Kysely<DB>;
  kind: ImportKind;
  request: CsvImportBody;
  store: (trx: Kysely<DB>, checked: CheckedImport, worker: ImportWorker<Item>) => Promise<void>;
  lostRace: (error: unknown) => boolean;
  raceMessage: string;
}): Promise<ImportReport> {
  const { db, request } = options;
  const worker = await startImportWorker<Item>(options.kind, request);
  try {
    if (request.dry_run) return (await worker.check(lookupsOn(db))).report;
    let checked: CheckedImport;
    try {
      checked = await db.transaction().execute(async (trx) => {
        const result = await worker.check(lookupsOn(trx));
        if (result.store) await options.store(trx, result, worker);
        return result;
      });
    } catch (error) {
      if (options.lostRace(error)) throw conflict(options.raceMessage);
      throw error;
    }
    // Thousands of rows in one statement leave the totals the triggers keep spread over pages.
    if (checked.report.imported > 0) await compactKeptTotals(db);
    return checked.report;
  } finally {
    await worker.close();
  }
}
