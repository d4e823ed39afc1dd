import { normalizeIP } from '@fastify/rate-limit';
import type { Kysely } from 'kysely';
import { type ChangePasswordBody, type LoginBody, type LoginResult } from '#contract/auth';
import { AUTH_MESSAGES } from '#contract/auth-messages';
import type { Config } from '../../config';
import type { DB } from '../../db/schema';
import { AppError, badRequest, tooManyRequests, unauthorized } from '../../lib/errors';
import { hashPassword, spendVerificationTime, verifyPassword } from '../../lib/passwords';
import type { Actor } from '../../lib/route';
import type { TokenService } from '../../lib/tokens';
import { writeAudit } from '../audit/audit.writer';
import { findCredentialsByEmail, findCredentialsById, replacePassword } from './auth.repository';
import { fullName, toAuthUser, toSessionUser, type AuthUser } from './auth-user';
import { accountKey, createSignInThrottle } from './sign-in-throttle';

export interface AuthServiceDeps {
  db: Kysely<DB>;
  config: Config;
  tokens: TokenService;
}

/**
 * The per-address sign-in throttle key, shared by password and Google sign-in. An IPv6 address
 * counts by its /64, the block one subscriber is given (else each guess could come from another
 * of its 2^64 addresses), and an IPv4 one written as IPv6 (`::ffff:a.b.c.d`) as that IPv4.
 */
export const addressKey = (ip: string | null) => `address:${ip ? normalizeIP(ip, 64) : 'unknown'}`;

// After a couple of misses each further failure answers more slowly, up to a second: a person
// mistyping barely notices, a script guessing passwords is held back before it is locked out.
const slowDown = (failures: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.min(1000, Math.max(0, failures - 2) * 200)));

export function createAuthService({ db, config, tokens }: AuthServiceDeps) {
  const throttle = createSignInThrottle(db, config.LOGIN_THROTTLE_WINDOW_SECONDS * 1000);
  const accountLimit = config.LOGIN_MAX_FAILURES_PER_ACCOUNT;
  const addressLimit = config.LOGIN_MAX_FAILURES_PER_ADDRESS;

  async function refuseSignIn(email: string, actor: Actor, reason: string) {
    await writeAudit(db, actor, {
      name: 'User Login Failed',
      description: `Sign-in refused for ${email}: ${reason}`,
      entityType: 'user',
    });
  }

  return {
    async login(input: LoginBody, actor: Actor): Promise<LoginResult> {
      const account = { key: accountKey(input.email), maxFailures: accountLimit };
      const address = { key: addressKey(actor.ip), maxFailures: addressLimit };
      const attempt = await throttle.admit([account, address]);
      if (attempt.retryAfter > 0) {
        await refuseSignIn(input.email, actor, 'too many failed attempts');
        throw tooManyRequests(AUTH_MESSAGES.tooManyAttempts, attempt.retryAfter);
      }

      const row = await findCredentialsByEmail(db, input.email);
      const passwordOk = row?.password_hash
        ? await verifyPassword(row.password_hash, input.password)
        : (await spendVerificationTime(input.password), false);

      if (!row || !passwordOk) {
        await refuseSignIn(input.email, actor, 'wrong email or password');
        await slowDown(attempt.failures);
        // The same answer whether the email or the password was wrong.
        throw unauthorized(AUTH_MESSAGES.invalidCredentials);
      }

      await throttle.clear(account.key);
      await throttle.forgive(address);
      const user = toAuthUser(row);
      await writeAudit(
        db,
        { ...actor, userId: user.id, email: user.email },
        {
          name: 'User Login',
          description: `${fullName(user)} (${user.email}) signed in`,
          entityType: 'user',
          entityId: user.id,
        },
      );
      return { token: await tokens.sign(user.id), user: toSessionUser(user) };
    },

    async changePassword(caller: AuthUser, input: ChangePasswordBody, actor: Actor) {
      const account = { key: accountKey(caller.email), maxFailures: accountLimit };
      const attempt = await throttle.admit([account]);
      if (attempt.retryAfter > 0) {
        throw tooManyRequests(AUTH_MESSAGES.tooManyAttempts, attempt.retryAfter);
      }

      const row = await findCredentialsById(db, caller.id);
      if (!row) throw new AppError(401, AUTH_MESSAGES.sessionExpired);
      const passwordOk = row.password_hash
        ? await verifyPassword(row.password_hash, input.oldPassword)
        : false;
      // 400, not 401: the caller is signed in, only the form is wrong.
      if (!passwordOk) throw badRequest(AUTH_MESSAGES.currentPasswordWrong, 'oldPassword');
      await throttle.forgive(account);
      // Checked once the current one is known right: it is then the password this would keep.
      if (input.newPassword === input.oldPassword) {
        throw badRequest(AUTH_MESSAGES.newPasswordSameAsCurrent, 'newPassword');
      }

      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction().execute(async (trx) => {
        await replacePassword(trx, caller.id, passwordHash);
        await writeAudit(trx, actor, {
          name: 'Password Change',
          description: `${fullName(caller)} (${caller.email}) changed their password`,
          entityType: 'user',
          entityId: caller.id,
        });
      });
      return { token: await tokens.sign(caller.id) };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
