import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { UserSortField } from '#contract/user-options';
import type { ListUsersQuery } from '#contract/users';
import { isPostgres } from '../../db/dialect';
import { containsIgnoringCase } from '../../db/like';
import {
  idAmong,
  loweredMatches,
  trigramCount,
  trigramMatches,
  usesTrigramTable,
  walkFindsPageSooner,
} from '../../db/text-search';
import { takeInsightsLock } from '../insights/insight-totals.repository';
import type { DB, UsersTable } from '../../db/schema';
import { listTotal, listTotalValue } from '../list-totals/list-totals.repository';

/** Application users: Kysely queries only. The password hash is never selected here. */

const USER_COLUMNS = [
  'u.id',
  'u.email',
  'u.firstname',
  'u.lastname',
  'u.user_type',
  'u.employee_id',
  'u.password_is_temporary',
  'u.created_at',
  'u.updated_at',
] as const;

const lower = (column: string) => sql`lower(${sql.ref(column)})`;

const SORT_KEYS: Record<UserSortField, ReturnType<typeof sql>[]> = {
  created_at: [sql.ref('u.created_at')],
  email: [sql.ref('u.email')],
  firstname: [lower('u.firstname'), lower('u.lastname')],
  lastname: [lower('u.lastname'), lower('u.firstname')],
  user_type: [sql.ref('u.user_type'), lower('u.lastname'), lower('u.firstname')],
};

/**
 * Accounts whose name or email contains the text, ignoring case. SQLite: the exact trigram table
 * of migration 0009 (db/text-search.ts) for 3 characters or more, the LIKEs otherwise.
 * PostgreSQL: 0010's `users_search`, both texts already lower-cased, so its trigram indexes'
 * candidates are rechecked by a plain LIKE rather than an ILIKE lowering each row again; read
 * first unless `walk` (see listUsers).
 */
/** PostgreSQL: the ids of the accounts whose name or email contains the text (migration 0010). */
const accountMatches = (text: string) =>
  loweredMatches('users_search', ['full_name', 'email'], text);

function userMatch(db: Kysely<DB>, text: string, walk: boolean) {
  if (usesTrigramTable(db, text, 'ascii')) {
    return sql<boolean>`u.id in (${trigramMatches('users_search', text, 'ascii')})`;
  }
  if (isPostgres(db)) {
    return idAmong('u.id', accountMatches(text), { walk });
  }
  return sql<boolean>`(${containsIgnoringCase(db, sql`u.firstname || ' ' || u.lastname`, text)}
    or ${containsIgnoringCase(db, sql`u.email`, text)})`;
}

function filteredUsers(
  db: Kysely<DB>,
  query: Partial<Pick<ListUsersQuery, 'user_type' | 'search'>>,
  { walk = true } = {},
) {
  let builder = db.selectFrom('users as u');
  if (query.user_type) builder = builder.where('u.user_type', '=', query.user_type);
  if (query.search) builder = builder.where(userMatch(db, query.search, walk));
  return builder;
}

function userRows(
  db: Kysely<DB>,
  query: Partial<Pick<ListUsersQuery, 'user_type' | 'search'>> = {},
  options: { walk?: boolean } = {},
) {
  return filteredUsers(db, query, options)
    .leftJoin('employees as e', 'e.id', 'u.employee_id')
    .select(USER_COLUMNS)
    .select(['e.first_name as employee_first_name', 'e.last_name as employee_last_name']);
}

export type UserDetailRow = Awaited<
  ReturnType<ReturnType<typeof userRows>['executeTakeFirstOrThrow']>
>;

/** Accounts matching: the totals kept by triggers (0007) unless a search asks for a count. */
async function countUsers(db: Kysely<DB>, query: Pick<ListUsersQuery, 'user_type' | 'search'>) {
  if (!query.search) return listTotal(db, query.user_type ? `users:${query.user_type}` : 'users');
  return (await countSearched(db, query)).total;
}

/** The accounts matching a search, counted, and all the list holds (0007's totals), at once. */
async function countSearched(db: Kysely<DB>, query: Pick<ListUsersQuery, 'user_type' | 'search'>) {
  const row = await searchCountRow(db, query);
  return { total: Number(row.total), accounts: Number(row.accounts) };
}

