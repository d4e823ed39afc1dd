import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '#contract/auth-messages';
import { errorEnvelope } from './helpers/error-envelope';
import { describeEachEngine } from './helpers/test-app';

describeEachEngine('sign-in', (ctx) => {
  it('signs in with the right password and answers the token and user', async () => {
    const user = await ctx().newUser('manager', {
      email: 'grace.hopper@example.com',
      firstname: 'Grace',
      lastname: 'Hopper',
    });
    const res = await ctx().call('POST', '/api/auth/login', {
      body: { email: '  Grace.Hopper@Example.com ', password: user.password },
    });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(typeof res.body.data.token).toBe('string');
    expect(res.body.data.user).toEqual({
      id: user.id,
      email: 'grace.hopper@example.com',
      firstname: 'Grace',
      lastname: 'Hopper',
      first_name: 'Grace',
      last_name: 'Hopper',
      user_type: 'manager',
      employee_id: null,
      must_change_password: false,
    });
    expect(JSON.stringify(res.body)).not.toMatch(/password_hash|argon2/);

    const me = await ctx().call('GET', '/api/auth/me', { token: res.body.data.token });
    expect(me.status).toBe(200);
    expect(me.body.data.user.email).toBe('grace.hopper@example.com');
  });

  it('answers a wrong email and a wrong password with the same 401', async () => {
    const user = await ctx().newUser('employee');
    const wrongPassword = await ctx().call('POST', '/api/auth/login', {
      body: { email: user.email, password: 'not-the-password' },
    });
    const wrongEmail = await ctx().call('POST', '/api/auth/login', {
      body: { email: 'nobody-here@example.com', password: 'not-the-password' },
    });
    expect(wrongPassword.status).toBe(401);
    expect(wrongEmail.status).toBe(401);
    expect(wrongPassword.body).toEqual(wrongEmail.body);
    expect(wrongPassword.body).toEqual(errorEnvelope(AUTH_MESSAGES.invalidCredentials));
  });

  it('rejects malformed input with 400 naming the field', async () => {
    const noEmail = await ctx().call('POST', '/api/auth/login', { body: { password: 'x' } });
    expect(noEmail.status).toBe(400);
    expect(noEmail.body).toEqual(errorEnvelope(AUTH_MESSAGES.emailRequired, 'email'));

    const badEmail = await ctx().call('POST', '/api/auth/login', {
      body: { email: 'not-an-email', password: 'x' },
    });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.message).toBe('Email must be a valid email address');

    const noPassword = await ctx().call('POST', '/api/auth/login', {
      body: { email: 'a@example.com' },
    });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.message).toBe('Password is required');

    const notJson = await ctx().call('POST', '/api/auth/login', {
      body: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.status).toBe(400);
    expect(notJson.body.success).toBe(false);
  });

  it('writes an audit entry for every sign-in, success or failure', async () => {
    const user = await ctx().newUser('manager');
    await ctx().call('POST', '/api/auth/login', {
      body: { email: user.email, password: 'wrong-password' },
    });
    await ctx().call('POST', '/api/auth/login', {
      body: { email: user.email, password: user.password },
    });
    const entries = await ctx()
      .db.selectFrom('audit_entries')
      .select(['name', 'description', 'actor_user_id', 'ip_address'])
      .where('description', 'like', `%${user.email}%`)
      .orderBy('id')
      .execute();
    expect(entries.map((e) => e.name)).toEqual(['User Login Failed', 'User Login']);
    expect(entries[1]!.actor_user_id).toBe(user.id);
    expect(entries[1]!.ip_address).toBeTruthy();
  });
});

