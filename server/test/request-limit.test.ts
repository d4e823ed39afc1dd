import { afterEach, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES } from '#contract/auth-messages';
import { errorEnvelope } from './helpers/error-envelope';
import { describeEachEngine } from './helpers/test-app';

const LIMIT = 5;
const refusal = errorEnvelope(AUTH_MESSAGES.tooManyRequests);

describeEachEngine(
  'requests a minute per account',
  (ctx) => {
    afterEach(() => {
      vi.useRealTimers();
    });

    /** `count` reads of one URL by the account of `token`, their statuses in order. */
    const readTimes = async (token: string, count: number, url = '/api/auth/me') => {
      const statuses: number[] = [];
      for (let ask = 0; ask < count; ask++) {
        statuses.push((await ctx().call('GET', url, { token })).status);
      }
      return statuses;
    };

    it('refuses an account past its limit with 429, the envelope and Retry-After', async () => {
      const { token } = await ctx().newUser('employee');
      expect(await readTimes(token, LIMIT)).toEqual(Array(LIMIT).fill(200));

      const refused = await ctx().call('GET', '/api/auth/me', { token });
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual(refusal);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
    });

    it('counts each account alone, however many share an address', async () => {
      const busy = await ctx().newUser('manager');
      const other = await ctx().newUser('manager');
      await readTimes(busy.token, LIMIT);
      expect(await readTimes(busy.token, 1, '/api/employees?limit=5')).toEqual([429]);
      expect(await readTimes(other.token, 1, '/api/employees?limit=5')).toEqual([200]);
    });

    it('counts revalidated reads answered 304 as well', async () => {
      const { token } = await ctx().newUser('manager');
      const url = '/api/metric-types?limit=5';
      const first = await ctx().call('GET', url, { token });
      const headers = { 'if-none-match': String(first.headers.etag) };
      const statuses = [first.status];
      for (let ask = 0; ask < LIMIT; ask++) {
        statuses.push((await ctx().call('GET', url, { token, headers })).status);
      }
      expect(statuses).toEqual([200, ...Array(LIMIT - 1).fill(304), 429]);
    });

    it('stores nothing a refused write carries', async () => {
      const { token } = await ctx().newUser('manager');
      await readTimes(token, LIMIT);
      const name = `Refused ${Date.now()}`;
      const refused = await ctx().call('POST', '/api/metric-types', {
        token,
        body: { metric_name: name },
      });
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual(refusal);
      const stored = await ctx()
        .db.selectFrom('metric_types')
        .select('id')
        .where('metric_name', '=', name)
        .execute();
      expect(stored).toEqual([]);
    });

    it('answers the account again once its minute is over', async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
      const { token } = await ctx().newUser('employee');
      await readTimes(token, LIMIT);
      expect(await readTimes(token, 1)).toEqual([429]);
      vi.advanceTimersByTime(61_000);
      expect(await readTimes(token, 1)).toEqual([200]);
    });

    it('leaves public routes and sign-in to their own limits', async () => {
      expect(await readTimes('', LIMIT * 3, '/api/health')).toEqual(Array(LIMIT * 3).fill(200));
      const user = await ctx().newUser('employee');
      await readTimes(user.token, LIMIT);
      const signIn = await ctx().call('POST', '/api/auth/login', {
        body: { email: user.email, password: user.password },
      });
      expect(signIn.status).toBe(200);
    });
  },
  { REQUESTS_PER_MINUTE_PER_ACCOUNT: String(LIMIT) },
);
