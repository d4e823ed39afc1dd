import type { Kysely } from 'kysely';
import { USER_MESSAGES } from '#contract/user-options';
import type { User } from '#contract/users';
import type { DB } from '../../db/schema';
import { conflict } from '../../lib/errors';
import type { Actor } from '../../lib/route';
import { writeAudit } from '../audit/audit.writer';
import { accountLocks, unlockAccount } from '../auth/sign-in-throttle';
import { userName } from './user.mapper';
import { loadUser } from './users.service';

/**
 * The accounts as answered, each with its sign-in lock (README, "Sign-in protection"). Locks live
 * in the sign-in throttle, not in users: an account's remembered item (users.service.ts) holds
 * `locked_until: null`, and only a locked one is answered as a copy with its time. A page with no
 * locked account is the same array, so the serialiser's remembered bytes still serve it.
 */
export async function withLocks(db: Kysely<DB>, users: User[]): Promise<User[]> {
  const locks = await accountLocks(
    db,
    users.map((user) => user.email),
  );
  if (locks.size === 0) return users;
  return users.map((user) => {
    const until = locks.get(user.email);
    return until === undefined ? user : { ...user, locked_until: new Date(until).toISOString() };
  });
}

export async function withLock(db: Kysely<DB>, user: User): Promise<User> {
  const [answered] = await withLocks(db, [user]);
  return answered!;
}

/**
 * An admin lifts the lock that wrong passwords put on account `id` (README, "Sign-in
 * protection"): its failed sign-ins are forgotten, in the transaction that writes the audit
 * entry. 409 when the account is not locked (its lock may have just run out): nothing written.
 */
export async function unlockUser(db: Kysely<DB>, id: number, actor: Actor): Promise<User> {
  return db.transaction().execute(async (trx) => {
    const user = await loadUser(trx, id);
    const lifted = await unlockAccount(trx, user.email);
    if (!lifted) throw conflict(USER_MESSAGES.notLocked);
    const until = new Date(lifted.lockedUntil).toISOString();
    await writeAudit(trx, actor, {
      name: 'User Unlocked',
      description: `${userName(user)} (${user.email}) was unlocked: the lock until ${until} was lifted and ${lifted.failures} failed sign-ins forgotten`,
      entityType: 'user',
      entityId: id,
      before: { locked_until: until, failures: lifted.failures },
      after: { locked_until: null, failures: 0 },
    });
    return user;
  });
}
