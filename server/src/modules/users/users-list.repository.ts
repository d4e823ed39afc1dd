import {
  sql,
  type Expression,
  type Kysely,
  type RawBuilder,
  type SelectQueryBuilder,
} from 'kysely';
import type { UserSortField } from '#contract/user-options';
import type { ListUsersQuery } from '#contract/users';
import { isPostgres } from '../../db/dialect';
import { NO_OWN_VERSION, pageKeyColumns, tableVersions } from '../../db/page-keys';
import { queryByShape } from '../../db/prepared-query';
import { countAtVersion } from '../../db/remembered-counts';
import {
  ftsCount,
  postgresPostingsPage,
  postingsPage,
  walkFindsPageSooner,
} from '../../db/text-search';
import type { DB } from '../../db/schema';
import type { PageKeys } from '../../lib/remembered-items';
import { listTotalValue } from '../list-totals/list-totals.repository';
import { accounts, userDetails, withEmployee, type AccountScope } from './users.repository';
import {
  accountMatch,
  accountMatches,
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

/** The accounts matching a search, counted, and all the list holds (0007's totals), at once. */
async function countSearched(db: Kysely<DB>, { shape, values }: ReturnType<typeof userFilters>) {
  const [row] = await searchCount(db, shape, values);
  return { total: Number(row!.total), accounts: Number(row!.accounts) };
}

/**
 * Every account is in users_search: a search alone is counted there, without visiting the
 * accounts (looking up each match's account, or an ILIKE over users, cost several times as
 * much on either engine).
 */
const searchCount = queryByShape(
  (db: Kysely<DB>, shape: UserFilterShape, values: UserFilterValues) => {
    const accounts = listTotalValue(values.total).as('accounts');
    if (shape.search === 'trigram' && !shape.userType) {
      return db.selectNoFrom([ftsCount('users_search', values.term).as('total'), accounts]);
    }
    if (shape.search === 'search-table' && !shape.userType) {
      return db
        .selectFrom(sql`(${accountMatches(values.term)})`.as('matches'))
        .select((eb) => [eb.fn.countAll<number | string>().as('total'), accounts]);
    }
    return filteredUsers(db, shape, values)
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .select(accounts);
  },
  // The matches' bitmap, or every account tested, whatever the term.
  { plannedOnce: () => true },
);

/**
 * One page of accounts and the total. A search on PostgreSQL counts first and picks how to find
 * the page from the count: walking the accounts in the list's order and testing each when many
 * match, reading the matches and sorting them otherwise (in users_search, by creation). The
 * planner, left to itself, walked for "son" (262 of 10,000 match) and tested 1,811 accounts. On
 * SQLite a search by creation reads its page from the trigram table's order (searchCut).
 *
 * The page is read as its accounts' keys, in one row (db/page-keys.ts) with the kept total;
 * `rows` reads the same page's rows whole, for the accounts the service does not remember at
 * those versions.
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
  const counted = isPostgres(db) && query.search ? await count() : null;
  const walk = !counted || walkFindsPageSooner(counted.total, counted.accounts, page);
  const cutIn = searchCut(filters.shape, query, walk);
  const shape = { ...filters.shape, sort: query.sort, order: query.order, walk, cutIn };
  const values = { ...filters.values, ...page };
  const [[keys], matching] = await Promise.all([
    userKeysPage(db, shape, values),
    counted ?? (filters.shape.search ? count() : null),
  ]);
  const rows = () => usersPage(db, shape, values);
  // Without a search the total kept by triggers (0007) comes in the keys' one row, even for a
  // page past the end (as for the staff list: one statement, not two).
  return { keys: keys!, rows, total: matching ? matching.total : Number(keys!.list_total ?? 0) };
}

/**
 * Where a search alone, by creation in either direction (the list's default order), is cut to
 * its page without reading every match's account: the trigram postings, which hold the accounts
 * in that order (SQLite: migrations 0023 and 0025; PostgreSQL: 0027, for 3 characters or
 * more), give the page's matches in order and no more, however many match; for a shorter text
 * PostgreSQL's `users_search` sorts its matches by the creation it holds (0024) when too few
 * match for a walk to find the page sooner. Null: cut from the accounts.
 */
function searchCut(shape: UserFilterShape, query: ListUsersQuery, walk: boolean) {
  if (shape.userType || query.sort !== 'created_at') return null;
  if (shape.search === 'trigram') return 'trigram' as const;
  if (shape.posted) return 'postings' as const;
  return shape.search === 'search-table' && !walk ? ('search-table' as const) : null;
}

type UserPageShape = UserFilterShape &
  Pick<ListUsersQuery, 'sort' | 'order'> & {
    walk: boolean;
    cutIn: ReturnType<typeof searchCut>;
  };
type UserPageValues = UserFilterValues & { limit: number; offset: number };

/** SQLite: a page in the order the trigram table holds, read from its postings (0025). */
const trigramTablePage = (shape: UserPageShape, values: UserPageValues) =>
  postingsPage(
    'users_search',
    values.needle,
    { ...values, first: shape.order === 'desc' },
    shape.oneTrigram,
  );

/**
 * PostgreSQL: the page's ids and creation `t`, read in order from 0027's postings of the text's
 * first trigram (lowered as users_search's texts are), each account's texts rechecked unless
 * the text is that one trigram (the page's postings alone, where looking up each account's
 * texts read several times as many buffers).
 */
const postingsTablePage = (shape: UserPageShape, values: UserPageValues) =>
  postgresPostingsPage(
    'users_search',
    sql`substr(lower(${values.needle}), 1, 3)`,
    shape.oneTrigram ? null : accountMatch(values.term),
    { ...values, direction: shape.order },
  );

/** PostgreSQL: the page's ids and creation, cut from the matches in `users_search` (0024). */
function searchTablePage(shape: UserPageShape, values: UserPageValues) {
  const direction = sql.raw(shape.order === 'desc' ? 'desc' : 'asc');
  return sql`(select s.id, s.created_at from (${accountMatches(values.term, ['created_at'])}) as s
    order by s.created_at ${direction}, s.id ${direction}
    limit ${values.limit} offset ${values.offset})`;
}

/** The ids of a page cut in a search's table, no account read; null for a page of the accounts. */
function cutPageIds(shape: UserPageShape, values: UserPageValues): RawBuilder<number> | null {
  switch (shape.cutIn) {
    case 'trigram':
      return sql<number>`(select ps.id from ${trigramTablePage(shape, values).from})`;
    case 'postings':
      return sql<number>`(select t.id from ${postingsTablePage(shape, values)})`;
    case 'search-table':
      return sql<number>`(select s.id from ${searchTablePage(shape, values)} as s)`;
    default:
      return null;
  }
}

/** The page's ids (its keys need no version of its own, NO_OWN_VERSION). */
function keysPage(db: Kysely<DB>, shape: UserPageShape, values: UserPageValues) {
  const cut = cutPageIds(shape, values);
  if (cut) return cut;
  const page = filteredUsers(db, shape, values, { walk: shape.walk }).select('u.id');
  return sql`(${inOrder(page, shape).limit(values.limit).offset(values.offset)})`;
}

/** The accounts a page's rows are read from: those filtered, or the page cut in its table. */
function matched(db: Kysely<DB>, shape: UserPageShape, values: UserPageValues) {
  const cut = cutPageIds(shape, values);
  if (cut) return accounts(db).where('u.id', 'in', cut);
  return filteredUsers(db, shape, values, { walk: shape.walk });
}

/** `limit` rows from `offset`, or from the first when the page is already cut (matched). */
function cut<D, T extends keyof D, O>(
  query: SelectQueryBuilder<D, T, O>,
  shape: UserPageShape,
  values: UserPageValues,
) {
  const page = query.limit(values.limit);
  return shape.cutIn ? page : page.offset(values.offset);
}

/** `query` in the list's order: its sort's keys, then the id, all in the shape's direction. */
function inOrder<Query extends { orderBy: OrderBy<Query> }>(query: Query, shape: UserPageShape) {
  for (const key of SORT_KEYS[shape.sort]) query = query.orderBy(key, shape.order);
  return query.orderBy(sql.ref('u.id'), shape.order);
}

type UserKeys = PageKeys & { list_total: number | string | null };

/**
 * A page's keys in one row (db/page-keys.ts), with the kept total when there is no search: the
 * page's ids, and the versions of the accounts and employees tables: no join.
 */
const userKeysPage = queryByShape(
  (db: Kysely<DB>, shape: UserPageShape, values: UserPageValues) => {
    const keptTotal = shape.search ? sql`null` : listTotalValue(values.total);
    const statement = sql<UserKeys>`select
        ${pageKeyColumns(sql`p.id`, sql.lit(NO_OWN_VERSION), SHOWN_TABLES)},
        ${keptTotal} as list_total
      from ${keysPage(db, shape, values)} as p`;
    return { compile: () => statement.compile(db) };
  },
  // Every shape reads alike whatever the values: through the sort's index, or on PostgreSQL
  // with the ids of the matches fetched first or tested as the order meets each account.
  { plannedOnce: () => true },
);

/**
 * A page of accounts whole with their employees' names and the shown tables' versions (as
 * userKeysPage reads them, in the same text), compiled once per shape (db/prepared-query.ts).
 * When PostgreSQL reads a search's matches first, the page is cut from the accounts alone and
 * only its rows are joined with their employees' names, rather than joining every match before
 * sorting them. Walking an index, the
 * join stops with the page anyway; SQLite reads a search's matches from its trigram table and
 * showed no difference.
 */
const usersPage = queryByShape(
  (db: Kysely<DB>, shape: UserPageShape, values: UserPageValues) => {
    const reading = (users: AccountScope) =>
      userDetails(withEmployee(users)).select(tableVersions(SHOWN_TABLES).as('tables'));
    const filtered = matched(db, shape, values);
    if (shape.search !== 'search-table' || shape.walk || shape.cutIn) {
      return cut(inOrder(reading(filtered), shape), shape, values);
    }
    const page = inOrder(filtered.selectAll('u'), shape).limit(values.limit).offset(values.offset);
    // The page's columns under the accounts' own alias, as withEmployee reads them.
    const pageRows = db.selectFrom(page.as('u')) as unknown as typeof filtered;
    return inOrder(reading(pageRows), shape);
  },
  // Every shape reads alike whatever the values: through the sort's index, or on PostgreSQL
  // with the ids of the matches fetched first or tested as the order meets each account.
  { plannedOnce: () => true },
);

type OrderBy<Query> = (key: Expression<unknown>, direction: 'asc' | 'desc') => Query;
