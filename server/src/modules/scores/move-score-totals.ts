import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { applyScoreChange } from './scores.repository';
import { applyTypeScoreChange } from './type-scores.repository';

/**
 * Moves every score total a value counts in (overall, its month, its type) by the same change,
 * in the caller's transaction.
 */
export async function moveScoreTotals(
  trx: Kysely<DB>,
  value: { user_id: number; metric_type_id: number; created_at: string | Date },
  countDelta: number,
  sumDelta: number,
) {
  await applyScoreChange(trx, {
    employeeId: value.user_id,
    createdAt: value.created_at,
    countDelta,
    sumDelta,
  });
  await applyTypeScoreChange(trx, {
    employeeId: value.user_id,
    metricTypeId: value.metric_type_id,
    countDelta,
    sumDelta,
  });
}
