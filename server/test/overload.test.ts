import { expect, it } from 'vitest';
import { errorEnvelope } from './helpers/error-envelope';
import { describeEachEngine } from './helpers/test-app';

/**
 * While the event loop is saturated, the server answers at once with 503, `Retry-After` and the
 * envelope, instead of queueing every client behind the backlog; once it drains, it answers
 * as before (@fastify/under-pressure, OVERLOAD_EVENT_LOOP_DELAY_MS).
 */

const overloaded = errorEnvelope('The server is busy. Please try again in a moment.');

/** Keeps the event loop busy in turns of `turnMs` for `forMs`: a server behind on its work. */
function saturate(forMs: number, turnMs: number): Promise<void> {
  const until = performance.now() + forMs;
  return new Promise((resolve) => {
    const turn = () => {
      const end = performance.now() + turnMs;
      while (performance.now() < end) {
        // busy, as a long synchronous task would be
      }
      if (performance.now() < until) setImmediate(turn);
      else resolve();
    };
    setImmediate(turn);
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeEachEngine(
  'an overloaded event loop',
  (ctx) => {
    it('answers 503 with Retry-After and the envelope, then serves again once it drains', async () => {
      const { token } = ctx().as.manager;
      expect((await ctx().call('GET', '/api/metric-types', { token })).status).toBe(200);

      // Longer than the sampling window (a second), in turns far past the threshold.
      await saturate(2_500, 200);
      const refused = await ctx().call('GET', '/api/metric-types', { token });
      expect(refused.status).toBe(503);
      expect(refused.body).toEqual(overloaded);
      expect(refused.headers['content-type']).toMatch(/^application\/json/);
      expect(refused.headers['retry-after']).toBe('7');
      const health = await ctx().call('GET', '/api/health');
      expect(health.status).toBe(503);

      // Two quiet sampling windows later, the server answers again.
      await pause(2_500);
      expect((await ctx().call('GET', '/api/metric-types', { token })).status).toBe(200);
      expect((await ctx().call('GET', '/api/health')).status).toBe(200);
    });
  },
  { OVERLOAD_EVENT_LOOP_DELAY_MS: '100', OVERLOAD_RETRY_AFTER_SECONDS: '7' },
);
