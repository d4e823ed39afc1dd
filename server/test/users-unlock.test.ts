import { expect, it } from 'vitest';
import { AUTH_MESSAGES } from '#contract/auth-messages';
import { errorEnvelope } from './helpers/error-envelope';
import { lockAccount } from './helpers/sign-in-locks';
import { describeEachEngine, type TestContext } from './helpers/test-app';

/**
 * Issue 55, point 9: five wrong passwords lock an account for the throttle's window; an admin
 * sees the lock in the accounts list and can lift it (POST /api/users/{id}/unlock), audited.
 */

let addressCounter = 0;
/** Each wrong password from another address, so only the account's own count locks it. */
const freshAddress = () => `198.18.0.${(addressCounter = (addressCounter % 250) + 1)}`;

async function signIn(ctx: TestContext, email: string, password: string) {
  return ctx.call('POST', '/api/auth/login', {
    body: { email, password },
    remoteAddress: freshAddress(),
  });
}

async function lockByWrongPasswords(ctx: TestContext, email: string) {
  for (let i = 0; i < 5; i++) {
    expect((await signIn(ctx, email, `wrong-${i}`)).status).toBe(401);
  }
}

describeEachEngine('unlocking an account', (ctx) => {
  const admin = () => ctx().as.admin.token;
  const listed = async (email: string) => {
    const res = await ctx().call('GET', `/api/users?search=${encodeURIComponent(email)}`, {
      token: admin(),
    });
    expect(res.status).toBe(200);
    return res.body.data.users.find((user: { email: string }) => user.email === email);
  };

  it('shows the lock in the list and the account, and lifts it at the admin’s word', async () => {
    const user = await ctx().newUser('manager');
    expect((await listed(user.email)).locked_until).toBeNull();
    const before = Date.now();
    await lockByWrongPasswords(ctx(), user.email);
    expect((await signIn(ctx(), user.email, user.password)).status).toBe(429);

    const lockedUntil = Date.parse((await listed(user.email)).locked_until);
    // The window is 15 minutes from the fifth failure.
    expect(lockedUntil).toBeGreaterThan(before + 14 * 60 * 1000);
    expect(lockedUntil).toBeLessThanOrEqual(Date.now() + 15 * 60 * 1000);
    const one = await ctx().call('GET', `/api/users/${user.id}`, { token: admin() });
    expect(Date.parse(one.body.data.user.locked_until)).toBe(lockedUntil);
    // Others on the same page are not locked.
    const page = await ctx().call('GET', '/api/users?limit=100', { token: admin() });
    const locked = page.body.data.users.filter((u: { locked_until: unknown }) => u.locked_until);
    expect(locked.map((u: { id: number }) => u.id)).toEqual([user.id]);

    const res = await ctx().call('POST', `/api/users/${user.id}/unlock`, { token: admin() });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Account unlocked');
    expect(res.body.data.user).toMatchObject({ id: user.id, locked_until: null });
    expect((await listed(user.email)).locked_until).toBeNull();

    const audit = await ctx()
      .db.selectFrom('audit_entries')
      .selectAll()
      .where('name', '=', 'User Unlocked')
      .where('entity_id', '=', user.id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_user_id).toBe(ctx().as.admin.id);
    expect(audit[0]!.description).toContain(user.email);
    expect(audit[0]!.description).toContain('5 failed sign-ins');
    expect(JSON.parse(audit[0]!.after_json!)).toEqual({ locked_until: null, failures: 0 });

    // The right password works again at once, and the count starts afresh.
    expect((await signIn(ctx(), user.email, user.password)).status).toBe(200);
  });

  it('forgets the failures too: a wrong password after the unlock does not lock again', async () => {
    const user = await ctx().newUser('employee');
    await lockByWrongPasswords(ctx(), user.email);
    expect(
      (await ctx().call('POST', `/api/users/${user.id}/unlock`, { token: admin() })).status,
    ).toBe(200);
    expect((await signIn(ctx(), user.email, 'wrong-again')).status).toBe(401);
    expect((await signIn(ctx(), user.email, user.password)).status).toBe(200);
  });

  it('lets one admin unlock another, whose own lock keeps them out meanwhile', async () => {
    const other = await ctx().newUser('admin');
    await lockByWrongPasswords(ctx(), other.email);
    expect((await signIn(ctx(), other.email, other.password)).status).toBe(429);
    const res = await ctx().call('POST', `/api/users/${other.id}/unlock`, { token: admin() });
    expect(res.status).toBe(200);
    expect((await signIn(ctx(), other.email, other.password)).status).toBe(200);
  });

  it('answers 409 for an account that is not locked, or whose lock has run out, writing nothing', async () => {
    const user = await ctx().newUser('manager');
    const notLocked = await ctx().call('POST', `/api/users/${user.id}/unlock`, {
      token: admin(),
    });
    expect(notLocked.status).toBe(409);
    expect(notLocked.body).toEqual(errorEnvelope('This account is not locked'));

    await lockAccount(ctx().db, user.email, Date.now() - 1000);
    expect((await listed(user.email)).locked_until).toBeNull();
    const expired = await ctx().call('POST', `/api/users/${user.id}/unlock`, { token: admin() });
    expect(expired.status).toBe(409);
    const audit = await ctx()
      .db.selectFrom('audit_entries')
      .select('id')
      .where('name', '=', 'User Unlocked')
      .where('entity_id', '=', user.id)
      .execute();
    expect(audit).toEqual([]);

    const missing = await ctx().call('POST', '/api/users/999999/unlock', { token: admin() });
    expect(missing.status).toBe(404);
    const manager = await ctx().call('POST', `/api/users/${user.id}/unlock`, {
      token: ctx().as.manager.token,
    });
    expect(manager.status).toBe(403);
  });
});

describeEachEngine('choosing a new password', (ctx) => {
  it('refuses a new password equal to the current one, naming the field', async () => {
    const user = await ctx().newUser('employee');
    const res = await ctx().call('PUT', '/api/users/change-password', {
      token: user.token,
      body: { oldPassword: user.password, newPassword: user.password },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorEnvelope(AUTH_MESSAGES.newPasswordSameAsCurrent, 'newPassword'));
    expect(res.body.message).toBe('The new password must be different from the current one');
    // The session goes on, and the password is still the one it was.
    expect((await ctx().call('GET', '/api/auth/me', { token: user.token })).status).toBe(200);
    const login = await ctx().call('POST', '/api/auth/login', {
      body: { email: user.email, password: user.password },
      remoteAddress: freshAddress(),
    });
    expect(login.status).toBe(200);
  });
});
