import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * Score totals per employee and metric type (employee_metric_type_scores), the companion of
 * applyScoreChange: call both in the transaction that changes a metric value.
 */

export interface TypeScoreChange {
  employeeId: number;
  metricTypeId: number;
  /** +1 for a new value, -1 for a removed one, 0 for an edited one. */
  countDelta: number;
  /** Change of the sum, in hundredths. */
  sumDelta: number;
}

export async function applyTypeScoreChange(db: Kysely<DB>, change: TypeScoreChange) {
  const { employeeId, metricTypeId, countDelta, sumDelta } = change;
  await db
    .insertInto('employee_metric_type_scores')
    .values({
      employee_id: employeeId,
      metric_type_id: metricTypeId,
      metric_count: countDelta,
      value_sum_hundredths: sumDelta,
    })
    .onConflict((oc) =>
      oc.columns(['employee_id', 'metric_type_id']).doUpdateSet({
        metric_count: sql<number>`employee_metric_type_scores.metric_count + ${countDelta}`,
        value_sum_hundredths: sql<number>`employee_metric_type_scores.value_sum_hundredths + ${sumDelta}`,
      }),
    )
    .execute();
  if (countDelta < 0) {
    await db
      .deleteFrom('employee_metric_type_scores')
      .where('employee_id', '=', employeeId)
      .where('metric_type_id', '=', metricTypeId)
      .where('metric_count', '<=', 0)
      .execute();
  }
}

/** Recomputes every per-type total from the metric values (inside the caller's transaction). */
export async function rebuildTypeScores(trx: Kysely<DB>): Promise<void> {
  await trx.deleteFrom('employee_metric_type_scores').execute();
  await trx
    .insertInto('employee_metric_type_scores')
    .columns(['employee_id', 'metric_type_id', 'metric_count', 'value_sum_hundredths'])
    .expression((eb) =>
      eb
        .selectFrom('performance_metrics')
        .select((s) => [
          'user_id',
          'metric_type_id',
          s.fn.countAll<number>().as('metric_count'),
          s.fn.sum<number>('value_hundredths').as('value_sum_hundredths'),
        ])
        .groupBy(['user_id', 'metric_type_id']),
    )
    .execute();
}
