import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * After a long turn of the event loop, a pause of a fraction of a millisecond before the next
 * poll, so that the clients answered last in the turn are heard in the next one.
 *
 * Node polls its sockets once a turn and answers every request that poll found before it polls
 * again. The kernel (epoll, level-triggered, as libuv asks) keeps the sockets it reported at the
 * head of its ready list, so a socket that becomes readable after the poll queues behind all of
 * them. Under load from clients that ask again as soon as they are answered (the benchmark's 50
 * connections, a script paging through a list, a screen loading its calls in turn), the client
 * answered last in a turn sends its next request a few tens of microseconds after the next poll
 * has begun: it misses that turn and is then answered last in the one after, so it waits two
 * turns instead of one, every time, and so does one request in fifty. Measured on a search page
 * of SQLite (20 ms turns): the same two connections answered in 40-45 ms every other turn, which
 * set the 98th and 99th percentiles. Pausing until `HEARD_AFTER_MS` after the turn's last answer
 * lets that client's request arrive before the poll; a turn of 20 ms then loses 1.5% of its time.
 *
 * Short turns (cheap answers, or a server that is not saturated) are left alone: there the wait
 * of a missed turn is short, and the pause would be a real share of the time.
 */

/** A turn that answered for at least this long is followed by the pause. */
export const LONG_TURN_MS = 10;
/** How long after the turn's last answer the next poll may start. */
export const HEARD_AFTER_MS = 0.3;

/**
 * How long to pause now (ms), for a turn whose answers went out from `firstAnswerAt` to
 * `lastAnswerAt` (performance.now() readings): 0 unless the turn was long and its last answer
 * went out less than HEARD_AFTER_MS ago.
 */
export function pauseAfterTurn(firstAnswerAt: number, lastAnswerAt: number, now: number): number {
  if (lastAnswerAt - firstAnswerAt < LONG_TURN_MS) return 0;
  return Math.max(0, lastAnswerAt + HEARD_AFTER_MS - now);
}

/** Atomics.wait on a cell nobody changes: the thread sleeps (no spinning) for `ms`. */
const sleepCell = new Int32Array(new SharedArrayBuffer(4));
const sleep = (ms: number) => Atomics.wait(sleepCell, 0, 0, ms);

function fairTurnsPlugin(app: FastifyInstance) {
  let firstAnswerAt = 0;
  let lastAnswerAt = 0;
  let turnOpen = false;

  // setImmediate runs after the poll phase that answered the turn's requests, before the next.
  const endTurn = () => {
    turnOpen = false;
    const pause = pauseAfterTurn(firstAnswerAt, lastAnswerAt, performance.now());
    if (pause > 0) sleep(pause);
  };

  // onSend runs just before the answer is written: the moment the client is answered.
  app.addHook('onSend', (_request, _reply, payload, done) => {
    lastAnswerAt = performance.now();
    if (!turnOpen) {
      turnOpen = true;
      firstAnswerAt = lastAnswerAt;
      setImmediate(endTurn);
    }
    done(null, payload);
  });
}

export default fp(fairTurnsPlugin, { name: 'fair-turns' });
