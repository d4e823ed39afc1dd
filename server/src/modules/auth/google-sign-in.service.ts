import type { FastifyBaseLogger } from 'fastify';
import type { LoginResult } from '#contract/auth';
import { AUTH_MESSAGES } from '#contract/auth-messages';
import { GOOGLE_MESSAGES } from '#contract/google-messages';
import { AppError, tooManyRequests, unauthorized } from '../../lib/errors';
import type { Actor } from '../../lib/route';
import { writeAudit } from '../audit/audit.writer';
import { addressKey, type AuthServiceDeps } from './auth.service';
import { fullName, toAuthUser, toSessionUser } from './auth-user';
import {
  createGoogleTokenVerifier,
  GoogleTokenRejected,
  type GoogleIdentity,
  type GoogleRejection,
  type GoogleTokenVerifier,
} from './google-id-token';
import {
  findUserByEmailForGoogle,
  findUserByGoogleSubject,
  linkGoogleSubject,
  retireTemporaryPassword,
} from './google-sign-in.repository';
import { createSignInThrottle } from './sign-in-throttle';

const REFUSAL_MESSAGES: Record<Exclude<GoogleRejection, 'keys-unavailable'>, string> = {
  invalid: GOOGLE_MESSAGES.notVerified,
  'email-not-verified': GOOGLE_MESSAGES.emailNotVerified,
  'wrong-domain': GOOGLE_MESSAGES.wrongDomain,
};

/** A refusal to sign in: what the caller is told and what the audit trail records. */
class Refusal {
  constructor(
    readonly message: string,
    readonly reason: string,
    readonly email: string | null = null,
    readonly userId: number | null = null,
  ) {}
}

export interface GoogleSignInDeps extends AuthServiceDeps {
  log?: FastifyBaseLogger;
}

/**
 * Sign-in with a Google ID token (PRODUCT.md sections 1 and 5). The token is verified first
 * (google-id-token.ts); the user is then found by Google's subject, or else by email, in which
 * case the subject is remembered so later sign-ins match by subject even if the email changes.
 * An email already linked to a different Google account is refused. Nobody is created here:
 * no account, no sign-in. Failures count against the caller's address like password failures.
 */
export function createGoogleSignIn({ db, config, tokens, log }: GoogleSignInDeps) {
  const clientId = config.GOOGLE_CLIENT_ID;
  // Made once per server: it holds Google's cached signing keys.
  const verify = clientId
    ? createGoogleTokenVerifier({ ...config, GOOGLE_CLIENT_ID: clientId })
    : null;
  const throttle = createSignInThrottle(db, config.LOGIN_THROTTLE_WINDOW_SECONDS * 1000);

  /** "Google sign-in refused for ada@example.com: no account has this email" */
  async function auditRefusal(actor: Actor, refusal: Refusal) {
    const who = refusal.email ? ` for ${refusal.email}` : '';
    await writeAudit(db, actor, {
      name: 'User Login Failed',
      description: `Google sign-in refused${who}: ${refusal.reason}`,
      entityType: 'user',
      entityId: refusal.userId,
    });
  }

  /** Verifies the token: a refusal for anything wrong with it, a 503 when Google is unreachable. */
  async function identify(
    verifyToken: GoogleTokenVerifier,
    idToken: string,
    actor: Actor,
  ): Promise<GoogleIdentity | Refusal> {
    try {
      return await verifyToken(idToken);
    } catch (error) {
      if (!(error instanceof GoogleTokenRejected)) throw error;
      if (error.reason === 'keys-unavailable') {
        log?.error({ detail: error.detail }, "Google's signing keys could not be fetched");
        await auditRefusal(
          actor,
          new Refusal(GOOGLE_MESSAGES.unavailable, "Google's signing keys could not be fetched"),
        );
        throw new AppError(503, GOOGLE_MESSAGES.unavailable);
      }
      return new Refusal(
        REFUSAL_MESSAGES[error.reason],
        error.detail.slice(0, 200),
        error.email ?? null,
      );
    }
  }

  return async function signInWithGoogle(idToken: string, actor: Actor): Promise<LoginResult> {
    if (!verify) throw new AppError(404, GOOGLE_MESSAGES.notEnabled);
    const throttleKey = addressKey(actor.ip);
    const retryAfter = await throttle.retryAfterSeconds([throttleKey]);
    if (retryAfter > 0) {
      await auditRefusal(
        actor,
        new Refusal(AUTH_MESSAGES.tooManyAttempts, 'too many failed attempts from this address'),
      );
      throw tooManyRequests(AUTH_MESSAGES.tooManyAttempts, retryAfter);
    }

    const identity = await identify(verify, idToken, actor);
    const outcome = identity instanceof Refusal ? identity : await signIn(identity, actor);
    if (outcome instanceof Refusal) {
      await throttle.countAttempt([
        { key: throttleKey, maxFailures: config.LOGIN_MAX_FAILURES_PER_ADDRESS },
      ]);
      await auditRefusal(actor, outcome);
      throw unauthorized(outcome.message);
    }
    return outcome;
  };

  async function signIn(identity: GoogleIdentity, actor: Actor): Promise<LoginResult | Refusal> {
    let row = await findUserByGoogleSubject(db, identity.subject);
    let linked = false;
    if (!row) {
      const byEmail = await findUserByEmailForGoogle(db, identity.email);
      if (!byEmail) {
        return new Refusal(GOOGLE_MESSAGES.noAccount, 'no account has this email', identity.email);
      }
      if (byEmail.google_subject !== null && byEmail.google_subject !== identity.subject) {
        return new Refusal(
          GOOGLE_MESSAGES.noAccount,
          'the account is linked to a different Google account',
          identity.email,
          byEmail.id,
        );
      }
      row = byEmail;
      linked = byEmail.google_subject === null;
    }

    const user = toAuthUser(row);
    const audited = { ...actor, userId: user.id, email: user.email };
    const refusal = await db.transaction().execute(async (trx) => {
      if (linked && !(await linkGoogleSubject(trx, user.id, identity.subject))) {
        // Another request linked a Google account to this user in the meantime: fine when it was
        // this one (a double click), a refusal otherwise.
        const current = await findUserByGoogleSubject(trx, identity.subject);
        if (current?.id !== user.id) {
          return new Refusal(
            GOOGLE_MESSAGES.noAccount,
            'the account was linked to a different Google account meanwhile',
            identity.email,
            user.id,
          );
        }
        linked = false;
      }
      // Google proved who this is: the one-time password an admin was shown is no longer needed
      // and no longer opens the account (else the guard would ask for it to be changed first).
      const retired = user.mustChangePassword && (await retireTemporaryPassword(trx, user.id));
      await writeAudit(trx, audited, {
        name: 'User Login',
        description: `${fullName(user)} (${user.email}) signed in with Google${
          linked ? '; their Google account is now linked' : ''
        }${retired ? '; their temporary password no longer works' : ''}`,
        entityType: 'user',
        entityId: user.id,
        ...(linked ? { before: { google_linked: false }, after: { google_linked: true } } : {}),
      });
      return null;
    });
    if (refusal) return refusal;
    return {
      token: await tokens.sign(user.id),
      user: toSessionUser({ ...user, mustChangePassword: false }),
    };
  }
}

export type GoogleSignIn = ReturnType<typeof createGoogleSignIn>;
