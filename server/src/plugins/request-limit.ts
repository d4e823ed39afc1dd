import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AUTH_MESSAGES } from '#contract/auth-messages';
import { tooManyRequests } from '../lib/errors';
import { createWindowCounter } from '../lib/window-counter';

/** The window the limit counts in: REQUESTS_PER_MINUTE_PER_ACCOUNT is per this. */
const WINDOW_MS = 60_000;
/** Accounts counted at once; beyond it, those whose minute is over go first (window-counter.ts). */
const ACCOUNTS_COUNTED = 20_000;

/**
 * A cap on the requests one signed-in account makes a minute (`REQUESTS_PER_MINUTE_PER_ACCOUNT`),
 * so that a runaway script or a stolen token cannot take the server's time from everybody else
 * (OWASP API4, ASVS anti-automation). Past it, 429 in the envelope with Retry-After until the
 * account's minute, which began with its first request, is over.
 *
 * Counted by account, not by address: a whole office behind one address is many people. So it
 * runs after the guard, which has found the caller, and before the response cache, so that
 * answers from the cache count too. Public routes are not counted here: sign-in keeps its own
 * throttle in the database, and health and the sign-in options cost nothing to answer; a limit
 * per address belongs to the proxy in front. Each instance counts its own requests.
 */
async function requestLimitPlugin(app: FastifyInstance) {
  const requests = createWindowCounter<number>({
    limit: app.config.REQUESTS_PER_MINUTE_PER_ACCOUNT,
    windowMs: WINDOW_MS,
    maxKeys: ACCOUNTS_COUNTED,
  });
  // A callback hook, not an async one: on every signed-in request a promise less to settle
  // (what @fastify/rate-limit's asynchronous hook cost, 1-2 µs a request, was most of it).
  app.addHook('onRequest', (request, _reply, done) => {
    const waitSeconds = request.user ? requests.count(request.user.id) : 0;
    done(
      waitSeconds === 0 ? undefined : tooManyRequests(AUTH_MESSAGES.tooManyRequests, waitSeconds),
    );
  });
}

export default fp(requestLimitPlugin, { name: 'request-limit', dependencies: ['auth'] });
