import type { Kysely } from 'kysely';
import type { DB } from '../../src/db/schema';

/** The throttle's lock length by default (LOGIN_THROTTLE_WINDOW_SECONDS, 15 minutes). */
const WINDOW_MS = 15 * 60 * 1000;

/**
 * Locks an account as five wrong passwords would (the throttle's row for it), without spending
 * the passwords' checks: for tests that need a locked account, not the way it got locked.
 */
export async function lockAccount(
  db: Kysely<DB>,
  email: string,
  lockedUntil = Date.now() + WINDOW_MS,
): Promise<number> {
  const row = {
    throttle_key: `account:${email}`,
    failures: 5,
    window_started_at: Date.now(),
    locked_until: lockedUntil,
  };
  await db
    .insertInto('sign_in_throttle')
    .values(row)
    .onConflict((oc) => oc.column('throttle_key').doUpdateSet(row))
    .execute();
  return lockedUntil;
}
