import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AUTH_MESSAGES } from '#contract/auth-messages';
import { tooManyRequests } from '../lib/errors';
import { createWindowCounter } from '../lib/window-counter';

/** The window the limits count in: both are "per minute". */
const WINDOW_MS = 60_000;
/** Accounts counted at once; beyond it, those whose minute is over go first (window-counter.ts). */
const ACCOUNTS_COUNTED = 20_000;
/** Addresses counted at once, likewise. */
const ADDRESSES_COUNTED = 50_000;

/**
 * The key an address is counted under: an IPv4 address as it is (an IPv4-mapped IPv6 address as
 * its IPv4), an IPv6 address by its /64, the block one subscriber or host is given and can pick
 * any address in, so that it is one allowance rather than 2^64.
 */
export function addressKey(ip: string): string {
  if (!ip.includes(':')) return ip;
  const address = ip.split('%')[0]!.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) return mapped[1]!;
  const [head = '', tail] = address.split('::');
  const groups = (part: string) =>
    part === '' ? [] : part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g]));
  const front = groups(head);
  const back = tail === undefined ? [] : groups(tail);
  const zeros = Array<string>(Math.max(0, 8 - front.length - back.length)).fill('0');
  const full = tail === undefined ? front : [...front, ...zeros, ...back];
  return `${full
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * Anonymous requests that count toward their address: those of the public API routes (sign-in,
 * Google sign-in, the sign-in options, the API document). Not `/api/health`: balancers and
 * monitors ask it every few seconds, and behind a proxy without TRUST_PROXY every client has the
 * proxy's address, so a limited health check would take the instance out of service for
 * everyone; it reads nothing and costs nothing. Not the web app's files either: a whole office
 * behind one address opens the app at nine, and the files are static.
 */
function countsAsAnonymous(request: FastifyRequest): boolean {
  return (
    request.routeOptions.config.access === 'public' && request.routeOptions.url !== '/api/health'
  );
}

/**
 * A cap on the requests one signed-in account makes a minute (`REQUESTS_PER_MINUTE_PER_ACCOUNT`),
 * so that a runaway script or a stolen token cannot take the server's time from everybody else
 * (OWASP API4, ASVS anti-automation). Past it, 429 in the envelope with Retry-After until the
 * account's minute, which began with its first request, is over.
 *
 * Counted by account, not by address: a whole office behind one address is many people. So it
 * runs after the guard, which has found the caller, and before the response cache, so that
 * answers from the cache count too. Each instance counts its own requests.
 *
 * Without a session, by address (`ANONYMOUS_REQUESTS_PER_MINUTE`, 0 for none): the
 * public routes past the limit answer 429 with Retry-After (sign-in keeps its own throttle of
 * failures in the database besides). A signed-in route called without a valid session is refused
 * 401 by the guard before this plugin, having read nothing, and still is; but each such refusal
 * counts toward the address too, so a client spraying tokens uses up its allowance for sign-in.
 * The address is the client's as TRUST_PROXY says (request.ip).
 */
async function requestLimitPlugin(app: FastifyInstance) {
  const requests = createWindowCounter<number>({
    limit: app.config.REQUESTS_PER_MINUTE_PER_ACCOUNT,
    windowMs: WINDOW_MS,
    maxKeys: ACCOUNTS_COUNTED,
  });
  const anonymousLimit = app.config.ANONYMOUS_REQUESTS_PER_MINUTE;
  const anonymous =
    anonymousLimit > 0
      ? createWindowCounter<string>({
          limit: anonymousLimit,
          windowMs: WINDOW_MS,
          maxKeys: ADDRESSES_COUNTED,
        })
      : null;

  // A callback hook, not an async one: on every signed-in request a promise less to settle
  // (most of what @fastify/rate-limit's asynchronous hook cost the cheapest reads).
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.user) {
      const waitSeconds = requests.count(request.user.id);
      done(
        waitSeconds === 0 ? undefined : tooManyRequests(AUTH_MESSAGES.tooManyRequests, waitSeconds),
      );
      return;
    }
    const waitSeconds =
      anonymous && countsAsAnonymous(request) ? anonymous.count(addressKey(request.ip)) : 0;
    done(
      waitSeconds === 0
        ? undefined
        : tooManyRequests(AUTH_MESSAGES.tooManyAnonymousRequests, waitSeconds),
    );
  });

  if (anonymous) {
    // Only on errors: the guard's 401 on a signed-in route, which never reaches the hook above.
    app.addHook('onError', (request, _reply, error, done) => {
      if (
        error.statusCode === 401 &&
        !request.user &&
        request.routeOptions.config.access !== 'public'
      ) {
        anonymous.count(addressKey(request.ip));
      }
      done();
    });
  }
}

export default fp(requestLimitPlugin, { name: 'request-limit', dependencies: ['auth'] });
