import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isAllowed, type Access } from '#contract/access';
import { AUTH_MESSAGES } from '#contract/auth-messages';
import { AppError, forbidden, unauthorized } from '../lib/errors';
import { findSessionUser, type CallerFigure } from '../modules/auth/auth.repository';
import { toAuthUser, type AuthUser } from '../modules/auth/auth-user';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this route; required on every /api route. */
    access?: Access;
    /**
     * The figure of the caller's own the guard reads with their account (auth.repository.ts),
     * the one in force now: a figure that depends on the month is that month's.
     */
    callerFigure?: () => CallerFigure;
    /**
     * true: open to an account whose password is still a one-time one (changing it, and who am
     * I). Every other signed-in route answers such a caller 403 until the password is changed.
     */
    allowTemporaryPassword?: true;
  }
  interface FastifyRequest {
    /** The signed-in caller; null only on public routes. */
    user: AuthUser | null;
    /** The data version read with the caller's account (null on public routes). */
    dataVersion: number | null;
    /**
     * The route's `callerFigure` as read with the caller's account; undefined when the route has
     * none.
     */
    callerFigure: unknown;
  }
}

/** The caller of a route that is not public: the guard has already made sure there is one. */
export function signedInUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError(401, AUTH_MESSAGES.notSignedIn);
  return request.user;
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * The one guard every route goes through: who is calling (a valid, unrevoked token of an existing
 * user), whether they must first change a one-time password, and whether their role may use the
 * route. Runs before the body is parsed, so nobody
 * anonymous learns anything from validation errors.
 */
async function authPlugin(app: FastifyInstance) {
  app.decorateRequest('user', null);
  app.decorateRequest('dataVersion', null);
  app.decorateRequest('callerFigure', undefined);

  app.addHook('onRoute', (route) => {
    const isApi = route.url.startsWith('/api/');
    if (isApi && !route.config?.access && !route.url.startsWith('/api/docs')) {
      throw new Error(`Route ${route.method} ${route.url} declares no access level`);
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || access === 'public') return;

    const token = bearerToken(request);
    if (!token) throw unauthorized(AUTH_MESSAGES.notSignedIn);
    const claims = await app.tokens.verify(token);
    if (!claims) throw unauthorized(AUTH_MESSAGES.sessionExpired);

    const { callerFigure } = request.routeOptions.config;
    const figure = callerFigure ? callerFigure() : null;
    const row = await findSessionUser(app.db, claims.userId, figure);
    // A deleted user, or a token issued before a password or role change, is no longer valid.
    if (!row || claims.issuedAtMs < Number(row.tokens_valid_after)) {
      throw unauthorized(AUTH_MESSAGES.sessionExpired);
    }

    request.user = toAuthUser(row);
    // Before a later hook can answer 304: nothing but this refusal reaches such a caller.
    if (request.user.mustChangePassword && !request.routeOptions.config.allowTemporaryPassword) {
      throw forbidden(AUTH_MESSAGES.temporaryPassword);
    }
    request.dataVersion = row.data_version === null ? null : Number(row.data_version);
    if (!isAllowed(access, row.user_type)) throw forbidden(AUTH_MESSAGES.forbidden);
    if (figure) request.callerFigure = row.caller_figure ?? null;
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['services'] });
