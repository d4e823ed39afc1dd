import { sql, type Expression, type Kysely, type RawBuilder } from 'kysely';
import type { Bonus } from '#contract/bonuses';
import { isPostgres } from '../../db/dialect';
import { preparedQuery, recordById } from '../../db/prepared-query';
import type { DB } from '../../db/schema';
import { toIso } from '../../lib/clock';
import { pageThrough, rememberedItemsPerDatabase } from '../../lib/remembered-items';
import type { CallerFigure } from '../auth/auth.repository';
import { takeInsightsLock } from '../insights/insight-totals.repository';

/**
 * Bonuses are read newest first through the (employee_id, created_at) or (created_at) index; the
 * page is cut from bonuses alone and then joined with its employees, as for metric values
 * (metric-value-pages.repository.ts says why).
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

/** A bonus with its employee as the API answers it. */
function toBonus(
  row: BonusRow,
  employee: { first_name: string; last_name: string; email: string },
): Bonus {
  return {
    id: row.id,
    employee_id: row.employee_id,
    bonus_name: row.bonus_name,
    description: row.description,
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
    first_name: employee.first_name,
    last_name: employee.last_name,
    email: employee.email,
  };
}

type EnrichedRow = BonusRow & { first_name: string; last_name: string; email: string };

/** The versions an item of the list shows (migration 0020): its bonus and its employee. */
const KEY_COLUMNS = sql`b.id, b.row_version as bonus_version, e.row_version as employee_version`;
const ROW_COLUMNS = sql`${KEY_COLUMNS}, b.employee_id, b.bonus_name, b.description, b.created_at,
  b.updated_at, e.first_name, e.last_name, e.email`;

interface BonusKey {
  id: number;
  bonus_version: number;
  employee_version: number;
}

/**
 * The page cut from bonuses alone, then joined with its employees (compiled once a filter):
 * `keys` reads each bonus's id and versions, `rows` the bonuses whole.
 */
function bonusPage<P extends unknown[]>(where: (...params: P) => RawBuilder<unknown>) {
  const reading = <Row>(columns: RawBuilder<unknown>) =>
    preparedQuery(
      (limit: number, offset: number, ...params: P) => sql<Row>`
        select ${columns}
        from (
          select id, row_version, employee_id, bonus_name, description, created_at, updated_at
          from bonuses ${where(...params)}
          order by created_at desc, id desc limit ${limit} offset ${offset}
        ) b
        join employees e on e.id = b.employee_id
        order by b.created_at desc, b.id desc`,
    );
  return {
    keys: reading<BonusKey>(KEY_COLUMNS),
    rows: reading<BonusKey & EnrichedRow>(ROW_COLUMNS),
  };
}

const pageQueries = {
  all: bonusPage(() => sql``),
  ofEmployee: bonusPage((employeeId: number) => sql`where employee_id = ${employeeId}`),
};

/** The bonuses this instance has answered, at the versions of what each shows. */
const rememberedBonuses = rememberedItemsPerDatabase<Bonus>(10_000);
const keyOf = (row: BonusKey) => ({
  id: row.id,
  version: `${row.bonus_version}.${row.employee_version}`,
});

/**
 * One page of bonuses with their employees, newest first (ties broken by id). The page's keys
 * are read first, and its rows only when a bonus is not remembered at the versions read
 * (lib/remembered-items.ts).
 */
export async function pageOfEnrichedBonuses(
  db: Kysely<DB>,
  employeeId: number | undefined,
  window: { limit: number; offset: number },
): Promise<Bonus[]> {
  const { limit, offset } = window;
  const read =
    employeeId === undefined
      ? {
          keys: () => pageQueries.all.keys(db, limit, offset),
          rows: () => pageQueries.all.rows(db, limit, offset),
        }
      : {
          keys: () => pageQueries.ofEmployee.keys(db, limit, offset, employeeId),
          rows: () => pageQueries.ofEmployee.rows(db, limit, offset, employeeId),
        };
  const keys = await read.keys();
  return pageThrough(rememberedBonuses(db), keys.map(keyOf), read.rows, (row) => ({
    key: keyOf(row),
    item: toBonus(row, row),
  }));
}

const allBonusesCount = preparedQuery(
  () => sql<{ total: number }>`select value as total from insight_totals where name = 'bonuses'`,
);

/** One employee's bonuses: an indexed count over (employee_id, created_at). */
function bonusesOf(employeeId: Expression<number | null> | number) {
  return sql<number | string>`(select count(*) from bonuses where employee_id = ${employeeId})`;
}

/**
 * The caller's bonus count, read by the guard with their account (a CallerFigure of
 * auth.repository.ts) unless the response cache holds the answer: has-bonuses then runs no
 * statement of its own, which on SQLite is a read transaction with its own lock calls.
 */
export const bonusesOfCaller: CallerFigure = bonusesOf;

const employeeBonusesCount = preparedQuery(
  (employeeId: number) => sql<{ total: number | string }>`select ${bonusesOf(employeeId)} as total`,
);

/** One employee's bonuses, or all bonuses: the total kept by triggers (0004), not a count. */
export async function countBonuses(db: Kysely<DB>, employeeId: number | undefined) {
  const [row] =
    employeeId === undefined
      ? await allBonusesCount(db)
      : await employeeBonusesCount(db, employeeId);
  return Number(row?.total ?? 0);
}

/** One bonus with its employee; none when either is gone. */
const enrichedBonusById = recordById((db, id) =>
  db
    .selectFrom('bonuses as b')
    .innerJoin('employees as e', 'e.id', 'b.employee_id')
    .select(BONUS_COLUMNS.map((column) => `b.${column}` as const))
    .select(['e.first_name', 'e.last_name', 'e.email'])
    .where('b.id', '=', id),
);

export async function findEnrichedBonus(db: Kysely<DB>, id: number) {
  const row = await enrichedBonusById(db, id);
  return row && toBonus(row, row);
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
