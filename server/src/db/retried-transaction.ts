import type { Kysely } from 'kysely';
import { isPostgres } from './dialect';
import type { DB } from './schema';

/** PostgreSQL's deadlock_detected and serialization_failure: the transaction may simply run again. */
const RETRIED_CODES = new Set(['40P01', '40001']);
const ATTEMPTS = 3;

function isRetried(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RETRIED_CODES.has(code);
}

/**
 * One transaction that writes kept totals, run again (up to three tries in all) when PostgreSQL
 * rolled it back for a deadlock. Writers of one kind take their rows in one order and never
 * deadlock; writers of different kinds (a value recorded, a department changed, an import) may
 * meet on a shard row of the totals in opposite orders when their backends share a shard (ADR
 * 30), and PostgreSQL then rolls one of them back. `work` must do nothing outside the database.
 * SQLite runs one writer at a time: one try.
 */
export async function retriedTransaction<T>(
  db: Kysely<DB>,
  work: (trx: Kysely<DB>) => Promise<T>,
): Promise<T> {
  if (!isPostgres(db)) return db.transaction().execute(work);
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (attempt >= ATTEMPTS || !isRetried(error)) throw error;
    }
  }
}
