import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { nowIso } from '../../lib/clock';

const GOOGLE_USER_COLUMNS = [
  'id',
  'email',
  'firstname',
  'lastname',
  'user_type',
  'employee_id',
  'password_is_temporary',
  'google_subject',
] as const;

export function findUserByGoogleSubject(db: Kysely<DB>, subject: string) {
  return db
    .selectFrom('users')
    .select(GOOGLE_USER_COLUMNS)
    .where('google_subject', '=', subject)
    .executeTakeFirst();
}

export function findUserByEmailForGoogle(db: Kysely<DB>, email: string) {
  return db
    .selectFrom('users')
    .select(GOOGLE_USER_COLUMNS)
    .where('email', '=', email)
    .executeTakeFirst();
}

/**
 * Remembers the Google account of a user that has none yet. Answers false when another request
 * linked one first (the caller then re-reads and compares).
 */
export async function linkGoogleSubject(
  db: Kysely<DB>,
  userId: number,
  subject: string,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ google_subject: subject, updated_at: nowIso() })
    .where('id', '=', userId)
    .where('google_subject', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Clears a one-time password that is still the account's: answers false when it was changed
 * meanwhile (the account then keeps the password its owner chose).
 */
export async function retireTemporaryPassword(db: Kysely<DB>, userId: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ password_hash: null, password_is_temporary: 0, updated_at: nowIso() })
    .where('id', '=', userId)
    .where('password_is_temporary', '=', 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
