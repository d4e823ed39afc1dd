import { type Insertable, type Kysely, type Updateable } from 'kysely';
import type { DB, UsersTable } from '../../db/schema';
import { recordById } from '../../db/prepared-query';
import { isPostgres } from '../../db/dialect';

/**
 * Application users: Kysely queries only. The password hash is never selected here. The list
 * (search, sort, pages) is users-list.repository.ts, its filters users-list-filters.ts.
 */

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

/** Accounts as `u`, before what is read of them is chosen. */
export function accounts(db: Kysely<DB>) {
  return db.selectFrom('users as u');
}

export type AccountScope = ReturnType<typeof accounts>;

/** The accounts with their linked employee as `e` (none when not linked). */
export function withEmployee(builder: AccountScope) {
  return builder.leftJoin('employees as e', 'e.id', 'u.employee_id');
}

/** What an account is answered with: its columns and its employee's name. */
export function userDetails(joined: ReturnType<typeof withEmployee>) {
  return joined
    .select(USER_COLUMNS)
    .select(['e.first_name as employee_first_name', 'e.last_name as employee_last_name']);
}

export type UserDetailRow = Awaited<
  ReturnType<ReturnType<typeof userDetails>['executeTakeFirstOrThrow']>
>;

/** One account with its employee's name. */
export const findUser = recordById((db, id) =>
  userDetails(withEmployee(accounts(db))).where('u.id', '=', id),
);

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
