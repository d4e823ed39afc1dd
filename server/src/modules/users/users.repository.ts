import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { UserSortField } from '#contract/user-options';
import type { ListUsersQuery } from '#contract/users';
import { isPostgres } from '../../db/dialect';
import { containsIgnoringCase } from '../../db/like';
import { trigramMatches, usesTrigramTable } from '../../db/text-search';
import { takeInsightsLock } from '../insights/insight-totals.repository';
import type { DB, UsersTable } from '../../db/schema';
import { listTotal } from '../list-totals/list-totals.repository';

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

function filteredUsers(
  db: Kysely<DB>,
  query: Partial<Pick<ListUsersQuery, 'user_type' | 'search'>>,
) {
  let builder = db.selectFrom('users as u');
  if (query.user_type) builder = builder.where('u.user_type', '=', query.user_type);
  if (query.search) {
    const text = query.search;
    // SQLite: the exact trigram table of migration 0009 (db/text-search.ts) for 3 characters or
    // more, holding both texts lower-cased as the LIKE compares them; PostgreSQL's GIN trigram
    // indexes (0008) serve the ILIKEs.
    builder = builder.where((eb) =>
      usesTrigramTable(db, text, 'ascii')
        ? sql<boolean>`u.id in (${trigramMatches('users_search', text, 'ascii')})`
        : eb.or([
            containsIgnoringCase(db, sql`u.firstname || ' ' || u.lastname`, text),
            containsIgnoringCase(db, sql`u.email`, text),
          ]),
    );
  }
  return builder;
}

function userRows(
  db: Kysely<DB>,
  query: Partial<Pick<ListUsersQuery, 'user_type' | 'search'>> = {},
) {
  return filteredUsers(db, query)
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
  const row = await filteredUsers(db, query)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function listUsers(db: Kysely<DB>, query: ListUsersQuery) {
  let page = userRows(db, query);
  for (const key of SORT_KEYS[query.sort]) page = page.orderBy(key, query.order);
  const [rows, total] = await Promise.all([
    page
      .orderBy('u.id', query.order)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
    countUsers(db, query),
  ]);
  return { rows, total };
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
