import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';

export const OVERLOADED_MESSAGE = 'The server is busy. Please try again in a moment.';

/**
 * While the event loop is saturated, every request is refused at once with a 503 and
 * `Retry-After` instead of queueing behind the backlog (@fastify/under-pressure, as
 * ENGINEERING.md's fastify/demo does). "Saturated" is the event loop's mean wait, sampled every
 * 10 ms over each second, past OVERLOAD_EVENT_LOOP_DELAY_MS: a server under heavy but healthy
 * load (the bench's 50 clients) answers in turns far shorter, so it is never refused. The
 * utilisation of the loop is not a threshold: at full load it is near 1 by design.
 */
async function underPressurePlugin(app: FastifyInstance) {
  const { OVERLOAD_EVENT_LOOP_DELAY_MS: maxDelay, OVERLOAD_RETRY_AFTER_SECONDS: retryAfter } =
    app.config;
  if (maxDelay === 0) return;
  // The plugin builds its one error with `new customError()`: an AppError the error handler
  // answers in the envelope, with its Retry-After.
  class OverloadedError extends AppError {
    constructor() {
      super(503, OVERLOADED_MESSAGE, undefined, { 'Retry-After': String(retryAfter) });
    }
  }
  await app.register(underPressure, {
    maxEventLoopDelay: maxDelay,
    retryAfter,
    customError: OverloadedError,
  });
}

export default fp(underPressurePlugin, { name: 'under-pressure', dependencies: ['services'] });
