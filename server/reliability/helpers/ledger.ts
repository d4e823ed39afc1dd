import type { Kysely } from 'kysely';
import type { DB } from '../../src/db/schema';

/**
 * What the server acknowledged under a write load (helpers/write-load.ts), record by record, and
 * how the database differs from it afterwards.
 */

export interface Tracked<T> {
  present: boolean;
  value: T;
  /** The state an unanswered operation was moving to; null when the state is known. */
  pending: { present: boolean; value: T } | null;
  /** When the server acknowledged the record's creation (ms since the epoch). */
  createdAt: number;
  owner: number;
}

export class Ledger {
  employees = new Map<number, Tracked<null>>();
  metrics = new Map<number, Tracked<{ hundredths: number; employeeId: number }>>();
  bonuses = new Map<number, Tracked<{ name: string; employeeId: number }>>();
  /** Writes answered 2xx. */
  acknowledged = 0;
  /** Answers that must not happen (5xx, or a refusal the test did not allow), with context. */
  problems: string[] = [];
  /** Requests that got no answer (the server went away). */
  unanswered = 0;
}

/**
 * Differences between the ledger and the database: every acknowledged write must be there (and
 * every acknowledged delete gone); a pending operation may have gone either way.
 */
export async function ledgerDifferences(db: Kysely<DB>, ledger: Ledger): Promise<string[]> {
  const problems: string[] = [];
  const employees = new Set(
    (await db.selectFrom('employees').select('id').execute()).map((row) => row.id),
  );
  const metrics = new Map(
    (
      await db
        .selectFrom('performance_metrics')
        .select(['id', 'value_hundredths', 'user_id'])
        .execute()
    ).map((row) => [row.id, row]),
  );
  const bonuses = new Map(
    (await db.selectFrom('bonuses').select(['id', 'bonus_name']).execute()).map((row) => [
      row.id,
      row,
    ]),
  );

  const acceptable = <T>(tracked: Tracked<T>) =>
    tracked.pending ? [tracked, tracked.pending] : [tracked];

  for (const [id, tracked] of ledger.employees) {
    const states = acceptable(tracked);
    if (!states.some((state) => state.present === employees.has(id))) {
      problems.push(`employee ${id} should ${tracked.present ? 'exist' : 'be gone'}`);
    }
  }
  for (const [id, tracked] of ledger.metrics) {
    const row = metrics.get(id);
    const fits = acceptable(tracked).some((state) =>
      state.present
        ? row !== undefined && Number(row.value_hundredths) === state.value.hundredths
        : row === undefined,
    );
    if (!fits) {
      problems.push(
        `metric value ${id}: expected ${JSON.stringify(acceptable(tracked).map((s) => [s.present, s.value.hundredths]))}, stored ${row ? Number(row.value_hundredths) : 'nothing'}`,
      );
    }
  }
  for (const [id, tracked] of ledger.bonuses) {
    const row = bonuses.get(id);
    const fits = acceptable(tracked).some((state) =>
      state.present ? row?.bonus_name === state.value.name : row === undefined,
    );
    if (!fits) problems.push(`bonus ${id} should ${tracked.present ? 'exist' : 'be gone'}`);
  }
  return problems;
}
