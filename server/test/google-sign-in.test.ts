import { SignJWT } from 'jose';
import { afterAll, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '#contract/auth-messages';
import { GOOGLE_MESSAGES } from '#contract/google-messages';
import { auditedBy } from './helpers/audit';
import { errorEnvelope } from './helpers/error-envelope';
import { googleSubject, startLocalGoogleIssuer } from './helpers/google-issuer';
import { describeEachEngine, type TestContext } from './helpers/test-app';

// One local issuer for the whole file; each engine's app fetches its keys over loopback.
const google = await startLocalGoogleIssuer();
afterAll(() => google.close());

const GOOGLE_ENV = {
  GOOGLE_CLIENT_ID: google.clientId,
  GOOGLE_JWKS_URL: google.jwksUrl,
  GOOGLE_ISSUERS: 'accounts.google.com,https://accounts.google.com',
};

let addressCounter = 0;
/** A fresh caller address, so refusals in one test never throttle another. */
const freshAddress = () => `192.0.2.${(addressCounter = (addressCounter % 250) + 1)}`;

function postIdToken(ctx: TestContext, idToken: string, remoteAddress = freshAddress()) {
  return ctx.call('POST', '/api/auth/google-login', { body: { id_token: idToken }, remoteAddress });
}

describeEachEngine(
  'Google sign-in',
  (ctx) => {
    it('signs in an existing user with a genuine token, answering like password login', async () => {
      const user = await ctx().newUser('manager', {
        email: `grace.${ctx().engine}@example.com`,
        firstname: 'Grace',
        lastname: 'Hopper',
      });
      const token = await google.idToken({ email: `Grace.${ctx().engine}@Example.com` });
      const res = await postIdToken(ctx(), token);
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      expect(res.body.message).toBe('Login successful');
      expect(res.body.data.user).toEqual({
        id: user.id,
        email: user.email,
        firstname: 'Grace',
        lastname: 'Hopper',
        first_name: 'Grace',
        last_name: 'Hopper',
        user_type: 'manager',
        employee_id: null,
        must_change_password: false,
      });
      const me = await ctx().call('GET', '/api/auth/me', { token: res.body.data.token });
      expect(me.status).toBe(200);
      expect(me.body.data.user.id).toBe(user.id);
    });

    it('remembers the Google subject and matches by it even after the email changes', async () => {
      const user = await ctx().newUser('employee');
      const subject = googleSubject();
      const first = await postIdToken(
        ctx(),
        await google.idToken({ sub: subject, email: user.email }),
      );
      expect(first.status).toBe(200);
      const stored = await ctx()
        .db.selectFrom('users')
        .select('google_subject')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(stored.google_subject).toBe(subject);

      // The account's email changes here; Google still knows the person by the same subject.
      await ctx()
        .db.updateTable('users')
        .set({ email: `renamed.${user.id}@example.com` })
        .where('id', '=', user.id)
        .execute();
      const again = await postIdToken(
        ctx(),
        await google.idToken({ sub: subject, email: user.email }),
      );
      expect(again.status).toBe(200);
      expect(again.body.data.user.id).toBe(user.id);
      expect(again.body.data.user.email).toBe(`renamed.${user.id}@example.com`);
    });

    it('refuses a different Google account claiming an email that is already linked', async () => {
      const user = await ctx().newUser('manager', { google_subject: googleSubject() });
      const res = await postIdToken(
        ctx(),
        await google.idToken({ email: user.email, sub: googleSubject() }),
      );
      expect(res.status).toBe(401);
      expect(res.body).toEqual(errorEnvelope(GOOGLE_MESSAGES.noAccount));
    });

    it('refuses a genuine token for an email that has no account: no account, no sign-in', async () => {
      const before = await ctx().db.selectFrom('users').select('id').execute();
      const res = await postIdToken(
        ctx(),
        await google.idToken({ email: `stranger.${ctx().engine}@example.com` }),
      );
      expect(res.status).toBe(401);
      expect(res.body).toEqual(errorEnvelope(GOOGLE_MESSAGES.noAccount));
      expect(await ctx().db.selectFrom('users').select('id').execute()).toHaveLength(before.length);
    });

    it('refuses every token Google did not issue for this app with 401', async () => {
      const user = await ctx().newUser('admin');
      const email = user.email;
      const now = Math.floor(Date.now() / 1000);
      const unsigned = (claims: object) =>
        `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(
          JSON.stringify({
            iss: google.issuer,
            aud: google.clientId,
            sub: googleSubject(),
            email,
            email_verified: true,
            iat: now,
            exp: now + 3600,
            ...claims,
          }),
        ).toString('base64url')}.`;
      const hs256 = await new SignJWT({ email, email_verified: true })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(google.issuer)
        .setAudience(google.clientId)
        .setSubject(googleSubject())
        .setIssuedAt()
        .setExpirationTime('1h')
        // The classic confusion attack: the public key used as an HMAC secret.
        .sign(new TextEncoder().encode(google.publicKeyPem));

      const cases: [string, string, string][] = [
        [
          'wrong audience',
          await google.idToken({ email, aud: 'someone-else.apps.googleusercontent.com' }),
          GOOGLE_MESSAGES.notVerified,
        ],
        [
          'wrong issuer',
          await google.idToken({ email, iss: 'https://evil.example.com' }),
          GOOGLE_MESSAGES.notVerified,
        ],
        [
          'expired',
          await google.idToken({ email, iat: now - 7200, exp: now - 3600 }),
          GOOGLE_MESSAGES.notVerified,
        ],
        [
          'issued in the future',
          await google.idToken({ email, iat: now + 3600, exp: now + 7200 }),
          GOOGLE_MESSAGES.notVerified,
        ],
        ['no subject', await google.idToken({ email, sub: null }), GOOGLE_MESSAGES.notVerified],
        ['no email', await google.idToken({ email: null }), GOOGLE_MESSAGES.notVerified],
        [
          'signed by another key',
          await google.idToken({ email }, { foreignKey: true }),
          GOOGLE_MESSAGES.notVerified,
        ],
        [
          'signed by an unknown key id',
          await google.idToken({ email }, { foreignKey: true, kid: 'unknown' }),
          GOOGLE_MESSAGES.notVerified,
        ],
        ['alg none', unsigned({}), GOOGLE_MESSAGES.notVerified],
        ['HS256 keyed with the public key', hs256, GOOGLE_MESSAGES.notVerified],
        ['not a JWT at all', 'definitely.not.a-token', GOOGLE_MESSAGES.notVerified],
        [
          'email not verified',
          await google.idToken({ email, email_verified: false }),
          GOOGLE_MESSAGES.emailNotVerified,
        ],
        [
          'email_verified as a string',
          await google.idToken({ email, email_verified: 'true' }),
          GOOGLE_MESSAGES.emailNotVerified,
        ],
        [
          'email_verified missing',
          await google.idToken({ email, email_verified: null }),
          GOOGLE_MESSAGES.emailNotVerified,
        ],
      ];
      for (const [label, token, message] of cases) {
        const res = await postIdToken(ctx(), token);
        expect(res.status, label).toBe(401);
        expect(res.body, label).toEqual(errorEnvelope(message));
        expect(res.text).not.toMatch(/"token"/);
      }
      const linked = await ctx()
        .db.selectFrom('users')
        .select('google_subject')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(linked.google_subject).toBeNull();
    });

    it('accepts both spellings of Google issuer and tolerates small clock drift', async () => {
      const user = await ctx().newUser('manager');
      const now = Math.floor(Date.now() / 1000);
      const plainIssuer = await google.idToken({ email: user.email, iss: 'accounts.google.com' });
      expect((await postIdToken(ctx(), plainIssuer)).status).toBe(200);
      const justExpired = await google.idToken({
        email: user.email,
        exp: now - 5,
        iat: now - 3600,
      });
      expect((await postIdToken(ctx(), justExpired)).status).toBe(200);
    });

    it('rejects a missing or malformed body with 400, and never takes a bare email', async () => {
      const user = await ctx().newUser('admin');
      const attempts: [unknown, string][] = [
        [{}, 'id_token is required'],
        [{ email: user.email }, 'id_token is required'],
        [{ id_token: '' }, 'id_token is required'],
        [{ id_token: '   ' }, 'id_token is required'],
        [{ id_token: 42 }, 'id_token must be text'],
        [{ id_token: 'x'.repeat(9000) }, 'id_token must be at most 8192 characters'],
      ];
      for (const [body, message] of attempts) {
        const res = await ctx().call('POST', '/api/auth/google-login', { body });
        const what = JSON.stringify(body).slice(0, 60);
        expect(res.status, what).toBe(400);
        expect(res.body, what).toEqual(errorEnvelope(message, 'id_token'));
      }
      const notJson = await ctx().call('POST', '/api/auth/google-login', {
        body: '{"id_token":',
        headers: { 'content-type': 'application/json' },
      });
      expect(notJson.status).toBe(400);
      expect(notJson.body).toEqual(errorEnvelope('The request body is not valid JSON'));
      // The original app's fixed bearer value and a bare email get nowhere either.
      const legacy = await ctx().call('POST', '/api/auth/google-login', {
        body: { email: user.email },
        headers: { authorization: 'Bearer google-auth-token' },
      });
      expect(legacy.status).toBe(400);
      expect(legacy.body).toEqual(errorEnvelope('id_token is required', 'id_token'));
    });

    it('writes "User Login" mentioning Google on success and "User Login Failed" on refusal', async () => {
      const user = await ctx().newUser('manager', { firstname: 'Ada', lastname: 'Lovelace' });
      const subject = googleSubject();
      const ok = await auditedBy(ctx().db, async () =>
        postIdToken(
          ctx(),
          await google.idToken({ sub: subject, email: user.email }),
          '198.51.100.77',
        ),
      );
      expect(ok.result.status).toBe(200);
      expect(ok.entries).toHaveLength(1);
      expect(ok.entries[0]).toMatchObject({
        name: 'User Login',
        description: `Ada Lovelace (${user.email}) signed in with Google; their Google account is now linked`,
        actor: { user_id: user.id, email: user.email },
        ip_address: '198.51.100.77',
        entity_type: 'user',
        entity_id: user.id,
        before: { google_linked: false },
        after: { google_linked: true },
      });

      const second = await auditedBy(ctx().db, async () =>
        postIdToken(ctx(), await google.idToken({ sub: subject, email: user.email })),
      );
      expect(second.entries.map((entry) => entry.description)).toEqual([
        `Ada Lovelace (${user.email}) signed in with Google`,
      ]);

      const refused = await auditedBy(ctx().db, async () =>
        postIdToken(
          ctx(),
          await google.idToken({ email: 'nobody.here@example.com' }),
          '198.51.100.78',
        ),
      );
      expect(refused.result.status).toBe(401);
      expect(refused.entries).toHaveLength(1);
      expect(refused.entries[0]).toMatchObject({
        name: 'User Login Failed',
        description:
          'Google sign-in refused for nobody.here@example.com: no account has this email',
        actor: { user_id: null, email: null },
        ip_address: '198.51.100.78',
      });

      const forged = await auditedBy(ctx().db, async () =>
        postIdToken(ctx(), await google.idToken({ email: user.email }, { foreignKey: true })),
      );
      expect(forged.entries).toHaveLength(1);
      expect(forged.entries[0]!.name).toBe('User Login Failed');
      expect(forged.entries[0]!.description).toMatch(/^Google sign-in refused: /);
    });

    it('fetches Google keys once and reuses them', async () => {
      const user = await ctx().newUser('manager');
      // Make sure the keys are cached, then count fetches over several sign-ins.
      await postIdToken(ctx(), await google.idToken({ email: user.email }));
      const before = google.jwksRequests;
      for (let i = 0; i < 3; i++) {
        const res = await postIdToken(ctx(), await google.idToken({ email: user.email }));
        expect(res.status).toBe(200);
      }
      expect(google.jwksRequests).toBe(before);
    });
  },
  GOOGLE_ENV,
);

describeEachEngine(
  'Google sign-in for one Workspace domain',
  (ctx) => {
    it('accepts accounts of GOOGLE_HOSTED_DOMAIN and refuses others', async () => {
      const user = await ctx().newUser('manager', { email: `staff.${ctx().engine}@uni.example` });
      const wrong = await postIdToken(
        ctx(),
        await google.idToken({ email: user.email, hd: 'elsewhere.example' }),
      );
      expect(wrong.status).toBe(401);
      expect(wrong.body).toEqual(errorEnvelope(GOOGLE_MESSAGES.wrongDomain));
      const personal = await postIdToken(ctx(), await google.idToken({ email: user.email }));
      expect(personal.status).toBe(401);
      expect(personal.body.message).toBe(GOOGLE_MESSAGES.wrongDomain);

      const right = await postIdToken(
        ctx(),
        await google.idToken({ email: user.email, hd: 'UNI.example' }),
      );
      expect(right.status).toBe(200);
    });
  },
  { ...GOOGLE_ENV, GOOGLE_HOSTED_DOMAIN: 'uni.example' },
);

describeEachEngine(
  'Google sign-in throttling',
  (ctx) => {
    it('counts refusals against the address, together with password failures, then answers 429', async () => {
      const user = await ctx().newUser('manager');
      const address = '203.0.113.50';
      const wrongPassword = await ctx().call('POST', '/api/auth/login', {
        body: { email: 'nobody@example.com', password: 'guess' },
        remoteAddress: address,
      });
      expect(wrongPassword.status).toBe(401);
      for (let i = 0; i < 2; i++) {
        const forged = await google.idToken({ email: user.email }, { foreignKey: true });
        expect((await postIdToken(ctx(), forged, address)).status).toBe(401);
      }
      const genuine = await postIdToken(
        ctx(),
        await google.idToken({ email: user.email }),
        address,
      );
      expect(genuine.status).toBe(429);
      expect(Number(genuine.headers['retry-after'])).toBeGreaterThan(0);
      expect(genuine.body).toEqual(errorEnvelope(AUTH_MESSAGES.tooManyAttempts));

      // Another address is not affected.
      const elsewhere = await postIdToken(ctx(), await google.idToken({ email: user.email }));
      expect(elsewhere.status).toBe(200);
    });
  },
  { ...GOOGLE_ENV, LOGIN_MAX_FAILURES_PER_ADDRESS: '3' },
);

describeEachEngine(
  'Google sign-in when Google cannot be reached',
  (ctx) => {
    it('answers 503 with a plain message and records the failure', async () => {
      const user = await ctx().newUser('manager');
      const { result, entries } = await auditedBy(ctx().db, async () =>
        postIdToken(ctx(), await google.idToken({ email: user.email })),
      );
      expect(result.status).toBe(503);
      expect(result.body).toEqual(errorEnvelope(GOOGLE_MESSAGES.unavailable));
      expect(entries.map((entry) => entry.name)).toEqual(['User Login Failed']);
    });
  },
  // Nothing listens on port 9 of loopback (discard): the key fetch fails at once.
  { ...GOOGLE_ENV, GOOGLE_JWKS_URL: 'http://127.0.0.1:9/certs' },
);

describeEachEngine('Google sign-in when it is off', (ctx) => {
  it('says so with 404 and never looks at the token', async () => {
    const user = await ctx().newUser('admin');
    const res = await postIdToken(ctx(), await google.idToken({ email: user.email }));
    expect(res.status).toBe(404);
    expect(res.body).toEqual(errorEnvelope(GOOGLE_MESSAGES.notEnabled));
    const config = await ctx().call('GET', '/api/auth/config');
    expect(config.body.data.google_client_id).toBeNull();
  });
});
