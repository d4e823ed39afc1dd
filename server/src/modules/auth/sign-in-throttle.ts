import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** The per-account sign-in throttle key (the address's is auth.service.ts's addressKey). */
export const accountKey = (email: string) => `account:${email}`;

export interface ThrottleRule {
  key: string;
  maxFailures: number;
}

/**
 * Failed sign-ins counted per account and per address, in the database so that every instance
 * behind a load balancer sees the same counts: a password is counted as it is checked and taken
 * back if right (`admit`, `forgive`). Reaching the limit inside the window locks the key for one
 * window length.
 */
export function createSignInThrottle(db: Kysely<DB>, windowMs: number) {
  /** Seconds until every given key is unlocked; 0 when none is locked. */
  async function retryAfterSeconds(keys: string[], now = Date.now()): Promise<number> {
    const row = await db
      .selectFrom('sign_in_throttle')
      .select((eb) => eb.fn.max('locked_until').as('until'))
      .where('throttle_key', 'in', keys)
      .where('locked_until', '>', now)
      .executeTakeFirst();
    const until = Number(row?.until ?? 0);
    return until > now ? Math.ceil((until - now) / 1000) : 0;
  }

  /**
   * Counts one attempt against each rule: a failure, or a password about to be checked. Answers
   * the highest count reached, and whether a rule went past its limit.
   */
  async function countAttempt(
    rules: ThrottleRule[],
    now = Date.now(),
  ): Promise<{ failures: number; overLimit: boolean }> {
    let highest = 0;
    let overLimit = false;
    for (const { key, maxFailures } of rules) {
      const stale = sql<boolean>`sign_in_throttle.window_started_at <= ${now - windowMs}`;
      const failures = sql<number>`case when ${stale} then 1 else sign_in_throttle.failures + 1 end`;
      const row = await db
        .insertInto('sign_in_throttle')
        .values({
          throttle_key: key,
          failures: 1,
          window_started_at: now,
          locked_until: maxFailures <= 1 ? now + windowMs : 0,
        })
        .onConflict((oc) =>
          oc.column('throttle_key').doUpdateSet({
            failures,
            window_started_at: sql<number>`case when ${stale} then ${now} else sign_in_throttle.window_started_at end`,
            locked_until: sql<number>`case when ${failures} >= ${maxFailures} then ${now + windowMs} else sign_in_throttle.locked_until end`,
          }),
        )
        .returning('failures')
        .executeTakeFirstOrThrow();
      highest = Math.max(highest, Number(row.failures));
      if (Number(row.failures) > maxFailures) overLimit = true;
    }
    return { failures: highest, overLimit };
  }

  /**
   * Whether a password may be checked now. It is counted before it is checked, so that guesses
   * sent all at once cannot all be checked before the first is counted: when a key is locked, or
   * this attempt goes past a limit, answers the seconds to wait (it is refused unchecked);
   * otherwise 0 and the count reached. A password that turns out right is taken back (`forgive`).
   */
  async function admit(rules: ThrottleRule[]): Promise<{ retryAfter: number; failures: number }> {
    const keys = rules.map((rule) => rule.key);
    const locked = await retryAfterSeconds(keys);
    if (locked > 0) return { retryAfter: locked, failures: 0 };
    const { failures, overLimit } = await countAttempt(rules);
    if (!overLimit) return { retryAfter: 0, failures };
    // At least a second: another attempt's success may have just taken its lock back.
    return { retryAfter: Math.max(1, await retryAfterSeconds(keys)), failures };
  }

  /**
   * Takes back one attempt counted before its password proved right, and the lock it set if that
   * leaves the key under its limit: people signing in from one office address never lock it.
   * (Both expressions read the row as it was before the update.)
   */
  async function forgive({ key, maxFailures }: ThrottleRule): Promise<void> {
    await db
      .updateTable('sign_in_throttle')
      .set({
        failures: sql<number>`case when failures > 0 then failures - 1 else 0 end`,
        locked_until: sql<number>`case when failures - 1 >= ${maxFailures} then locked_until else 0 end`,
      })
      .where('throttle_key', '=', key)
      .execute();
  }

  async function clear(key: string): Promise<void> {
    await db.deleteFrom('sign_in_throttle').where('throttle_key', '=', key).execute();
  }

  return { retryAfterSeconds, countAttempt, admit, forgive, clear };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;

/**
 * When the lock of each of these accounts ends (ms since the epoch), for those locked at `now`:
 * the accounts list shows them. One look-up by key per account of the page.
 */
export async function accountLocks(
  db: Kysely<DB>,
  emails: readonly string[],
  now = Date.now(),
): Promise<Map<string, number>> {
  if (emails.length === 0) return new Map();
  const rows = await db
    .selectFrom('sign_in_throttle')
    .select(['throttle_key', 'locked_until'])
    .where('throttle_key', 'in', emails.map(accountKey))
    .where('locked_until', '>', now)
    .execute();
  const prefix = accountKey('').length;
  return new Map(rows.map((row) => [row.throttle_key.slice(prefix), Number(row.locked_until)]));
}

/**
 * An admin's unlock: forgets the account's failed sign-ins and its lock, when it is locked at
 * `now`. Answers when the lock would have ended and the failures counted, or null when the
 * account was not locked (nothing is written). The address's own count is left alone: it
 * protects every account against guesses from that address.
 */
export async function unlockAccount(
  db: Kysely<DB>,
  email: string,
  now = Date.now(),
): Promise<{ lockedUntil: number; failures: number } | null> {
  const row = await db
    .deleteFrom('sign_in_throttle')
    .where('throttle_key', '=', accountKey(email))
    .where('locked_until', '>', now)
    .returning(['locked_until', 'failures'])
    .executeTakeFirst();
  return row ? { lockedUntil: Number(row.locked_until), failures: Number(row.failures) } : null;
}
