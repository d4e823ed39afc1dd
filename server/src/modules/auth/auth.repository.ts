import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { nowIso } from '../../lib/clock';

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
