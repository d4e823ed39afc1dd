import { afterAll, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '#contract/auth-messages';
import { errorEnvelope } from './helpers/error-envelope';
import { insertEmployee } from './helpers/factories';
import { startLocalGoogleIssuer } from './helpers/google-issuer';
import { describeEachEngine, type TestContext } from './helpers/test-app';

/**
 * Issue 55, point 5: an account signed in with a one-time password (one an admin was shown) can
 * only change it, or ask who it is, until it has chosen its own.
 */

const google = await startLocalGoogleIssuer();
afterAll(() => google.close());

let addressCounter = 0;
/** A fresh caller address, so no sign-in here is throttled by another. */
const freshAddress = () => `192.0.2.${(addressCounter = (addressCounter % 250) + 1)}`;

/** An admin creates an account of `role` without a password: the answer shows a one-time one. */
async function accountWithTemporaryPassword(ctx: TestContext, role: 'admin' | 'manager') {
  const email = `temporary.${role}.${Math.random().toString(36).slice(2)}@example.com`;
  const created = await ctx.call('POST', '/api/users', {
    token: ctx.as.admin.token,
    body: { email, firstname: 'Tempo', lastname: 'Rary', user_type: role },
  });
  expect(created.status).toBe(201);
  const password = created.body.data.temporary_password as string;
  const login = await ctx.call('POST', '/api/auth/login', {
    body: { email, password },
    remoteAddress: freshAddress(),
  });
  expect(login.status).toBe(200);
  return {
    id: created.body.data.user.id as number,
    email,
    password,
    login,
    token: login.body.data.token as string,
  };
}

const refused = errorEnvelope(AUTH_MESSAGES.temporaryPassword);

describeEachEngine(
  'temporary passwords',
  (ctx) => {
    it('tells the client at sign-in and in auth/me that the password must be changed', async () => {
      const account = await accountWithTemporaryPassword(ctx(), 'manager');
      expect(account.login.body.data.user.must_change_password).toBe(true);
      const me = await ctx().call('GET', '/api/auth/me', { token: account.token });
      expect(me.status).toBe(200);
      expect(me.body.data.user).toMatchObject({ id: account.id, must_change_password: true });

      const regular = await ctx().call('POST', '/api/auth/login', {
        body: { email: ctx().as.manager.email, password: ctx().as.manager.password },
        remoteAddress: freshAddress(),
      });
      expect(regular.body.data.user.must_change_password).toBe(false);
    });

    it('refuses every other route with 403 until the password is changed, then allows them', async () => {
      const admin = await accountWithTemporaryPassword(ctx(), 'admin');
      const employeeId = await insertEmployee(ctx().db);
      // Reads (one with a caller figure read by the guard), writes, admin-only routes alike.
      const attempts = [
        ['GET', '/api/users'],
        ['GET', '/api/employees'],
        ['GET', '/api/employees/dashboard'],
        ['GET', '/api/audit'],
        ['POST', '/api/users', { email: 'x@example.com', firstname: 'X', lastname: 'Y' }],
        ['PUT', `/api/employees/${employeeId}`, { position: 'Dean' }],
        ['POST', `/api/employees/${employeeId}/link-employee`],
      ] as const;
      for (const [method, url, body] of attempts) {
        const res = await ctx().call(method, url, { token: admin.token, body });
        expect(res.status, `${method} ${url}`).toBe(403);
        expect(res.body, `${method} ${url}`).toEqual(refused);
      }
      // Nothing of those writes was done.
      const linked = await ctx()
        .db.selectFrom('users')
        .select('id')
        .where('employee_id', '=', employeeId)
        .execute();
      expect(linked).toEqual([]);

      const changed = await ctx().call('PUT', '/api/users/change-password', {
        token: admin.token,
        body: { oldPassword: admin.password, newPassword: 'chosen-by-me-1' },
      });
      expect(changed.status).toBe(200);
      const token = changed.body.data.token as string;
      const me = await ctx().call('GET', '/api/auth/me', { token });
      expect(me.body.data.user.must_change_password).toBe(false);
      for (const url of ['/api/users', '/api/employees', '/api/audit']) {
        expect((await ctx().call('GET', url, { token })).status, url).toBe(200);
      }
      const again = await ctx().call('POST', '/api/auth/login', {
        body: { email: admin.email, password: 'chosen-by-me-1' },
        remoteAddress: freshAddress(),
      });
      expect(again.body.data.user.must_change_password).toBe(false);
    });

    it('serves no remembered answer to a caller whose password became temporary', async () => {
      const user = await ctx().newUser('manager');
      // Asked twice: the second answer is kept by the response cache, the third served from it.
      for (let i = 0; i < 3; i++) {
        expect((await ctx().call('GET', '/api/employees', { token: user.token })).status).toBe(200);
      }
      await ctx()
        .db.updateTable('users')
        .set({ password_is_temporary: 1 })
        .where('id', '=', user.id)
        .execute();
      const res = await ctx().call('GET', '/api/employees', { token: user.token });
      expect(res.status).toBe(403);
      expect(res.body).toEqual(refused);
    });

    it('a temporary password can be changed only to another one', async () => {
      const account = await accountWithTemporaryPassword(ctx(), 'manager');
      const same = await ctx().call('PUT', '/api/users/change-password', {
        token: account.token,
        body: { oldPassword: account.password, newPassword: account.password },
      });
      expect(same.status).toBe(400);
      expect(same.body).toEqual(
        errorEnvelope(AUTH_MESSAGES.newPasswordSameAsCurrent, 'newPassword'),
      );
      // Still temporary: the refusal changed nothing.
      expect((await ctx().call('GET', '/api/employees', { token: account.token })).status).toBe(
        403,
      );
    });

    it('Google sign-in retires the temporary password and opens the account', async () => {
      const account = await accountWithTemporaryPassword(ctx(), 'manager');
      const idToken = await google.idToken({ email: account.email });
      const res = await ctx().call('POST', '/api/auth/google-login', {
        body: { id_token: idToken },
        remoteAddress: freshAddress(),
      });
      expect(res.status).toBe(200);
      expect(res.body.data.user.must_change_password).toBe(false);
      const token = res.body.data.token as string;
      expect((await ctx().call('GET', '/api/employees', { token })).status).toBe(200);
      // The password an admin was shown no longer opens the account.
      const withOld = await ctx().call('POST', '/api/auth/login', {
        body: { email: account.email, password: account.password },
        remoteAddress: freshAddress(),
      });
      expect(withOld.status).toBe(401);
      const audit = await ctx()
        .db.selectFrom('audit_entries')
        .select('description')
        .where('name', '=', 'User Login')
        .where('entity_id', '=', account.id)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(audit.description).toContain('their temporary password no longer works');
    });
  },
  {
    GOOGLE_CLIENT_ID: google.clientId,
    GOOGLE_JWKS_URL: google.jwksUrl,
    GOOGLE_ISSUERS: 'accounts.google.com,https://accounts.google.com',
  },
);
