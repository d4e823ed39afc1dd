import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Bonus } from '#contract/bonuses';
import { isPostgres } from '../../db/dialect';
import { afterCursor, NEWEST_FIRST_KEYS, pageAndMore, type ListWindow } from '../../db/keyset';
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
 * employees. `filter` and `total` may only interpolate their own parameters. A deep page of all
 * bonuses (`fromNearerEnd`) is read from the nearer end of the list, in a form of each query of
 * its own. The bonuses after a cursor (`after`) are a range of the filter's index from the
 * cursor's row on (db/keyset.ts), at any depth.
 */
function bonusPage<P extends unknown[]>(
  filter: ((...params: P) => RawBuilder<SqlBool>) | null,
  total: (...params: P) => RawBuilder<unknown>,
  { fromNearerEnd = false } = {},
) {
  /** The bonuses of the filter that also meet `conditions`. */
  const where = (params: P, ...conditions: RawBuilder<SqlBool>[]) => {
    const all = filter ? [filter(...params), ...conditions] : conditions;
    return all.length === 0 ? sql`` : sql`where ${sql.join(all, sql` and `)}`;
  };
  type Cut = (columns: RawBuilder<unknown>, limit: number, params: P) => RawBuilder<unknown>;
  const cutAt =
    (deep: boolean) =>
    (offset: number): Cut =>
    (columns, limit, params) =>
      deep
        ? sql`(${pageFromNearerEnd(ALL_BONUSES, columns, limit, offset)}) b`
        : sql`(
          select ${columns}
          from bonuses ${where(params)}
          order by created_at desc, id desc limit ${limit} offset ${offset}
        ) b`;
  const cutAfter =
    (createdAt: string, id: number): Cut =>
    (columns, limit, params) =>
      sql`(
        select ${columns}
        from bonuses ${where(params, afterCursor(NEWEST_FIRST_KEYS, [createdAt, id]))}
        order by created_at desc, id desc limit ${limit}
      ) b`;
  const keys = (cut: Cut, limit: number, params: P) => sql<
    PageKeys & { list_total: number | string }
  >`select
    ${pageKeyColumns(sql`b.id`, sql`b.row_version`, SHOWN_TABLES)},
    coalesce(${total(...params)}, 0) as list_total
    from ${cut(sql`id, row_version, created_at`, limit, params)}`;
  const rows = (cut: Cut, limit: number, params: P) => sql<EnrichedRow>`
    select ${ROW_COLUMNS}
    from ${cut(
      sql`id, row_version, employee_id, bonus_name, description, created_at, updated_at`,
      limit,
      params,
    )}
    join employees e on e.id = b.employee_id
    order by ${NEWEST_FIRST}`;
  const forms = (cut: (offset: number) => Cut) => ({
    keys: preparedQuery((limit: number, offset: number, ...params: P) =>
      keys(cut(offset), limit, params),
    ),
    rows: preparedQuery((limit: number, offset: number, ...params: P) =>
      rows(cut(offset), limit, params),
    ),
  });
  const shallow = forms(cutAt(false));
  const deep = fromNearerEnd ? forms(cutAt(true)) : null;
  const after = {
    keys: preparedQuery((limit: number, createdAt: string, id: number, ...params: P) =>
      keys(cutAfter(createdAt, id), limit, params),
    ),
    rows: preparedQuery((limit: number, createdAt: string, id: number, ...params: P) =>
      rows(cutAfter(createdAt, id), limit, params),
    ),
  };
  return {
    /** The forms for a page `offset` bonuses down. */
    at: (offset: number) => (deep && offset >= DEEP_BONUS_PAGE_OFFSET ? deep : shallow),
    after,
  };
}

const pageQueries = {
  all: bonusPage(null, () => ALL_BONUSES.total, { fromNearerEnd: true }),
  ofEmployee: bonusPage(
    (employeeId: number) => sql<SqlBool>`employee_id = ${employeeId}`,
    (employeeId: number) => bonusesOf(employeeId),
  ),
};

/** The bonuses this instance has answered, at the versions of what each shows. */
const rememberedBonuses = rememberedItemsPerDatabase<Bonus>(10_000);

/**
 * One page of bonuses with their employees, newest first (ties broken by id), how many there
 * are, and whether any follow the page. The page's keys are read first, and its rows only when
 * a bonus is not remembered at the versions read (lib/remembered-items.ts). After a cursor, one
 * bonus more than the limit is read, to tell whether any follow.
 */
export async function pageOfEnrichedBonuses(
  db: Kysely<DB>,
  employeeId: number | undefined,
  window: ListWindow,
): Promise<{ rows: Bonus[]; total: number; more: boolean }> {
  const reading = <P extends unknown[]>(queries: ReturnType<typeof bonusPage<P>>, ...params: P) => {
    const { limit } = window;
    if ('cursor' in window) {
      const { createdAt, id } = window.cursor;
      return {
        keys: () => queries.after.keys(db, limit + 1, createdAt, id, ...params),
        rows: () => queries.after.rows(db, limit + 1, createdAt, id, ...params),
      };
    }
    const { offset } = window;
    return {
      keys: () => queries.at(offset).keys(db, limit, offset, ...params),
      rows: () => queries.at(offset).rows(db, limit, offset, ...params),
    };
  };
  const read =
    employeeId === undefined
      ? reading(pageQueries.all)
      : reading(pageQueries.ofEmployee, employeeId);
  const [keys] = await read.keys();
  const rows = await pageThrough(rememberedBonuses(db), keys!, read.rows, (row) => ({
    key: itemKey(row.id, row.row_version, row.tables),
    item: () => toBonus(row, row),
  }));
  const total = Number(keys!.list_total);
  return { total, ...pageAndMore(rows, window, total) };
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
