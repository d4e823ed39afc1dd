import { expect, it } from 'vitest';
import { AUTH_MESSAGES } from '#contract/auth-messages';
import { INVALID_UTF8_MESSAGE } from '../src/plugins/text-guard';
import { errorEnvelope } from './helpers/error-envelope';
import { insertEmployee } from './helpers/factories';
import { INVALID_UTF8, jsonWithInvalidUtf8 } from './helpers/malformed-requests/encoding';
import { respellings } from './helpers/malformed-requests/path-and-query-faults';
import { misclaimedTokens } from './helpers/session-tokens';
import { tableSnapshot } from './helpers/table-snapshot';
import { describeEachEngine } from './helpers/test-app';

/**
 * Issue 55 point 7: integers in paths and queries are plain decimal digits, a session token's
 * subject is the id as the server writes it and its issue time is not in the future, and a JSON
 * body that is not valid UTF-8 is refused rather than stored with U+FFFD in it.
 */
describeEachEngine('strict parsing of numbers, tokens and bodies', (ctx) => {
  const wholeNumber = (field: string) => errorEnvelope(`${field} must be a whole number`, field);

  it('refuses page and limit spelled otherwise than in plain digits, naming the field', async () => {
    const cases: [string, 'admin' | 'manager' | 'employee'][] = [
      ['/api/employees?limit=', 'manager'],
      ['/api/employees?page=', 'manager'],
      ['/api/audit?limit=', 'admin'],
      ['/api/employees/rank?limit=', 'employee'],
      ['/api/employees/rank/export.csv?limit=', 'employee'],
      ['/api/employees/my-bonuses?limit=', 'employee'],
      ['/api/responses/all?limit=', 'employee'],
    ];
    for (const [prefix, role] of cases) {
      const { token } = ctx().as[role];
      const field = prefix.includes('page=') ? 'page' : 'limit';
      const fine = await ctx().call('GET', `${prefix}10`, { token });
      expect(fine.status, `${prefix}10: ${fine.text}`).toBe(200);
      for (const spelling of ['0x10', '1e2', '%201', '010', '+10', '10.0', '10%20', '%2B10']) {
        const res = await ctx().call('GET', `${prefix}${spelling}`, { token });
        expect(res.status, `${prefix}${spelling}: ${res.text}`).toBe(400);
        expect(res.body, `${prefix}${spelling}`).toEqual(wholeNumber(field));
      }
    }
  });

  it('keeps the range messages for plain numbers out of range', async () => {
    const token = ctx().as.manager.token;
    const zero = await ctx().call('GET', '/api/employees?limit=0', { token });
    expect(zero.body).toEqual(errorEnvelope('limit must be at least 1', 'limit'));
    const over = await ctx().call('GET', '/api/employees?limit=1001', { token });
    expect(over.body).toEqual(errorEnvelope('limit must be at most 1000', 'limit'));
    const negative = await ctx().call('GET', '/api/employees?page=-1', { token });
    expect(negative.body).toEqual(errorEnvelope('page must be at least 1', 'page'));
    const far = await ctx().call('GET', '/api/employees?page=1000001', { token });
    expect(far.body).toEqual(errorEnvelope('page is too large', 'page'));
  });

  it('refuses an existing id padded with zeros or otherwise respelled, in paths and filters', async () => {
    const token = ctx().as.manager.token;
    const id = await insertEmployee(ctx().db);
    expect((await ctx().call('GET', `/api/employees/${id}`, { token })).status).toBe(200);
    for (const spelling of respellings(String(id))) {
      const encoded = encodeURIComponent(spelling);
      const res = await ctx().call('GET', `/api/employees/${encoded}`, { token });
      expect(res.status, spelling).toBe(400);
      expect(res.body, spelling).toEqual(errorEnvelope('id must be a positive whole number', 'id'));
      const filtered = await ctx().call('GET', `/api/bonuses?employee_id=${encoded}`, { token });
      expect(filtered.status, spelling).toBe(400);
      expect(filtered.body, spelling).toEqual(
        errorEnvelope('employee_id must be a positive whole number', 'employee_id'),
      );
    }
    const padded = await ctx().call('GET', `/api/employees/000${id}`, { token });
    expect(padded.status).toBe(400);
  });

  it('refuses tokens signed with the server key whose subject is not the canonical id', async () => {
    const { id } = ctx().as.employee;
    const canonical = await ctx().signClaims({ sub: String(id) });
    expect((await ctx().call('GET', '/api/auth/me', { token: canonical })).status).toBe(200);
    for (const { claims, token } of await misclaimedTokens(ctx().signClaims, id)) {
      const res = await ctx().call('GET', '/api/auth/me', { token });
      expect(res.status, claims).toBe(401);
      expect(res.body, claims).toEqual(errorEnvelope(AUTH_MESSAGES.sessionExpired));
    }
  });

  it('refuses an issue time in the future beyond a minute, and lets none outlive a revocation', async () => {
    const user = await ctx().newUser('employee');
    const me = (token: string) => ctx().call('GET', '/api/auth/me', { token });
    const farAhead = await ctx().signClaims({ sub: String(user.id), iat_ms: Date.now() + 120_000 });
    expect((await me(farAhead)).status).toBe(401);

    // Within the clock allowance the token is taken, but counts as issued when first seen.
    const slightlyAhead = await ctx().signClaims({
      sub: String(user.id),
      iat_ms: Date.now() + 30_000,
    });
    expect((await me(slightlyAhead)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 5));
    // What a password or role change does: every token issued before now stops.
    await ctx()
      .db.updateTable('users')
      .set({ tokens_valid_after: Date.now() })
      .where('id', '=', user.id)
      .execute();
    const revoked = await me(slightlyAhead);
    expect(revoked.status).toBe(401);
    expect(revoked.body).toEqual(errorEnvelope(AUTH_MESSAGES.sessionExpired));
  });

  it('refuses a JSON body that is not valid UTF-8 with 400 in the envelope, storing nothing', async () => {
    const token = ctx().as.admin.token;
    const before = await tableSnapshot(ctx().db);
    for (const bytes of INVALID_UTF8) {
      const payload = jsonWithInvalidUtf8({ metric_name: `Broken ${bytes.join('-')}` }, bytes);
      const res = await ctx().app.inject({
        method: 'POST',
        url: '/api/metric-types',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, `${bytes}: ${res.body}`).toBe(400);
      expect(res.json(), String(bytes)).toEqual(errorEnvelope(INVALID_UTF8_MESSAGE));
    }
    expect(await tableSnapshot(ctx().db)).toEqual(before);

    // The same name in proper UTF-8, accents and emoji included, is stored as sent.
    const name = `Broken é 🎉 ${ctx().engine}`;
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/api/metric-types',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: Buffer.from(JSON.stringify({ metric_name: name }), 'utf8'),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.metric_type.metric_name).toBe(name);
  });

  it('still answers bad JSON and an empty JSON body as before', async () => {
    const headers = {
      authorization: `Bearer ${ctx().as.admin.token}`,
      'content-type': 'application/json',
    };
    const broken = await ctx().app.inject({
      method: 'POST',
      url: '/api/metric-types',
      headers,
      payload: '{"metric_name":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual(errorEnvelope('The request body is not valid JSON'));
    const poisoned = await ctx().app.inject({
      method: 'POST',
      url: '/api/metric-types',
      headers,
      payload: '{"metric_name":"x","__proto__":{"isAdmin":true}}',
    });
    expect(poisoned.statusCode).toBe(400);
  });
});
