import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { monthKey } from '../../lib/calendar';
import { nowIso, toIso } from '../../lib/clock';

/**
 * The score totals of many new metric values at once (an import), in the caller's transaction:
 * the same totals moveScoreTotals keeps value by value (overall, per month in the server's
 * time zone, per metric type), summed per key first and written as multi-row upserts. A
 * thousand values of one employee cost one row change per table, not a thousand.
 *
 * The stored average is computed by the same SQL expression as applyScoreChange's, so both ways
 * of writing give the same figure on each engine.
 */

export interface NewValueTotals {
  user_id: number;
  metric_type_id: number;
  value_hundredths: number;
  created_at: string;
}

interface Total {
  count: number;
  sum: number;
}

/** Rows per statement: well under SQLite's 32,766 and PostgreSQL's 65,535 parameters. */
const CHUNK = 500;

function addTo<K>(map: Map<K, Total>, key: K, hundredths: number) {
  const total = map.get(key) ?? { count: 0, sum: 0 };
  total.count += 1;
  total.sum += hundredths;
  map.set(key, total);
}

function chunks<T>(items: T[]): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += CHUNK) {
    result.push(items.slice(start, start + CHUNK));
  }
  return result;
}

export async function addScoreTotals(trx: Kysely<DB>, values: readonly NewValueTotals[]) {
  const overall = new Map<number, Total>();
  const monthly = new Map<string, Total & { employeeId: number; month: string }>();
  const perType = new Map<string, Total & { employeeId: number; metricTypeId: number }>();
  for (const value of values) {
    addTo(overall, value.user_id, value.value_hundredths);
    const month = monthKey(toIso(value.created_at));
    const monthId = `${value.user_id}|${month}`;
    if (!monthly.has(monthId)) {
      monthly.set(monthId, { employeeId: value.user_id, month, count: 0, sum: 0 });
    }
    addTo(monthly, monthId, value.value_hundredths);
    const typeId = `${value.user_id}|${value.metric_type_id}`;
    if (!perType.has(typeId)) {
      perType.set(typeId, {
        employeeId: value.user_id,
        metricTypeId: value.metric_type_id,
        count: 0,
        sum: 0,
      });
    }
    addTo(perType, typeId, value.value_hundredths);
  }

  const now = nowIso();
  for (const part of chunks([...overall.entries()])) {
    await trx
      .insertInto('employee_scores')
      .values(
        part.map(([employeeId, total]) => ({
          employee_id: employeeId,
          metric_count: total.count,
          value_sum_hundredths: total.sum,
          average_score: sql<number>`cast(${total.sum} as bigint) * 1.0 / cast(${total.count} as integer) / 100`,
          updated_at: now,
        })),
      )
      .onConflict((oc) =>
        oc.column('employee_id').doUpdateSet({
          metric_count: sql<number>`employee_scores.metric_count + excluded.metric_count`,
          value_sum_hundredths: sql<number>`employee_scores.value_sum_hundredths + excluded.value_sum_hundredths`,
          average_score: sql<number>`case when employee_scores.metric_count + excluded.metric_count > 0
            then (employee_scores.value_sum_hundredths + excluded.value_sum_hundredths) * 1.0
              / (employee_scores.metric_count + excluded.metric_count) / 100
            else 0 end`,
          updated_at: now,
        }),
      )
      .execute();
  }

  for (const part of chunks([...monthly.values()])) {
    await trx
      .insertInto('employee_monthly_scores')
      .values(
        part.map((total) => ({
          employee_id: total.employeeId,
          month: total.month,
          metric_count: total.count,
          value_sum_hundredths: total.sum,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['employee_id', 'month']).doUpdateSet({
          metric_count: sql<number>`employee_monthly_scores.metric_count + excluded.metric_count`,
          value_sum_hundredths: sql<number>`employee_monthly_scores.value_sum_hundredths + excluded.value_sum_hundredths`,
        }),
      )
      .execute();
  }

  for (const part of chunks([...perType.values()])) {
    await trx
      .insertInto('employee_metric_type_scores')
      .values(
        part.map((total) => ({
          employee_id: total.employeeId,
          metric_type_id: total.metricTypeId,
          metric_count: total.count,
          value_sum_hundredths: total.sum,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['employee_id', 'metric_type_id']).doUpdateSet({
          metric_count: sql<number>`employee_metric_type_scores.metric_count + excluded.metric_count`,
          value_sum_hundredths: sql<number>`employee_metric_type_scores.value_sum_hundredths + excluded.value_sum_hundredths`,
        }),
      )
      .execute();
  }
}
