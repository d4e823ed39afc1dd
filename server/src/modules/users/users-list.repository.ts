import { sql, type Expression, type Kysely } from 'kysely';
import type { UserSortField } from '#contract/user-options';
import type { ListUsersQuery } from '#contract/users';
import { NO_OWN_VERSION, pageKeyColumns, tableVersions } from '../../db/page-keys';
import { queryByShape } from '../../db/prepared-query';
import { countAtVersion } from '../../db/remembered-counts';
import type { DB } from '../../db/schema';
import type { PageKeys } from '../../lib/remembered-items';
import { listTotalValue } from '../list-totals/list-totals.repository';
import { userDetails, withEmployee } from './users.repository';
import {
  filteredUsers,
  userFilters,
  type UserFilterShape,
  type UserFilterValues,
} from './users-list-filters';

/** The accounts list: search, filter, sort, pages (keys or rows) and totals, in SQL. */

const lower = (column: string) => sql`lower(${sql.ref(column)})`;

const SORT_KEYS: Record<UserSortField, ReturnType<typeof sql>[]> = {
  created_at: [sql.ref('u.created_at')],
  email: [sql.ref('u.email')],
  firstname: [lower('u.firstname'), lower('u.lastname')],
  lastname: [lower('u.lastname'), lower('u.firstname')],
  user_type: [sql.ref('u.user_type'), lower('u.lastname'), lower('u.firstname')],
};

/**
 * The tables whose rows an item shows (migration 0021): the account's own (users), whose
 * version stands for each account's own (NO_OWN_VERSION), and the linked employee's name
 * (employees). Accounts are written far more rarely than read: a password set, a role changed.
 */
const SHOWN_TABLES = ['users', 'employees'] as const;

/** The accounts matching a search, counted. */
async function countSearched(db: Kysely<DB>, { shape, values }: ReturnType<typeof userFilters>) {
  const [row] = await searchCount(db, shape, values);
  return Number(row!.total);
}

/** A search's matches counted, planned as the pages are. */
const searchCount = queryByShape(
  (db: Kysely<DB>, shape: UserFilterShape, values: UserFilterValues) =>
    filteredUsers(db, shape, values).select((eb) => eb.fn.countAll<number | string>().as('total')),
  { plannedOnce: (shape) => plannedOnce(shape) },
);

/**
 * One page of accounts and the total: the page found among the accounts filtered, in the list's
 * order (a search through its trigram index, or the LIKEs), read as its accounts' keys, in one
 * row (db/page-keys.ts) with the kept total; `rows` reads the same page's rows whole, for the
 * accounts the service does not remember at those versions. A search's total is counted beside
 * it and remembered at the data version (db/remembered-counts.ts).
 */
export async function listUsers(
  db: Kysely<DB>,
  query: ListUsersQuery,
  dataVersion: number | null = null,
) {
  const page = { limit: query.limit, offset: (query.page - 1) * query.limit };
  const filters = userFilters(db, query);
  const count = () =>
    countAtVersion(db, dataVersion, `users ${JSON.stringify(filters)}`, () =>
      countSearched(db, filters),
    );
  const shape = { ...filters.shape, sort: query.sort, order: query.order };
  const values = { ...filters.values, ...page };
  const [[keys], matching] = await Promise.all([
    userKeysPage(db, shape, values),
    filters.shape.search ? count() : null,
  ]);
  const rows = () => usersPage(db, shape, values);
  // Without a search the total kept by triggers (0007) comes in the keys' one row, even for a
  // page past the end (as for the staff list: one statement, not two).
  return { keys: keys!, rows, total: matching ?? Number(keys!.list_total ?? 0) };
}

type UserPageShape = UserFilterShape & Pick<ListUsersQuery, 'sort' | 'order'>;
type UserPageValues = UserFilterValues & { limit: number; offset: number };

/** `query` in the list's order: its sort's keys, then the id, all in the shape's direction. */
function inOrder<Query extends { orderBy: OrderBy<Query> }>(query: Query, shape: UserPageShape) {
  for (const key of SORT_KEYS[shape.sort]) query = query.orderBy(key, shape.order);
  return query.orderBy(sql.ref('u.id'), shape.order);
}

type UserKeys = PageKeys & { list_total: number | string | null };

// Every shape reads alike whatever the values (through the sort's index, or a sort of a
// search's matches from its trigram indexes), except a search of 1-2 characters, planned for its
// term: it has no trigram, and a scan serves it.
function plannedOnce(shape: UserFilterShape) {
  return !shape.search || shape.trigrams;
}

/**
 * A page's keys in one row (db/page-keys.ts), with the kept total when there is no search: the
 * page's ids, and the versions of the accounts and employees tables: no join.
 */
const userKeysPage = queryByShape(
  (db: Kysely<DB>, shape: UserPageShape, values: UserPageValues) => {
    const keptTotal = shape.search ? sql`null` : listTotalValue(values.total);
    const page = inOrder(filteredUsers(db, shape, values).select('u.id'), shape)
      .limit(values.limit)
      .offset(values.offset);
    const statement = sql<UserKeys>`select
        ${pageKeyColumns(sql`p.id`, sql.lit(NO_OWN_VERSION), SHOWN_TABLES)},
        ${keptTotal} as list_total
      from (${page}) as p`;
    return { compile: () => statement.compile(db) };
  },
  { plannedOnce },
);

/**
 * A page of accounts whole with their employees' names and the shown tables' versions (as
 * userKeysPage reads them, in the same text), compiled once per shape (db/prepared-query.ts).
 */
const usersPage = queryByShape(
  (db: Kysely<DB>, shape: UserPageShape, values: UserPageValues) =>
    inOrder(
      userDetails(withEmployee(filteredUsers(db, shape, values))).select(
        tableVersions(SHOWN_TABLES).as('tables'),
      ),
      shape,
    )
      .limit(values.limit)
      .offset(values.offset),
  { plannedOnce },
);

type OrderBy<Query> = (key: Expression<unknown>, direction: 'asc' | 'desc') => Query;
