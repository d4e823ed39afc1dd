import type { Kysely } from 'kysely';
import type { DB } from '../../src/db/schema';
import { nowIso } from '../../src/lib/clock';
import { applyScoreChange } from '../../src/modules/scores/scores.repository';

/**
 * Writes that issue 4's services will own, done here the way they will do them, so the insight
 * tests can set up bonuses and change or remove metric values.
 */

export async function insertBonus(
  db: Kysely<DB>,
  input: { employeeId: number; createdAt?: string },
): Promise<number> {
  const createdAt = input.createdAt ?? nowIso();
  const row = await db
    .insertInto('bonuses')
    .values({
      employee_id: input.employeeId,
      bonus_name: 'Test Bonus',
      description: 'For a test',
      awarded_by: null,
      created_at: createdAt,
      updated_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function metricRow(db: Kysely<DB>, id: number) {
  return db
    .selectFrom('performance_metrics')
    .select(['user_id', 'value_hundredths', 'created_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

export async function changeMetricValue(db: Kysely<DB>, id: number, value: number) {
  const hundredths = Math.round(value * 100);
  await db.transaction().execute(async (trx) => {
    const before = await metricRow(trx, id);
    await trx
      .updateTable('performance_metrics')
      .set({ value_hundredths: hundredths, updated_at: nowIso() })
      .where('id', '=', id)
      .execute();
    await applyScoreChange(trx, {
      employeeId: before.user_id,
      createdAt: before.created_at,
      countDelta: 0,
      sumDelta: hundredths - before.value_hundredths,
    });
  });
}

export async function removeMetricValue(db: Kysely<DB>, id: number) {
  await db.transaction().execute(async (trx) => {
    const before = await metricRow(trx, id);
    await trx.deleteFrom('performance_metrics').where('id', '=', id).execute();
    await applyScoreChange(trx, {
      employeeId: before.user_id,
      createdAt: before.created_at,
      countDelta: -1,
      sumDelta: -before.value_hundredths,
    });
  });
}

/** An ISO instant from a wall-clock time in the server's time zone (TZ). */
export function localTime(year: number, month: number, day: number, hour = 12, minute = 0): string {
  return new Date(year, month - 1, day, hour, minute).toISOString();
}
