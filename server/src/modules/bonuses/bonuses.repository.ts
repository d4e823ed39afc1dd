import { sql, type Expression, type Kysely, type RawBuilder } from 'kysely';
import type { Bonus } from '#contract/bonuses';
import { isPostgres } from '../../db/dialect';
import { pageFromNearerEnd, type KeptList } from '../../db/nearer-end-pages';
import { pageKeyColumns, tableVersions } from '../../db/page-keys';
import { preparedQuery, recordById } from '../../db/prepared-query';
import type { DB } from '../../db/schema';
import { toIso } from '../../lib/clock';
import {
  itemKey,
  pageThrough,
  rememberedItemsPerDatabase,
  type PageKeys,
} from '../../lib/remembered-items';
import type { CallerFigure } from '../auth/auth.repository';

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

type EnrichedRow = BonusRow & {
  row_version: number;
  tables: string | null;
  first_name: string;
  last_name: string;
  email: string;
};

/** The tables whose rows an item shows beside its bonus's own (migration 0021). */
const SHOWN_TABLES = ['employees'] as const;
const ROW_COLUMNS = sql`b.id, b.row_version, ${tableVersions(SHOWN_TABLES)} as tables,
  b.employee_id, b.bonus_name, b.description, b.created_at, b.updated_at, e.first_name,
  e.last_name, e.email`;
const NEWEST_FIRST = sql`b.created_at desc, b.id desc`;

/** All bonuses, as many as insight_totals keeps counted. */
const ALL_BONUSES: KeptList = {
  table: 'bonuses',
  total: sql`(select cast(sum(value) as bigint) from insight_totals where name = 'bonuses')`,
};

/**
 * Bonuses skipped from which a page of all bonuses is read from the nearer end of the list
 * (db/nearer-end-pages.ts): skipping each bonus before it costs in proportion to the depth, so
 * the last page of a year's bonuses, read from the newest, took far longer than any budget
 * allows. Below it the plain walk from the newest is the one statement needed.
 */
export const DEEP_BONUS_PAGE_OFFSET = 300;

/**
 * The page's queries for one filter, compiled once: `keys` reads the page's keys in one row,
 * from bonuses alone (each bonus's id and version, and the employees' table version: a bonus's
 * employee always exists, a foreign key with `cascade`, so no join is needed to cut the page),
 * with the filter's total (one statement instead of two: on PostgreSQL each is a round trip);
 * `rows` reads the bonuses whole, the page cut from bonuses alone and then joined with its
 * employees. `where` and `total` may only interpolate their own parameters. A deep page of all
 * bonuses (`fromNearerEnd`) is read from the nearer end of the list, in a form of each query of
 * its own.
 */
function bonusPage<P extends unknown[]>(
  where: (...params: P) => RawBuilder<unknown>,
  total: (...params: P) => RawBuilder<unknown>,
  { fromNearerEnd = false } = {},
) {
  const page =
    (deep = false) =>
    (columns: RawBuilder<unknown>, limit: number, offset: number, params: P) =>
      deep
        ? sql`(${pageFromNearerEnd(ALL_BONUSES, columns, limit, offset)}) b`
        : sql`(
          select ${columns}
          from bonuses ${where(...params)}
          order by created_at desc, id desc limit ${limit} offset ${offset}
        ) b`;
  const forms = (cut: ReturnType<typeof page>) => ({
    keys: preparedQuery(
      (limit: number, offset: number, ...params: P) => sql<
        PageKeys & { list_total: number | string }
      >`select
        ${pageKeyColumns(sql`b.id`, sql`b.row_version`, SHOWN_TABLES)},
        coalesce(${total(...params)}, 0) as list_total
        from ${cut(sql`id, row_version, created_at`, limit, offset, params)}`,
    ),
    rows: preparedQuery(
      (limit: number, offset: number, ...params: P) => sql<EnrichedRow>`
        select ${ROW_COLUMNS}
        from ${cut(
          sql`id, row_version, employee_id, bonus_name, description, created_at, updated_at`,
          limit,
          offset,
          params,
        )}
        join employees e on e.id = b.employee_id
        order by ${NEWEST_FIRST}`,
    ),
  });
  const shallow = forms(page());
  const deep = fromNearerEnd ? forms(page(true)) : null;
  /** The forms for a page `offset` bonuses down. */
  return (offset: number) => (deep && offset >= DEEP_BONUS_PAGE_OFFSET ? deep : shallow);
}

const pageQueries = {
  all: bonusPage(
    () => sql``,
    () => ALL_BONUSES.total,
    { fromNearerEnd: true },
  ),
  ofEmployee: bonusPage(
    (employeeId: number) => sql`where employee_id = ${employeeId}`,
    (employeeId: number) => bonusesOf(employeeId),
  ),
};

/** The bonuses this instance has answered, at the versions of what each shows. */
const rememberedBonuses = rememberedItemsPerDatabase<Bonus>(10_000);

/**
 * One page of bonuses with their employees, newest first (ties broken by id), and how many
 * there are. The page's keys are read first, and its rows only when a bonus is not remembered
 * at the versions read (lib/remembered-items.ts).
 */
export async function pageOfEnrichedBonuses(
  db: Kysely<DB>,
  employeeId: number | undefined,
  window: { limit: number; offset: number },
): Promise<{ rows: Bonus[]; total: number }> {
  const { limit, offset } = window;
  const read =
    employeeId === undefined
      ? {
          keys: () => pageQueries.all(offset).keys(db, limit, offset),
          rows: () => pageQueries.all(offset).rows(db, limit, offset),
        }
      : {
          keys: () => pageQueries.ofEmployee(offset).keys(db, limit, offset, employeeId),
          rows: () => pageQueries.ofEmployee(offset).rows(db, limit, offset, employeeId),
        };
  const [keys] = await read.keys();
  const rows = await pageThrough(rememberedBonuses(db), keys!, read.rows, (row) => ({
    key: itemKey(row.id, row.row_version, row.tables),
    item: () => toBonus(row, row),
  }));
  return { rows, total: Number(keys!.list_total) };
}

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

/** How many bonuses one employee has (bonusesOf), for their bonus toast. */
export async function countBonuses(db: Kysely<DB>, employeeId: number) {
  const [row] = await employeeBonusesCount(db, employeeId);
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

/** The stored bonus, locked for the rest of the transaction on PostgreSQL. */
export async function findBonusForChange(db: Kysely<DB>, id: number) {
  const query = filteredBonuses(db, undefined).where('id', '=', id);
  if (!isPostgres(db)) return query.executeTakeFirst();
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
