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
import { containsPattern, likeIgnoringCase } from '../../db/like';
import { queryByShape } from '../../db/prepared-query';
import { countAtVersion } from '../../db/remembered-counts';
import {
  ftsCount,
  ftsRowids,
  idAmong,
  loweredMatches,
  trigramQuery,
  usesTrigramTable,
  walkFindsPageSooner,
} from '../../db/text-search';
import type { DB } from '../../db/schema';
import {
  listTotal,
  listTotalValue,
  type ListTotalName,
} from '../list-totals/list-totals.repository';
import { accounts, userDetails, withEmployee, type AccountScope } from './users.repository';

/** The accounts list: search, filter, sort, pages (keys or rows) and totals, in SQL. */

const lower = (column: string) => sql`lower(${sql.ref(column)})`;

const SORT_KEYS: Record<UserSortField, ReturnType<typeof sql>[]> = {
  created_at: [sql.ref('u.created_at')],
  email: [sql.ref('u.email')],
  firstname: [lower('u.firstname'), lower('u.lastname')],
  lastname: [lower('u.lastname'), lower('u.firstname')],
  user_type: [sql.ref('u.user_type'), lower('u.lastname'), lower('u.firstname')],
};

type UserFilters = Partial<Pick<ListUsersQuery, 'user_type' | 'search'>>;

/**
 * Accounts whose name or email contains the text, ignoring case. SQLite: the exact trigram table
 * of migration 0009 (db/text-search.ts) for 3 characters or more, the LIKEs otherwise.
 * PostgreSQL: 0010's `users_search`, both texts already lower-cased, so its trigram indexes'
 * candidates are rechecked by a plain LIKE rather than an ILIKE lowering each row again; read
 * first unless `walk` (see listUsers). As a compiled query needs them: what its SQL says (the
 * shape) apart from what it is run with (the values, the search term made from the text once).
 */
function userFilters(db: Kysely<DB>, filters: UserFilters) {
  const text = filters.search;
  const index = !text
    ? null
    : usesTrigramTable(db, text, 'ascii')
      ? ('trigram' as const)
      : isPostgres(db)
        ? ('search-table' as const)
        : ('like' as const);
  return {
    shape: { search: index, userType: Boolean(filters.user_type) },
    values: {
      term: !text ? '' : index === 'trigram' ? trigramQuery(text, 'ascii') : containsPattern(text),
      userType: filters.user_type ?? 'employee',
      total: (filters.user_type ? `users:${filters.user_type}` : 'users') as ListTotalName,
    },
  };
}

type UserFilterShape = ReturnType<typeof userFilters>['shape'];
type UserFilterValues = ReturnType<typeof userFilters>['values'];

/** PostgreSQL: the ids of the accounts whose name or email contains the pattern (0010). */
const accountMatches = (pattern: string) =>
  loweredMatches('users_search', ['full_name', 'email'], pattern);

function userMatch(
  db: Kysely<DB>,
  index: NonNullable<UserFilterShape['search']>,
  term: string,
  walk: boolean,
) {
  if (index === 'trigram') return sql<boolean>`u.id in (${ftsRowids('users_search', term)})`;
  if (index === 'search-table') return idAmong('u.id', accountMatches(term), { walk });
  return sql<boolean>`(${likeIgnoringCase(db, sql`u.firstname || ' ' || u.lastname`, term)}
    or ${likeIgnoringCase(db, sql`u.email`, term)})`;
}

function filteredUsers(
  db: Kysely<DB>,
  shape: UserFilterShape,
  values: UserFilterValues,
  { walk = true } = {},
) {
  let builder = accounts(db);
  if (shape.userType) builder = builder.where('u.user_type', '=', values.userType);
  if (shape.search) builder = builder.where(userMatch(db, shape.search, values.term, walk));
  return builder;
}

/**
 * The versions an item of the list shows (migration 0020): its account's (which holds the
 * linked employee's id) and its employee's (their name; null when none is linked).
 */
const VERSION_COLUMNS = [
  'u.row_version as user_version',
  'e.row_version as employee_version',
] as const;

/** A page's account as the list remembers it (users.service.ts): its id and versions. */
export interface UserKeyRow {
  id: number;
  user_version: number;
  employee_version: number | null;
}

