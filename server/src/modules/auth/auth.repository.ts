import { sql, type Kysely } from 'kysely';
import { preparedQuery } from '../../db/prepared-query';
import type { DB } from '../../db/schema';
import { nowIso } from '../../lib/clock';
import type { AuthUserRow } from './auth-user';

const AUTH_COLUMNS = [
  'id',
  'email',
  'firstname',
  'lastname',
  'user_type',
  'employee_id',
  'password_hash',
] as const;

export function findCredentialsByEmail(db: Kysely<DB>, email: string) {
  return db.selectFrom('users').select(AUTH_COLUMNS).where('email', '=', email).executeTakeFirst();
}

export function findCredentialsById(db: Kysely<DB>, id: number) {
  return db.selectFrom('users').select(AUTH_COLUMNS).where('id', '=', id).executeTakeFirst();
}

const sessionUserQuery = preparedQuery(
  (id: number) => sql<
    AuthUserRow & { tokens_valid_after: number | string; data_version: number | string | null }
  >`
    select id, email, firstname, lastname, user_type, employee_id, tokens_valid_after,
      (select value from list_totals where name = 'data_version') as data_version
    from users where id = ${id}`,
);

/**
 * The account behind a session and when its tokens were last revoked: read on every signed-in
 * request, never remembered, so a password change, role change or deletion takes effect at once.
 * The same statement reads the data version the response cache checks, so a cached answer costs
 * no second round trip. One statement compiled once (building it through Kysely cost as much as
 * running it).
 */
export async function findSessionUser(db: Kysely<DB>, id: number) {
  const [row] = await sessionUserQuery(db, id);
  return row;
}

/** Sets a new password and revokes every token issued before now. */
export async function replacePassword(db: Kysely<DB>, userId: number, passwordHash: string) {
  await db
    .updateTable('users')
    .set({
      password_hash: passwordHash,
      password_is_temporary: 0,
      tokens_valid_after: Date.now(),
      updated_at: nowIso(),
    })
    .where('id', '=', userId)
    .execute();
}
