import type { Writable } from 'node:stream';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import pg from 'pg';
import { PLANNED_ONCE, PreparingClient } from './prepared-statements';

/**
 * PostgreSQL connections for Kysely, of two kinds.
 *
 * Short reads (the statements marked PLANNED_ONCE: a signed-in request's account lookup, list
 * pages, the figures of the rankings and dashboards) share one connection in pipeline mode: each
 * is written to it in the turn of the event loop that sends it (all of a turn's in one write),
 * behind the statements already on it, instead of waiting for a connection of its own, and the
 * answers come back in order. On the 2-core machine of docs/benchmarks.md each statement's own
 * round trip (a socket write and a wake-up on each side) cost more than the bytes it carried;
 * pipelined, every PostgreSQL route served more. Two shared connections served no more than one
 * and lengthened the searches' tail, both kept busy beside Node on two cores (the figures are in
 * docs/performance-log.md).
 *
 * That connection plans every statement once (PLANNED_ONCE says why that suits short reads), so
 * the other connections keep the server's own planning and nothing switches settings back and
 * forth. Everything else, and every statement of a transaction, runs on a connection of its own
 * from the pool, since a transaction's statements must share its connection. A statement slower
 * than expected (a page far down a long list) holds up the reads queued behind it: while the
 * oldest unanswered read has waited HELD_UP_MS, new short reads take a pooled connection too.
 */

/** Set once on the shared connection, before anything else is sent on it. */
const SHORT_READ_SETTINGS = [
  'set time zone utc',
  'set plan_cache_mode = force_generic_plan',
  'set enable_hashjoin = off',
  'set enable_mergejoin = off',
].join(';');

/** How the shared connection shows in `pg_stat_activity`. */
export const READ_PIPELINE_NAME = 'spms short reads';

/**
 * How long the oldest unanswered short read may have waited before new ones go around it: well
 * above a full queue's wait at 50 clients (a few milliseconds), well below a stall.
 */
export const HELD_UP_MS = 20;

interface Pipeline {
  client: PreparingClient;
  /** When each unanswered read was sent, oldest first (answers come back in that order). */
  sentAt: number[];
  /** Whether the reads sent in this turn of the event loop are being held for one write. */
  batching: boolean;
}

/**
 * Holds the shared connection's writes until the end of this turn of the event loop, so that the
 * reads of every request handled in the turn leave in one socket write. pg writes each statement
 * at once (one `writev` each, its own cork inside ours then flushes nothing), and under the
 * benchmark's 50 clients those writes were a visible share of the server's CPU (bench:profile).
 * A read waits at most for the rest of the turn, which the answers it queues behind take anyway.
 */
function writeInOneBatch(pipeline: Pipeline) {
  if (pipeline.batching) return;
  const socket = (pipeline.client as unknown as { connection: { stream: Writable } }).connection
    .stream;
  pipeline.batching = true;
  socket.cork();
  setImmediate(() => {
    pipeline.batching = false;
    socket.uncork();
  });
}

class SharedReads {
  readonly #url: string;
  readonly #settings: ConnectionSettings;
  #pipeline: Pipeline | undefined;
  #ended = false;

  constructor(url: string, settings: ConnectionSettings) {
    this.#url = url;
    this.#settings = settings;
  }

  /** Whether a new short read should wait its turn here rather than take its own connection. */
  open(now = performance.now()): boolean {
    const oldest = this.#pipeline?.sentAt[0];
    return !this.#ended && (oldest === undefined || now - oldest < HELD_UP_MS);
  }

  async query(text: string, values: unknown[]): Promise<pg.QueryResult> {
    const pipeline = (this.#pipeline ??= this.#connect());
    pipeline.sentAt.push(performance.now());
    writeInOneBatch(pipeline);
    try {
      return await pipeline.client.query(text, values);
    } finally {
      pipeline.sentAt.shift();
    }
  }

  async end() {
    this.#ended = true;
    const pipeline = this.#pipeline;
    this.#pipeline = undefined;
    await pipeline?.client.end().catch(() => undefined);
  }

  /** A lost connection fails the reads sent on it; the next read opens another in its place. */
  #connect(): Pipeline {
    const client = new PreparingClient({
      ...this.#settings,
      connectionString: this.#url,
      pipeline: true,
      application_name: READ_PIPELINE_NAME,
    });
    const pipeline: Pipeline = { client, sentAt: [], batching: false };
    const drop = () => {
      if (this.#pipeline !== pipeline) return;
      this.#pipeline = undefined;
      client.end().catch(() => undefined);
    };
    client.on('error', drop);
    client.on('end', drop);
    client.connect().catch(drop);
    // Queued first, so it is the first statement the connection runs.
    (client.query(SHORT_READ_SETTINGS) as Promise<pg.QueryResult>).catch(drop);
    return pipeline;
  }
}

/**
 * What Kysely takes for one connection: short reads go to the shared connection until a statement
 * needs a connection of its own (a transaction's `begin`, a write, any other read); it then keeps
 * that connection, for every statement after it, until Kysely releases it.
 */
class RoutedConnection {
  readonly #pool: pg.Pool;
  readonly #reads: SharedReads;
  readonly #released: (connection: RoutedConnection) => void;
  #own: Promise<pg.PoolClient> | undefined;
  #lent = false;

