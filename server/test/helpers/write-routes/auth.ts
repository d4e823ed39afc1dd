// Audit cases of sign-in (password and Google) and the password change.
import { unique, type WriteKit } from './kit';
import type { WriteCase } from './types';

export function authWriteCases({ ctx, google, call }: WriteKit): WriteCase[] {
  return [
    {
      route: 'POST /api/auth/login',
      title: 'a password sign-in',
      async perform(ip) {
        const user = await ctx().newUser('manager');
        const result = await call('POST', '/api/auth/login', {
          body: { email: user.email, password: user.password },
          remoteAddress: ip,
        });
        return {
          result,
          expected: {
            status: 200,
            name: 'User Login',
            mentions: [user.email],
            actor: { user_id: user.id, email: user.email },
            entity: { type: 'user', id: user.id },
            before: false,
            after: false,
          },
        };
      },
      async refusals() {
        return [
          {
            title: 'no password (400)',
            status: 400,
            call: () => call('POST', '/api/auth/login', { body: { email: 'x@example.com' } }),
          },
        ];
      },
    },
    {
      route: 'POST /api/auth/login',
      title: 'a refused password sign-in (audited by design)',
      async perform(ip) {
        const email = `nobody.${unique()}@example.com`;
        const result = await call('POST', '/api/auth/login', {
          body: { email, password: 'wrong-password' },
          remoteAddress: ip,
        });
        return {
          result,
          expected: {
            status: 401,
            name: 'User Login Failed',
            mentions: [email],
            actor: null,
            entity: { type: 'user', id: null },
            before: false,
            after: false,
          },
        };
      },
    },
    {
      route: 'POST /api/auth/google-login',
      title: 'a first Google sign-in, linking the Google account',
      async perform(ip) {
        const user = await ctx().newUser('employee');
        const result = await call('POST', '/api/auth/google-login', {
          body: { id_token: await google.idToken({ email: user.email }) },
          remoteAddress: ip,
        });
        return {
          result,
          expected: {
            status: 200,
            name: 'User Login',
            mentions: [user.email, 'Google'],
            actor: { user_id: user.id, email: user.email },
            entity: { type: 'user', id: user.id },
            before: true,
            after: true,
          },
        };
      },
      async refusals() {
        return [
          {
            title: 'an empty token (400)',
            status: 400,
            call: () => call('POST', '/api/auth/google-login', { body: { id_token: ' ' } }),
          },
        ];
      },
    },
    {
      route: 'POST /api/auth/google-login',
      title: 'a refused Google sign-in (audited by design)',
      async perform(ip) {
        const email = `stranger.${unique()}@example.com`;
        const result = await call('POST', '/api/auth/google-login', {
          body: { id_token: await google.idToken({ email }) },
          remoteAddress: ip,
        });
        return {
          result,
          expected: {
            status: 401,
            name: 'User Login Failed',
            mentions: [email],
            actor: null,
            before: false,
            after: false,
          },
        };
      },
    },
    {
      route: 'PUT /api/users/change-password',
      title: 'a password change',
      async perform(ip) {
        const user = await ctx().newUser('employee');
        const result = await call('PUT', '/api/users/change-password', {
          token: user.token,
          body: { oldPassword: user.password, newPassword: 'a-brand-new-passphrase' },
          remoteAddress: ip,
        });
        return {
          result,
          expected: {
            status: 200,
            name: 'Password Change',
            mentions: [user.email],
            actor: { user_id: user.id, email: user.email },
            entity: { type: 'user', id: user.id },
            before: false,
            after: false,
          },
        };
      },
      async refusals() {
        const user = await ctx().newUser('employee');
        const change = (body: unknown) =>
          call('PUT', '/api/users/change-password', { token: user.token, body });
        return [
          {
            title: 'a short new password (400)',
            status: 400,
            call: () => change({ oldPassword: user.password, newPassword: 'short' }),
          },
          {
            title: 'a wrong current password (400)',
            status: 400,
            call: () => change({ oldPassword: 'not-my-password', newPassword: 'long-enough-1' }),
          },
        ];
      },
    },
  ];
}