describeEachEngine(
  'sign-in throttling',
  (ctx) => {
    it('refuses an account with 429 and Retry-After after repeated failures, even with the right password', async () => {
      const user = await ctx().newUser('manager');
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await ctx().call('POST', '/api/auth/login', {
          body: { email: user.email, password: `wrong-${i}` },
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([401, 401, 401]);
      const locked = await ctx().call('POST', '/api/auth/login', {
        body: { email: user.email, password: user.password },
      });
      expect(locked.status).toBe(429);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
      expect(locked.body).toEqual(errorEnvelope(AUTH_MESSAGES.tooManyAttempts));
    });

    it('refuses an address that fails across many accounts', async () => {
      const results: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await ctx().call('POST', '/api/auth/login', {
          body: { email: `spray${i}@example.com`, password: 'guess' },
          remoteAddress: '203.0.113.9',
          headers: { 'x-forwarded-for': '198.51.100.1' },
        });
        results.push(res.status);
      }
      // Without TRUST_PROXY a forwarded header is ignored: it cannot be used to dodge the count.
      expect(results.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(results[5]).toBe(429);
    });

    it('counts an IPv6 address by its /64, and an IPv4 address however it is written', async () => {
      const fromBlock = async (remoteAddress: string, i: number) =>
        (
          await ctx().call('POST', '/api/auth/login', {
            body: { email: `block${i}@example.com`, password: 'guess' },
            remoteAddress,
          })
        ).status;
      const block = ['1', '2', 'abcd', 'ffff:1:2', '5', '6'].map((end) => `2001:db8:7:9::${end}`);
      const statuses = [];
      for (const [i, address] of block.entries()) statuses.push(await fromBlock(address, i));
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
      // The next /64 is another subscriber.
      expect(await fromBlock('2001:db8:7:a::1', 10)).toBe(401);

      const mapped = [];
      for (let i = 0; i < 5; i++) mapped.push(await fromBlock('203.0.113.77', 20 + i));
      mapped.push(await fromBlock('::ffff:203.0.113.77', 30));
      expect(mapped).toEqual([401, 401, 401, 401, 401, 429]);
    });

    /** How many of the answers had each status. */
    const tally = (answers: { status: number }[]) =>
      answers.reduce<Record<number, number>>(
        (counts, { status }) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }),
        {},
      );

    it('checks no more passwords than the limit when guesses arrive all at once', async () => {
      const user = await ctx().newUser('manager');
      // Each from its own address, so that only the account's limit (3) applies.
      const guesses = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          ctx().call('POST', '/api/auth/login', {
            body: { email: user.email, password: `guess-${i}` },
            remoteAddress: `198.51.100.${i + 1}`,
          }),
        ),
      );
      expect(tally(guesses)).toEqual({ 401: 3, 429: 9 });
      const locked = await ctx().call('POST', '/api/auth/login', {
        body: { email: user.email, password: user.password },
        remoteAddress: '198.51.100.99',
      });
      expect(locked.status).toBe(429);
    });

    it('checks no more current passwords than the limit when they arrive all at once', async () => {
      const user = await ctx().newUser('employee');
      const guesses = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          ctx().call('PUT', '/api/users/change-password', {
            token: user.token,
            body: { oldPassword: `guess-${i}`, newPassword: 'another-long-password' },
          }),
        ),
      );
      expect(tally(guesses)).toEqual({ 400: 3, 429: 7 });
    });

    it('lets many people sign in from one address without locking it', async () => {
      const office = '203.0.113.50';
      const people = await Promise.all(Array.from({ length: 8 }, () => ctx().newUser('employee')));
      for (const person of people) {
        const signIn = await ctx().call('POST', '/api/auth/login', {
          body: { email: person.email, password: person.password },
          remoteAddress: office,
        });
        expect(signIn.status).toBe(200);
      }
      // Four misses after eight sign-ins: still under the address's limit of five.
      for (const person of people.slice(0, 4)) {
        const miss = await ctx().call('POST', '/api/auth/login', {
          body: { email: person.email, password: 'not-it' },
          remoteAddress: office,
        });
        expect(miss.status).toBe(401);
      }
      const last = people[7]!;
      const stillOpen = await ctx().call('POST', '/api/auth/login', {
        body: { email: last.email, password: last.password },
        remoteAddress: office,
      });
      expect(stillOpen.status).toBe(200);
    });
  },
  { LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', LOGIN_MAX_FAILURES_PER_ADDRESS: '5' },
);

