import { sql, type Kysely } from 'kysely';
import type { CsvImportBody, ImportReport } from '#contract/csv-import';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/constraint-errors';
import { isPostgres } from '../../db/dialect';
import type { DB } from '../../db/schema';
import { conflict } from '../../lib/errors';
import type { Actor } from '../../lib/route';
import { compactKeptTotals } from '../insights/insight-totals.repository';
import type { CheckedImport, ImportKind, ImportLookups } from './import-protocol';
import { checkValues, prepareValues } from './metric-values.check';
import { storeValues } from './metric-values.import';
import { checkStaff, prepareStaff } from './staff.check';
import { storeStaff } from './staff.import';
import { retriedTransaction } from '../../db/retried-transaction';

/** The checks' lookups, read with `db` (the import's transaction, when it stores). */
export function lookupsOn(db: Kysely<DB>): ImportLookups {
  return {
    employees: (column, keys) =>
      db
        .selectFrom('employees')
        .select(['id', 'email', 'employee_code', 'first_name', 'last_name', 'join_date'])
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
 * One transaction that writes. On SQLite it takes the write lock as it begins (BEGIN
 * IMMEDIATE): a deferred one that read first could not take it later if the server's connection
 * wrote in between (SQLITE_BUSY_SNAPSHOT, which no waiting cures).
 */
async function writeTransaction<T>(db: Kysely<DB>, work: (trx: Kysely<DB>) => Promise<T>) {
  if (isPostgres(db)) return retriedTransaction(db, work);
  return db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    try {
      const result = await work(connection);
      await sql`commit`.execute(connection);
      return result;
    } catch (error) {
      await sql`rollback`.execute(connection).catch(() => undefined);
      throw error;
    }
  });
}

interface ImportSteps<Item> {
  check(lookups: ImportLookups): Promise<{ checked: CheckedImport; batches: Item[][] }>;
  store(trx: Kysely<DB>, checked: CheckedImport, batches: Item[][]): Promise<void>;
  lostRace: (error: unknown) => boolean;
  raceMessage: string;
}

function stepsOf(kind: ImportKind, request: CsvImportBody, actor: Actor): ImportSteps<unknown> {
  if (kind === 'staff') {
    const prepared = prepareStaff(request);
    return {
      check: (lookups) => checkStaff(prepared, lookups, request),
      store: (trx, checked, batches) => storeStaff(trx, checked, batches as never, actor),
      // Another request took an email or employee ID after the check (PostgreSQL).
      lostRace: isUniqueViolation,
      raceMessage:
        'Another change added staff with an email or Employee ID of this file while it was imported; nothing was imported. Please import again.',
    };
  }
  const prepared = prepareValues(request);
  return {
    check: (lookups) => checkValues(prepared, lookups, request),
    store: (trx, checked, batches) => storeValues(trx, checked, batches as never, actor),
    // An employee or metric type deleted after the check (PostgreSQL).
    lostRace: isForeignKeyViolation,
    raceMessage:
      'An employee or metric type of this file was deleted while it was imported; nothing was imported. Please import again.',
  };
}

/**
 * An import, in its worker thread: the file read and checked before any transaction begins (a
 * big file does not keep the database waiting); a dry run then checks against the database and
 * stores nothing; otherwise the checks against the database and the writes happen in one
 * transaction: every valid row, the totals kept by service code and the audit entry, or nothing.
 * On PostgreSQL another request can change what the file was checked against before the writes
 * land; `lostRace` tells that engine error, which becomes a 409, nothing stored.
 */
export async function runImport(
  db: Kysely<DB>,
  kind: ImportKind,
  request: CsvImportBody,
  actor: Actor,
): Promise<ImportReport> {
  const steps = stepsOf(kind, request, actor);
  if (request.dry_run) return (await steps.check(lookupsOn(db))).checked.report;
  let checked: CheckedImport;
  try {
    checked = await writeTransaction(db, async (trx) => {
      const result = await steps.check(lookupsOn(trx));
      if (result.checked.store) await steps.store(trx, result.checked, result.batches);
      return result.checked;
    });
  } catch (error) {
    if (steps.lostRace(error)) throw conflict(steps.raceMessage);
    throw error;
  }
  // Thousands of rows in one statement leave the totals the triggers keep spread over pages.
  if (checked.report.imported > 0) await compactKeptTotals(db);
  return checked.report;
}
