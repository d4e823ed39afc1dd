import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../../db/dialect';
import type { DB } from '../../db/schema';
import { monthKey } from '../../lib/calendar';
import { nowIso, toIso } from '../../lib/clock';
import type { Actor } from '../../lib/route';
import { auditRow, writeAudit, type AuditRecord } from '../audit/audit.writer';
import { applyScoreChange } from './scores.repository';
import { applyTypeScoreChange } from './type-scores.repository';

type ScoredValue = { user_id: number; metric_type_id: number; created_at: string | Date };

/**
 * Moves every score total a value counts in (overall, its month, its type) by the same change,
 * in the caller's transaction.
 */
export async function moveScoreTotals(
  trx: Kysely<DB>,
  value: ScoredValue,
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

/**
 * moveScoreTotals, then the change's audit entry, for a value added (`countDelta` 1) or changed
 * (0): no total can reach zero then, so none is ever deleted (moveScoreTotals deletes those of a
 * removed value).
 *
 * On PostgreSQL the four writes are one statement, one round trip instead of four: data-modifying
 * CTEs, each reading the one row the one before it returned, so that PostgreSQL writes the rows
 * in this order (in a WITH it otherwise picks its own). Their row triggers, and then their
 * statement triggers, fire at the end of the statement in the order the separate statements
 * fired them, so the derived rows are written in the same order as before; only the employee's
 * month and type rows and the new audit row now come before the derived rows that the
 * employee_scores row's triggers write, and every writer of an employee's month and type rows
 * takes that employee_scores row first. A parameter is cast to its column's type, which the
 * separate statements left PostgreSQL to infer from the column (a SELECT's output would be
 * text). SQLite runs the four statements as before.
 */
export async function moveScoreTotalsAndAudit(
  trx: Kysely<DB>,
  value: ScoredValue,
  countDelta: 0 | 1,
  sumDelta: number,
  actor: Actor,
  audit: AuditRecord,
): Promise<void> {
  if (!isPostgres(trx)) {
    await moveScoreTotals(trx, value, countDelta, sumDelta);
    await writeAudit(trx, actor, audit);
    return;
  }
  const employeeId = value.user_id;
  const count = sql`${countDelta}::integer`;
  const sum = sql`${sumDelta}::bigint`;
  const initialAverage = countDelta > 0 ? sumDelta / countDelta / 100 : 0;
  const entry = auditRow(actor, audit);
  const { rows } = await sql<{ one: number }>`
    with overall as (
      insert into employee_scores
        (employee_id, metric_count, value_sum_hundredths, average_score, updated_at)
      values (${employeeId}::integer, ${count}, ${sum}, ${initialAverage}::double precision,
        ${nowIso()}::timestamptz)
      on conflict (employee_id) do update set
        metric_count = employee_scores.metric_count + ${count},
        value_sum_hundredths = employee_scores.value_sum_hundredths + ${sum},
        average_score = case when employee_scores.metric_count + ${count} > 0
          then (employee_scores.value_sum_hundredths + ${sum}) * 1.0
            / (employee_scores.metric_count + ${count}) / 100
          else 0 end,
        updated_at = excluded.updated_at
      returning 1 as one
    ), monthly as (
      insert into employee_monthly_scores
        (employee_id, month, metric_count, value_sum_hundredths)
      select ${employeeId}::integer, ${monthKey(toIso(value.created_at))}::text, ${count}, ${sum}
      from overall
      on conflict (employee_id, month) do update set
        metric_count = employee_monthly_scores.metric_count + ${count},
        value_sum_hundredths = employee_monthly_scores.value_sum_hundredths + ${sum}
      returning 1 as one
    ), by_type as (
      insert into employee_metric_type_scores
        (employee_id, metric_type_id, metric_count, value_sum_hundredths)
      select ${employeeId}::integer, ${value.metric_type_id}::integer, ${count}, ${sum}
      from monthly
      on conflict (employee_id, metric_type_id) do update set
        metric_count = employee_metric_type_scores.metric_count + ${count},
        value_sum_hundredths = employee_metric_type_scores.value_sum_hundredths + ${sum}
      returning 1 as one
    )
    insert into audit_entries (name, description, actor_user_id, actor_email, ip_address,
      entity_type, entity_id, before_json, after_json, created_at, updated_at)
    select ${entry.name}::text, ${entry.description}::text, ${entry.actor_user_id}::integer,
      ${entry.actor_email}::text, ${entry.ip_address}::text, ${entry.entity_type}::text,
      ${entry.entity_id}::integer, ${entry.before_json}::text, ${entry.after_json}::text,
      ${entry.created_at}::timestamptz, ${entry.updated_at}::timestamptz
    from by_type
    returning 1 as one`.execute(trx);
  if (rows.length !== 1) throw new Error('the score totals and audit entry were not all written');
}