  constructor(pool: pg.Pool, reads: SharedReads, released: (connection: RoutedConnection) => void) {
    this.#pool = pool;
    this.#reads = reads;
    this.#released = released;
  }

  query(text: string, values: unknown[]): Promise<pg.QueryResult> {
    if (!this.#own && text.includes(PLANNED_ONCE) && this.#reads.open()) {
      return this.#reads.query(text, values);
    }
    this.#own ??= this.#pool.connect();
    return this.#own.then((client) => client.query(text, values));
  }

  /** Handed to Kysely, which releases it once it is done with it. */
  lend(): this {
    this.#lent = true;
    return this;
  }

  release() {
    // Idle already: a second release must not put it in the idle list twice (two lenders).
    if (!this.#lent) return;
    this.#lent = false;
    const own = this.#own;
    this.#own = undefined;
    own?.then(
      (client) => client.release(),
      () => undefined,
    );
    this.#released(this);
  }
}

export interface PoolOptions {
  /** How long a statement may wait for a lock (PostgreSQL's lock_timeout); 0 waits as long. */
  lockTimeoutMs: number;
}

/** What every connection is opened with, the shared one and the pool's. */
interface ConnectionSettings {
  lock_timeout?: number;
  connectionTimeoutMillis: number;
}

/**
 * How long opening a connection may take (and a request wait for a free one): a database that
 * does not answer fails the request (503) instead of holding it open as long as TCP tries.
 */
export const CONNECT_TIMEOUT_MS = 5000;

/** The pool Kysely's PostgresDialect takes: `poolSize` own connections and the shared one. */
export function openPostgresPool(
  url: string,
  poolSize: number,
  { lockTimeoutMs }: PoolOptions = { lockTimeoutMs: 0 },
): PostgresPool {
  // lock_timeout goes in the startup message, so it costs no statement; `reset lock_timeout`
  // (insight-totals.repository.ts) comes back to it.
  const settings: ConnectionSettings = {
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    ...(lockTimeoutMs > 0 ? { lock_timeout: lockTimeoutMs } : {}),
  };
  const pool = new pg.Pool({
    ...settings,
    connectionString: url,
    max: poolSize,
    Client: PreparingClient,
  });
  // An idle connection dropped by the server must not crash the process.
  pool.on('error', () => undefined);
  // Timestamps then arrive as UTC text timestampToIso reads without a Date (queued before any
  // other query of the connection). Nothing depends on the session's zone: SQL that needs one
  // names UTC, and months follow TZ in the application.
  pool.on('connect', (client) => {
    // A connection lost while a request holds it (a terminated backend, a restart) fails that
    // request's statement, answered 503 (plugins/errors.ts); pg also emits it as an event, which
    // unheard would end the process. The pool drops the connection when it is released.
    client.on('error', () => undefined);
    client.query('set time zone utc').catch(() => undefined);
  });
  const reads = new SharedReads(url, settings);
  // Released connections are handed out again. Kysely keys what it knows of a connection on the
  // object (a WeakMap and a WeakSet), so a new object per request added two weak entries per
  // request, which the garbage collector kept and traced until a mark-compact, promoting them
  // and lengthening every scavenge (docs/performance-log.md). As many exist as were ever in use
  // at once.
  const idle: RoutedConnection[] = [];
  const released = (connection: RoutedConnection) => idle.push(connection);
  return {
    connect: async () =>
      (
        idle.pop() ?? new RoutedConnection(pool, reads, released)
      ).lend() as unknown as PostgresPoolClient,
    end: async () => {
      await reads.end();
      await pool.end();
    },
  };
}