describeEachEngine(
  'behind a proxy (TRUST_PROXY=true)',
  (ctx) => {
    const PROXY = '10.0.0.2';
    const CLIENT = '203.0.113.9';

    it('counts the address the proxy saw, not one the client wrote before it', async () => {
      const statuses = [];
      for (let i = 0; i < 6; i++) {
        const res = await ctx().call('POST', '/api/auth/login', {
          body: { email: `proxied${i}@example.com`, password: 'guess' },
          remoteAddress: PROXY,
          // The client sends a header of its own; the proxy appends the address it saw.
          headers: { 'x-forwarded-for': `198.51.100.${i + 1}, ${CLIENT}` },
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
      const entry = await ctx()
        .db.selectFrom('audit_entries')
        .select('ip_address')
        .where('description', 'like', '%proxied0@example.com%')
        .executeTakeFirstOrThrow();
      expect(entry.ip_address).toBe(CLIENT);
    });

    it('takes the proxy as the client when the proxy forwards no address', async () => {
      const statuses = [];
      for (let i = 0; i < 6; i++) {
        const res = await ctx().call('POST', '/api/auth/login', {
          body: { email: `unforwarded${i}@example.com`, password: 'guess' },
          remoteAddress: '10.0.0.3',
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    });
  },
  { TRUST_PROXY: 'true', LOGIN_MAX_FAILURES_PER_ADDRESS: '5' },
);

describeEachEngine(
  'behind proxies named by address (TRUST_PROXY=10.0.0.0/8)',
  (ctx) => {
    it('takes the nearest address that is not one of the proxies', async () => {
      // Client -> a proxy at 10.0.0.5 -> a proxy at 10.0.0.2 -> the server.
      await ctx().call('POST', '/api/auth/login', {
        body: { email: 'chained@example.com', password: 'guess' },
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': '198.51.100.7, 203.0.113.9, 10.0.0.5' },
      });
      // A peer that is not a proxy is the client, whatever it forwards.
      await ctx().call('POST', '/api/auth/login', {
        body: { email: 'direct@example.com', password: 'guess' },
        remoteAddress: '203.0.113.10',
        headers: { 'x-forwarded-for': '198.51.100.8' },
      });
      const entries = await ctx()
        .db.selectFrom('audit_entries')
        .select('ip_address')
        .where('name', '=', 'User Login Failed')
        .orderBy('id')
        .execute();
      expect(entries.map((entry) => entry.ip_address)).toEqual(['203.0.113.9', '203.0.113.10']);
    });
  },
  { TRUST_PROXY: '10.0.0.0/8' },
);

describeEachEngine('tokens', (ctx) => {
  it('refuses a missing, forged, expired or malformed token with 401', async () => {
    expect((await ctx().call('GET', '/api/auth/me')).status).toBe(401);
    expect((await ctx().call('GET', '/api/auth/me', { token: 'not.a.jwt' })).status).toBe(401);

    const forged = await new SignJWT({ iat_ms: Date.now() })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(ctx().as.admin.id))
      .setIssuer('spms')
      .setAudience('spms')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('a-completely-different-secret-of-enough-length'));
    const res = await ctx().call('GET', '/api/auth/me', { token: forged });
    expect(res.status).toBe(401);
    expect(res.body.success).toBe(false);

    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(
      JSON.stringify({
        sub: String(ctx().as.admin.id),
        iss: 'spms',
        aud: 'spms',
        exp: 9_999_999_999,
        iat: 1,
        iat_ms: 1,
      }),
    ).toString('base64url')}.`;
    expect((await ctx().call('GET', '/api/auth/me', { token: unsigned })).status).toBe(401);
  });

  it('refuses an expired token', async () => {
    const { createTokenService } = await import('../src/lib/tokens');
    const secret = 'x'.repeat(48);
    const shortLived = createTokenService(secret, '1s');
    const token = await shortLived.sign(1);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect(await shortLived.verify(token)).toBeNull();
  });

  it('refuses the token of a deleted user', async () => {
    const user = await ctx().newUser('manager');
    await ctx().db.deleteFrom('users').where('id', '=', user.id).execute();
    expect((await ctx().call('GET', '/api/auth/me', { token: user.token })).status).toBe(401);
  });
});

describeEachEngine('change password', (ctx) => {
  it('checks the current password, then revokes old tokens and answers a fresh one', async () => {
    const user = await ctx().newUser('employee');
    const login = await ctx().call('POST', '/api/auth/login', {
      body: { email: user.email, password: user.password },
    });
    const oldToken = login.body.data.token as string;

    const wrong = await ctx().call('PUT', '/api/users/change-password', {
      token: oldToken,
      body: { oldPassword: 'not-it', newPassword: 'a-new-password' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(AUTH_MESSAGES.currentPasswordWrong);

    const short = await ctx().call('PUT', '/api/users/change-password', {
      token: oldToken,
      body: { oldPassword: user.password, newPassword: 'short' },
    });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('New password must be at least 8 characters long');

    const changed = await ctx().call('PUT', '/api/users/change-password', {
      token: oldToken,
      body: { oldPassword: user.password, newPassword: 'a-new-password' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.message).toBe('Password changed successfully!');
    const freshToken = changed.body.data.token as string;

    expect((await ctx().call('GET', '/api/auth/me', { token: oldToken })).status).toBe(401);
    expect((await ctx().call('GET', '/api/auth/me', { token: user.token })).status).toBe(401);
    expect((await ctx().call('GET', '/api/auth/me', { token: freshToken })).status).toBe(200);

    const oldPassword = await ctx().call('POST', '/api/auth/login', {
      body: { email: user.email, password: user.password },
    });
    expect(oldPassword.status).toBe(401);
    const newPassword = await ctx().call('POST', '/api/auth/login', {
      body: { email: user.email, password: 'a-new-password' },
    });
    expect(newPassword.status).toBe(200);

    const audit = await ctx()
      .db.selectFrom('audit_entries')
      .selectAll()
      .where('name', '=', 'Password Change')
      .where('actor_user_id', '=', user.id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after_json ?? '').not.toContain('a-new-password');
  });

  it('requires a signed-in user', async () => {
    const res = await ctx().call('PUT', '/api/users/change-password', {
      body: { oldPassword: 'a', newPassword: 'b'.repeat(8) },
    });
    expect(res.status).toBe(401);
  });
});

describe('password storage', () => {
  it('stores argon2id hashes at OWASP parameters (m=19 MiB, t=2, p=1)', async () => {
    const { hashPassword } = await import('../src/lib/passwords');
    const stored = await hashPassword('correct horse battery staple');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});
