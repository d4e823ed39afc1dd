import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export interface ThrottleRule {
  key: string;
  maxFailures: number;
}

/**
 * Failed sign-ins counted per account and per address, in the database so that every instance
 * behind a load balancer sees the same counts. Reaching the limit inside the window locks the key
 * for one window length.
 */
export function createSignInThrottle(db: Kysely<DB>, windowMs: number) {
  return {
    /** Seconds until every given key is unlocked; 0 when none is locked. */
    async retryAfterSeconds(keys: string[], now = Date.now()): Promise<number> {
      const row = await db
        .selectFrom('sign_in_throttle')
        .select((eb) => eb.fn.max('locked_until').as('until'))
        .where('throttle_key', 'in', keys)
        .where('locked_until', '>', now)
        .executeTakeFirst();
      const until = Number(row?.until ?? 0);
      return until > now ? Math.ceil((until - now) / 1000) : 0;
    },

    /** Counts one failure against each rule; answers the highest failure count reached. */
    async recordFailure(rules: ThrottleRule[], now = Date.now()): Promise<number> {
      let highest = 0;
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
      }
      return highest;
    },

    async clear(key: string): Promise<void> {
      await db.deleteFrom('sign_in_throttle').where('throttle_key', '=', key).execute();
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
