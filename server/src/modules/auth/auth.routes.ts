import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  authConfigSchema,
  changePasswordBodySchema,
  changePasswordResultSchema,
  googleLoginBodySchema,
  loginBodySchema,
  loginResultSchema,
  meResultSchema,
} from '#contract/auth';
import { AUTH_MESSAGES } from '#contract/auth-messages';
import { errorEnvelopeSchema } from '#contract/envelope';
import { signedInUser } from '../../plugins/auth';
import { actorOf, ok, replies } from '../../lib/route';
import { toSessionUser } from './auth-user';
import { createAuthService } from './auth.service';
import { createGoogleSignIn } from './google-sign-in.service';

export async function authRoutes(app: FastifyInstance) {
  const auth = createAuthService(app);
  const signInWithGoogle = createGoogleSignIn({
    db: app.db,
    config: app.config,
    tokens: app.tokens,
    log: app.log,
  });
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/auth/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        body: loginBodySchema,
        response: replies(loginResultSchema),
      },
    },
    async (request) => ok('Login successful', await auth.login(request.body, actorOf(request))),
  );

  api.post(
    '/api/auth/google-login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a Google ID token (verified on the server); 404 when Google is off',
        body: googleLoginBodySchema,
        response: { ...replies(loginResultSchema), 503: errorEnvelopeSchema },
      },
    },
    async (request) =>
      ok('Login successful', await signInWithGoogle(request.body.id_token, actorOf(request))),
  );

  api.get(
    '/api/auth/me',
    {
      config: { access: 'signed-in', allowTemporaryPassword: true },
      schema: { tags: ['auth'], summary: 'The signed-in user', response: replies(meResultSchema) },
    },
    async (request) => ok('Current user', { user: toSessionUser(signedInUser(request)) }),
  );

  api.get(
    '/api/auth/config',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign-in options the browser needs (Google client id, or null when off)',
        response: replies(authConfigSchema),
      },
    },
    async () =>
      ok('Sign-in configuration', { google_client_id: app.config.GOOGLE_CLIENT_ID ?? null }),
  );

  api.put(
    '/api/users/change-password',
    {
      config: { access: 'signed-in', allowTemporaryPassword: true },
      schema: {
        tags: ['auth'],
        summary:
          'Change your own password (required first when it is a temporary one); every other session is signed out',
        body: changePasswordBodySchema,
        response: replies(changePasswordResultSchema),
      },
    },
    async (request) =>
      ok(
        AUTH_MESSAGES.passwordChanged,
        await auth.changePassword(signedInUser(request), request.body, actorOf(request)),
      ),
  );
}