type JoinedUsers = ReturnType<typeof withEmployee>;
/** The accounts joined with their employees, selecting `Row`. */
type JoinedUsersSelecting<Row> =
  JoinedUsers extends SelectQueryBuilder<infer Tables, infer From, object>
    ? SelectQueryBuilder<Tables, From, Row>
    : never;

/** The accounts matching a search, counted, and all the list holds (0007's totals), at once. */
async function countSearched(db: Kysely<DB>, { shape, values }: ReturnType<typeof userFilters>) {
  const [row] = await searchCount(db, shape, values);
  return { total: Number(row!.total), accounts: Number(row!.accounts) };
}

/**
 * Every account is in users_search: a search alone is counted there, without visiting the
 * accounts (SQLite, "son": 13 µs, where looking up each match took 54; PostgreSQL, "exa",
 * matching all 10,000: 4 ms, where the ILIKE over users took 7-8 ms).
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
 * match, reading the matches and sorting them otherwise. The planner, left to itself, walked for
 * "son" (262 of 10,000 match) and tested 1,811 accounts.
 *
 * The page is read as its accounts' keys (UserKeyRow); `rows` reads the same page's rows whole,
 * for the accounts the service does not remember at those versions.
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
  const shape = { ...filters.shape, sort: query.sort, order: query.order, walk };
  const values = { ...filters.values, ...page };
  const [keys, matching] = await Promise.all([
    userKeysPage(db, shape, values),
    counted ?? (filters.shape.search ? count() : null),
  ]);
  const rows = () => usersPage(db, shape, values);
  if (matching) return { keys, rows, total: matching.total };
  // Without a search the total kept by triggers (0007) comes with the page's rows (as for the
  // staff list: one statement, not two); a page past the end reads it alone.
  const total = keys[0] ? Number(keys[0].list_total) : await listTotal(db, filters.values.total);
  return { keys, rows, total };
}

/**
 * A page of accounts, with what `read` selects of them and their employees (the rows whole, or
 * their keys alone), compiled once per shape (db/prepared-query.ts). When PostgreSQL reads a
 * search's matches first, the page is cut from the accounts alone and only its rows are joined
 * with their employees' names: joining all 262 matches of "son" before sorting them read 1,542
 * blocks (626 µs), the page first 906 (556 µs). Walking an index, the join stops with the page
 * anyway; SQLite reads a search's matches from its trigram table and showed no difference.
 */
function usersPageReading<Row>(read: (joined: JoinedUsers) => JoinedUsersSelecting<Row>) {
  return queryByShape(
    (
      db: Kysely<DB>,
      shape: UserFilterShape & Pick<ListUsersQuery, 'sort' | 'order'> & { walk: boolean },
      values: UserFilterValues & { limit: number; offset: number },
    ) => {
      const keptTotal: RawBuilder<number | string | null> = shape.search
        ? sql`null`
        : listTotalValue(values.total);
      const inOrder = <Query extends { orderBy: OrderBy<Query> }>(query: Query) => {
        for (const key of SORT_KEYS[shape.sort]) query = query.orderBy(key, shape.order);
        return query.orderBy(sql.ref('u.id'), shape.order);
      };
      const reading = (users: AccountScope) =>
        read(withEmployee(users)).select(keptTotal.as('list_total'));
      const filtered = filteredUsers(db, shape, values, { walk: shape.walk });
      if (shape.search !== 'search-table' || shape.walk) {
        return inOrder(reading(filtered)).limit(values.limit).offset(values.offset);
      }
      const page = inOrder(filtered.selectAll('u')).limit(values.limit).offset(values.offset);
      // The page's columns under the accounts' own alias, as withEmployee reads them.
      const pageRows = db.selectFrom(page.as('u')) as unknown as typeof filtered;
      return inOrder(reading(pageRows));
    },
    // Every shape reads alike whatever the values: through the sort's index, or on PostgreSQL
    // with the ids of the matches fetched first or tested as the order meets each account.
    { plannedOnce: () => true },
  );
}

const usersPage = usersPageReading((joined) => userDetails(joined).select(VERSION_COLUMNS));

/** Its accounts' keys alone: integers, what the service needs to give the users it remembers. */
const userKeysPage = usersPageReading((joined) => joined.select(['u.id', ...VERSION_COLUMNS]));

type OrderBy<Query> = (key: Expression<unknown>, direction: 'asc' | 'desc') => Query;
