import { sql, type Kysely } from 'kysely';
import { textValue, timestampValue } from '../../db/dialect';
import type { DB } from '../../db/schema';
import { monthContaining, monthKey } from '../../lib/calendar';
import { nowIso, toIso } from '../../lib/clock';
import { compactKeptTotals } from '../insights/insight-totals.repository';
import { rebuildTypeScores } from './type-scores.repository';

/**
 * Per-employee score totals (overall and per month), kept current on every metric write so that
 * rankings, averages and semester scores never scan the metric values themselves.
 */

export interface ScoreChange {
  employeeId: number;
  /** When the metric value was recorded: picks the month it counts in. */
  createdAt: string | Date;
  /** +1 for a new value, -1 for a removed one, 0 for an edited one. */
  countDelta: number;
  /** Change of the sum, in hundredths. */
  sumDelta: number;
}

/** Applies one change to the totals; call it in the transaction that changes the value. */
export async function applyScoreChange(db: Kysely<DB>, change: ScoreChange): Promise<void> {
  const { employeeId, countDelta, sumDelta } = change;
  const now = nowIso();
  const initialAverage = countDelta > 0 ? sumDelta / countDelta / 100 : 0;

  await db
    .insertInto('employee_scores')
    .values({
      employee_id: employeeId,
      metric_count: countDelta,
      value_sum_hundredths: sumDelta,
      average_score: initialAverage,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.column('employee_id').doUpdateSet({
        metric_count: sql<number>`employee_scores.metric_count + ${countDelta}`,
        value_sum_hundredths: sql<number>`employee_scores.value_sum_hundredths + ${sumDelta}`,
        average_score: sql<number>`case when employee_scores.metric_count + ${countDelta} > 0
          then (employee_scores.value_sum_hundredths + ${sumDelta}) * 1.0
            / (employee_scores.metric_count + ${countDelta}) / 100
          else 0 end`,
        updated_at: now,
      }),
    )
    .execute();

  await db
    .insertInto('employee_monthly_scores')
    .values({
      employee_id: employeeId,
      month: monthKey(toIso(change.createdAt)),
      metric_count: countDelta,
      value_sum_hundredths: sumDelta,
    })
    .onConflict((oc) =>
      oc.columns(['employee_id', 'month']).doUpdateSet({
        metric_count: sql<number>`employee_monthly_scores.metric_count + ${countDelta}`,
        value_sum_hundredths: sql<number>`employee_monthly_scores.value_sum_hundredths + ${sumDelta}`,
      }),
    )
    .execute();

  if (countDelta < 0) {
    // An employee with no values left is unranked, not ranked at 0.
    await db
      .deleteFrom('employee_scores')
      .where('employee_id', '=', employeeId)
      .where('metric_count', '<=', 0)
      .execute();
    await db
      .deleteFrom('employee_monthly_scores')
      .where('employee_id', '=', employeeId)
      .where('metric_count', '<=', 0)
      .execute();
  }
}

/**
 * Recomputes every total from the metric values: after a bulk load, or to check the running
 * totals against the truth.
 */
export async function rebuildScoreAggregates(db: Kysely<DB>): Promise<void> {
  if (db.isTransaction) return rebuildWithin(db);
  await db.transaction().execute(rebuildWithin);
  await compactKeptTotals(db);
}

async function rebuildWithin(trx: Kysely<DB>): Promise<void> {
  await rebuildTypeScores(trx);
  await trx.deleteFrom('employee_monthly_scores').execute();
  await trx.deleteFrom('employee_scores').execute();
  const now = nowIso();
  await trx
    .insertInto('employee_scores')
    .columns(['employee_id', 'metric_count', 'value_sum_hundredths', 'average_score', 'updated_at'])
    .expression((eb) =>
      eb
        .selectFrom('performance_metrics')
        .select((s) => [
          'user_id',
          s.fn.countAll<number>().as('metric_count'),
          s.fn.sum<number>('value_hundredths').as('value_sum_hundredths'),
          sql<number>`sum(value_hundredths) * 1.0 / count(*) / 100`.as('average_score'),
          timestampValue(trx, now).as('updated_at'),
        ])
        .groupBy('user_id'),
    )
    .execute();

  const span = await trx
    .selectFrom('performance_metrics')
    .select((s) => [s.fn.min('created_at').as('first'), s.fn.max('created_at').as('last')])
    .executeTakeFirst();
  if (!span?.first || !span.last) return;

  // Month by month in the server's time zone: the boundaries are computed here, not in SQL,
  // so both engines agree with applyScoreChange whatever TZ is.
  let month = monthContaining(new Date(toIso(span.first)));
  const last = new Date(toIso(span.last));
  while (new Date(month.start) <= last) {
    const key = monthKey(month.start);
    await trx
      .insertInto('employee_monthly_scores')
      .columns(['employee_id', 'month', 'metric_count', 'value_sum_hundredths'])
      .expression((eb) =>
        eb
          .selectFrom('performance_metrics')
          .select((s) => [
            'user_id',
            textValue(key).as('month'),
            s.fn.countAll<number>().as('metric_count'),
            s.fn.sum<number>('value_hundredths').as('value_sum_hundredths'),
          ])
          .where('created_at', '>=', month.start)
          .where('created_at', '<', month.end)
          .groupBy('user_id'),
      )
      .execute();
    month = monthContaining(new Date(month.end));
  }
}
