import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES } from '#contract/auth-messages';
import { addressKey } from '../src/plugins/request-limit';
import { errorEnvelope } from './helpers/error-envelope';
import { tableSnapshot } from './helpers/table-snapshot';
import { describeEachEngine, type CallOptions, type TestContext } from './helpers/test-app';

/**
 * Issue 55 point 8: requests without a session are limited per address
 * (ANONYMOUS_REQUESTS_PER_MINUTE), answered 429 in the envelope with Retry-After.
 */

const LIMIT = 5;
const refusal = errorEnvelope(AUTH_MESSAGES.tooManyAnonymousRequests);

/** `count` calls of `url` with `options`, their statuses in order. */
async function statuses(
  ctx: TestContext,
  count: number,
  url: string,
  options: CallOptions & { method?: 'GET' | 'POST' } = {},
) {
  const answers: number[] = [];
  for (let i = 0; i < count; i++) {
    answers.push((await ctx.call(options.method ?? 'GET', url, options)).status);
  }
  return answers;
}

describeEachEngine(
  'requests a minute per address without a session',
  (ctx) => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('refuses an address past its limit with 429, the envelope and Retry-After', async () => {
      const from = { remoteAddress: '203.0.113.1' };
      expect(await statuses(ctx(), LIMIT, '/api/auth/config', from)).toEqual(
        Array(LIMIT).fill(200),
      );
      const refused = await ctx().call('GET', '/api/auth/config', from);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual(refusal);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
    });

    it('refuses sign-in past the limit before checking anything, storing nothing', async () => {
      const from = { remoteAddress: '203.0.113.2' };
      const user = await ctx().newUser('employee');
      await statuses(ctx(), LIMIT, '/api/auth/config', from);
      const before = await tableSnapshot(ctx().db);
      const signIn = await ctx().call('POST', '/api/auth/login', {
        ...from,
        body: { email: user.email, password: 'not the password' },
      });
      expect(signIn.status).toBe(429);
      expect(signIn.body).toEqual(refusal);
      // Not even a failed attempt is counted against the account.
      expect(await tableSnapshot(ctx().db)).toEqual(before);
    });

    it('counts each address alone, an IPv6 address by its /64', async () => {
      await statuses(ctx(), LIMIT + 1, '/api/auth/config', { remoteAddress: '203.0.113.3' });
      expect(
        await statuses(ctx(), 1, '/api/auth/config', { remoteAddress: '203.0.113.4' }),
      ).toEqual([200]);
      await statuses(ctx(), LIMIT, '/api/auth/config', { remoteAddress: '2001:db8:1:2::1' });
      const sameBlock = { remoteAddress: '2001:db8:1:2:ffff:ffff:ffff:7' };
      expect(await statuses(ctx(), 1, '/api/auth/config', sameBlock)).toEqual([429]);
      const otherBlock = { remoteAddress: '2001:db8:1:3::1' };
      expect(await statuses(ctx(), 1, '/api/auth/config', otherBlock)).toEqual([200]);
    });

    it('counts signed-in routes refused for want of a session toward the address', async () => {
      const from = { remoteAddress: '203.0.113.5' };
      const forged = { ...from, token: 'a.b.c' };
      expect(await statuses(ctx(), LIMIT, '/api/auth/me', forged)).toEqual(Array(LIMIT).fill(401));
      expect(await statuses(ctx(), 1, '/api/auth/config', from)).toEqual([429]);
    });

    it('never limits /api/health, nor a signed-in caller from a limited address', async () => {
      const from = { remoteAddress: '203.0.113.6' };
      expect(await statuses(ctx(), LIMIT * 3, '/api/health', from)).toEqual(
        Array(LIMIT * 3).fill(200),
      );
      await statuses(ctx(), LIMIT + 1, '/api/auth/config', from);
      const { token } = await ctx().newUser('employee');
      expect(await statuses(ctx(), LIMIT * 2, '/api/auth/me', { ...from, token })).toEqual(
        Array(LIMIT * 2).fill(200),
      );
    });

    it('answers the address again once its minute is over', async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
      const from = { remoteAddress: '203.0.113.7' };
      await statuses(ctx(), LIMIT, '/api/auth/config', from);
      expect(await statuses(ctx(), 1, '/api/auth/config', from)).toEqual([429]);
      vi.advanceTimersByTime(61_000);
      expect(await statuses(ctx(), 1, '/api/auth/config', from)).toEqual([200]);
    });

    it('does not let X-Forwarded-For buy a new allowance without TRUST_PROXY', async () => {
      const from = { remoteAddress: '203.0.113.8' };
      await statuses(ctx(), LIMIT, '/api/auth/config', from);
      const spoofed = { ...from, headers: { 'x-forwarded-for': '198.51.100.99' } };
      expect(await statuses(ctx(), 1, '/api/auth/config', spoofed)).toEqual([429]);
    });
  },
  { ANONYMOUS_REQUESTS_PER_MINUTE: String(LIMIT) },
);

describeEachEngine(
  'requests a minute per address behind a proxy',
  (ctx) => {
    it("counts the client's address the proxy reports, not the proxy's", async () => {
      const viaProxy = (client: string) => ({
        remoteAddress: '10.0.0.1',
        headers: { 'x-forwarded-for': client },
      });
      await statuses(ctx(), LIMIT, '/api/auth/config', viaProxy('198.51.100.1'));
      expect(await statuses(ctx(), 1, '/api/auth/config', viaProxy('198.51.100.1'))).toEqual([429]);
      expect(await statuses(ctx(), 1, '/api/auth/config', viaProxy('198.51.100.2'))).toEqual([200]);
    });
  },
  { ANONYMOUS_REQUESTS_PER_MINUTE: String(LIMIT), TRUST_PROXY: 'true' },
);

describeEachEngine(
  'no limit per address when set to 0',
  (ctx) => {
    it('answers every anonymous request', async () => {
      expect(await statuses(ctx(), LIMIT * 4, '/api/auth/config')).toEqual(
        Array(LIMIT * 4).fill(200),
      );
    });
  },
  { ANONYMOUS_REQUESTS_PER_MINUTE: '0' },
);

describe('addressKey', () => {
  it('keeps IPv4 as it is and counts IPv6 by its /64', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0DB8:0001:0002:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('64:ff9b::203.0.113.9')).toBe('64:ff9b:0:0::/64');
  });
});
