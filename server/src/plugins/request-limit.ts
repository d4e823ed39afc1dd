import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AUTH_MESSAGES } from '#contract/auth-messages';
import { tooManyRequests } from '../lib/errors';

/** The window the limit counts in: REQUESTS_PER_MINUTE_PER_ACCOUNT is per this. */
const WINDOW_MS = 60_000;
/** Accounts counted at once; the least recently seen beyond this start again from nothing. */
const ACCOUNTS_COUNTED = 20_000;

/**
 * A cap on the requests one signed-in account makes a minute (`REQUESTS_PER_MINUTE_PER_ACCOUNT`),
 * so that a runaway script or a stolen token cannot take the server's time from everybody else
 * (OWASP API4, ASVS anti-automation). Past it, 429 in the envelope with Retry-After until the
 * minute is over.
 *
 * Counted by account, not by address: a whole office behind one address is many people. So it
 * runs after the guard, which has found the caller, and before the response cache, so that
 * answers from the cache count too. Public routes are not counted here: sign-in keeps its own
 * throttle in the database, and health and the sign-in options cost nothing to answer; a limit
 * per address belongs to the proxy in front. Each instance counts its own requests.
 */
async function requestLimitPlugin(app: FastifyInstance) {
  await app.register(rateLimit, {
    global: false,
    max: app.config.REQUESTS_PER_MINUTE_PER_ACCOUNT,
    timeWindow: WINDOW_MS,
    cache: ACCOUNTS_COUNTED,
    keyGenerator: (request) => String(request.user!.id),
    // Only a refusal says how many and until when: on every answer the headers would make two
    // answers the response cache gives differ, for figures the screens do not use.
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    errorResponseBuilder: (_request, context) =>
      tooManyRequests(AUTH_MESSAGES.tooManyRequests, Math.ceil(context.ttl / 1000)),
  });
  const countRequest = app.rateLimit();
  app.addHook('onRequest', async (request, reply) => {
    if (request.user) await countRequest.call(app, request, reply);
  });
}

export default fp(requestLimitPlugin, { name: 'request-limit', dependencies: ['auth'] });
