import type { Kysely } from 'kysely';
import type { Bonus } from '#contract/bonuses';
import { isPostgres } from '../../db/dialect';
import type { DB } from '../../db/schema';
import { toIso } from '../../lib/clock';
import { takeInsightsLock } from '../insights/insight-totals.repository';

/**
 * Bonuses are read newest first through the (employee_id, created_at) or (created_at) index; the
 * page is cut from bonuses alone and its employees are then fetched by primary key, as for
 * metric values (performance-metrics.repository.ts says why).
 */

const BONUS_COLUMNS = [
  'id',
  'employee_id',
  'bonus_name',
  'description',
  'created_at',
  'updated_at',
] as const;

function filteredBonuses(db: Kysely<DB>, employeeId: number | undefined) {
  const query = db.selectFrom('bonuses').select(BONUS_COLUMNS);
  return employeeId === undefined ? query : query.where('employee_id', '=', employeeId);
}

export type BonusRow = Awaited<
  ReturnType<ReturnType<typeof filteredBonuses>['executeTakeFirstOrThrow']>
>;

/** Adds each bonus's employee; a bonus whose employee vanished meanwhile is left out. */
export async function enrichBonuses(db: Kysely<DB>, rows: BonusRow[]): Promise<Bonus[]> {
  if (rows.length === 0) return [];
  const employees = await db
    .selectFrom('employees')
    .select(['id', 'first_name', 'last_name', 'email'])
    .where('id', 'in', [...new Set(rows.map((row) => row.employee_id))])
    .execute();
  const employeeById = new Map(employees.map((employee) => [employee.id, employee]));
  const answer: Bonus[] = [];
  for (const row of rows) {
    const employee = employeeById.get(row.employee_id);
    if (!employee) continue;
    answer.push({
      id: row.id,
      employee_id: row.employee_id,
      bonus_name: row.bonus_name,
      description: row.description,
      created_at: toIso(row.created_at),
      updated_at: toIso(row.updated_at),
      first_name: employee.first_name,
      last_name: employee.last_name,
      email: employee.email,
    });
  }
  return answer;
}

export function pageOfBonuses(
  db: Kysely<DB>,
  employeeId: number | undefined,
  window: { limit: number; offset: number },
) {
  return filteredBonuses(db, employeeId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

/**
 * One indexed count: (employee_id, created_at) for one employee, which is all has-bonuses
 * needs; the smallest index for the whole table.
 */
export async function countBonuses(db: Kysely<DB>, employeeId: number | undefined) {
  const query = db.selectFrom('bonuses').select((s) => s.fn.countAll<number>().as('total'));
  const row = await (
    employeeId === undefined ? query : query.where('employee_id', '=', employeeId)
  ).executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function findEnrichedBonus(db: Kysely<DB>, id: number) {
  const row = await filteredBonuses(db, undefined).where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const [enriched] = await enrichBonuses(db, [row]);
  return enriched;
}

/** The stored bonus, locked on PostgreSQL after the insights lock (migration 0006). */
export async function findBonusForChange(db: Kysely<DB>, id: number) {
  const query = filteredBonuses(db, undefined).where('id', '=', id);
  if (!isPostgres(db)) return query.executeTakeFirst();
  await takeInsightsLock(db);
  return query.forUpdate().executeTakeFirst();
}

export async function insertBonus(
  db: Kysely<DB>,
  bonus: {
    employee_id: number;
    bonus_name: string;
    description: string;
    awarded_by: number | null;
    created_at: string;
    updated_at: string;
  },
): Promise<number> {
  const row = await db
    .insertInto('bonuses')
    .values(bonus)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateBonus(
  db: Kysely<DB>,
  id: number,
  change: { bonus_name: string; description: string; updated_at: string },
) {
  await db.updateTable('bonuses').set(change).where('id', '=', id).execute();
}

export async function deleteBonus(db: Kysely<DB>, id: number) {
  await db.deleteFrom('bonuses').where('id', '=', id).execute();
}
