import type { Insertable, Kysely } from 'kysely';
import type { BonusesTable, DB, MetricTypesTable } from '../../src/db/schema';
import { nowIso } from '../../src/lib/clock';
import { applyScoreChange } from '../../src/modules/scores/scores.repository';
import { applyTypeScoreChange } from '../../src/modules/scores/type-scores.repository';

/**
 * Factories for performance data: metric types, metric values (which keep the score totals
 * current, as the service does) and bonuses. Kept beside factories.ts rather than in it so that
 * resources built in parallel do not edit one shared file.
 */

let sequence = 0;
const next = () => ++sequence;

/** Inserts a metric type (unbounded unless told); answers its row id. */
export async function insertMetricType(
  db: Kysely<DB>,
  overrides: Partial<Insertable<MetricTypesTable>> = {},
): Promise<number> {
  const n = next();
  const now = nowIso();
  const row = await db
    .insertInto('metric_types')
    .values({
      metric_name: `Metric ${n}.${process.pid}`,
      description: null,
      measurement_unit: '%',
      minimum_value: null,
      maximum_value: null,
      created_at: now,
      updated_at: now,
      ...overrides,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Inserts a metric value (`value` on the 1 to 100 scale) with its score totals; answers its id. */
export async function insertMetricValue(
  db: Kysely<DB>,
  values: { userId: number; metricTypeId: number; value: number; createdAt?: string },
): Promise<number> {
  const createdAt = values.createdAt ?? nowIso();
  const hundredths = Math.round(values.value * 100);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('performance_metrics')
      .values({
        user_id: values.userId,
        metric_type_id: values.metricTypeId,
        value_hundredths: hundredths,
        comment: null,
        recorded_by: null,
        created_at: createdAt,
        updated_at: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await applyScoreChange(trx, {
      employeeId: values.userId,
      createdAt,
      countDelta: 1,
      sumDelta: hundredths,
    });
    await applyTypeScoreChange(trx, {
      employeeId: values.userId,
      metricTypeId: values.metricTypeId,
      countDelta: 1,
      sumDelta: hundredths,
    });
    return row.id;
  });
}

/** Inserts a bonus for an employee; answers its row id. */
export async function insertBonus(
  db: Kysely<DB>,
  employeeId: number,
  overrides: Partial<Insertable<BonusesTable>> = {},
): Promise<number> {
  const n = next();
  const now = nowIso();
  const row = await db
    .insertInto('bonuses')
    .values({
      employee_id: employeeId,
      bonus_name: `Bonus ${n}`,
      description: `Awarded for test ${n}`,
      awarded_by: null,
      created_at: now,
      updated_at: now,
      ...overrides,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