/**
 * Every account is in users_search: a search alone is counted there, without visiting the
 * accounts (SQLite, "son": 13 µs, where looking up each match took 54; PostgreSQL, "exa",
 * matching all 10,000: 4 ms, where the ILIKE over users took 7-8 ms).
 */
function searchCountRow(
  db: Kysely<DB>,
  query: Pick<ListUsersQuery, 'user_type' | 'search'>,
): Promise<{ total: number | string; accounts: number | string }> {
  const accounts = listTotalValue(query.user_type ? `users:${query.user_type}` : 'users');
  const search = query.search!;
  if (!query.user_type && usesTrigramTable(db, search, 'ascii')) {
    return db
      .selectNoFrom([
        trigramCount('users_search', search, 'ascii').as('total'),
        accounts.as('accounts'),
      ])
      .executeTakeFirstOrThrow();
  }
  if (!query.user_type && isPostgres(db)) {
    const counted = sql<{ total: number | string; accounts: number | string }>`select
      count(*) as total, ${accounts} as accounts
      from (${accountMatches(search)}) as matches`;
    return counted.execute(db).then(({ rows }) => rows[0]!);
  }
  return filteredUsers(db, query)
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .select(accounts.as('accounts'))
    .executeTakeFirstOrThrow();
}

/**
 * One page of accounts and the total. A search on PostgreSQL counts first and picks how to find
 * the page from the count: walking the accounts in the list's order and testing each when many
 * match, reading the matches and sorting them otherwise. The planner, left to itself, walked for
 * "son" (262 of 10,000 match) and tested 1,811 accounts.
 */
export async function listUsers(db: Kysely<DB>, query: ListUsersQuery) {
  const page = { limit: query.limit, offset: (query.page - 1) * query.limit };
  const counted = isPostgres(db) && query.search ? await countSearched(db, query) : null;
  const walk = !counted || walkFindsPageSooner(counted.total, counted.accounts, page);

  let rows = userRows(db, query, { walk });
  for (const key of SORT_KEYS[query.sort]) rows = rows.orderBy(key, query.order);
  const [found, total] = await Promise.all([
    rows.orderBy('u.id', query.order).limit(page.limit).offset(page.offset).execute(),
    counted?.total ?? countUsers(db, query),
  ]);
  return { rows: found, total };
}

export function findUser(db: Kysely<DB>, id: number) {
  return userRows(db).where('u.id', '=', id).executeTakeFirst();
}

export async function userIdWithEmail(db: Kysely<DB>, email: string, exceptId?: number) {
  let query = db.selectFrom('users').select('id').where('email', '=', email);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst())?.id ?? null;
}

/** The user of this email with their link, for account linking. */
export function userByEmail(db: Kysely<DB>, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'user_type', 'employee_id'])
    .where('email', '=', email)
    .executeTakeFirst();
}

export function userLinkedTo(db: Kysely<DB>, employeeId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('employee_id', '=', employeeId)
    .executeTakeFirst();
}

/**
 * The ids of every admin. On PostgreSQL the rows are locked until the transaction ends, so two
 * admins demoting or deleting each other at once cannot leave nobody in charge (SQLite already
 * runs one writing transaction at a time).
 */
export async function lockAdminIds(db: Kysely<DB>): Promise<number[]> {
  // Before the row locks, as every writer of users does (migration 0007).
  await takeInsightsLock(db);
  let query = db.selectFrom('users').select('id').where('user_type', '=', 'admin').orderBy('id');
  if (isPostgres(db)) query = query.forUpdate();
  return (await query.execute()).map((row) => row.id);
}

export async function insertUser(db: Kysely<DB>, values: Insertable<UsersTable>) {
  const row = await db.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateUser(db: Kysely<DB>, id: number, values: Updateable<UsersTable>) {
  await db.updateTable('users').set(values).where('id', '=', id).execute();
}

export async function deleteUser(db: Kysely<DB>, id: number) {
  await db.deleteFrom('users').where('id', '=', id).execute();
}
