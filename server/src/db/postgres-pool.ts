import type { PostgresPool, PostgresPoolClient } from 'kysely';
import pg from 'pg';
import { PLANNED_ONCE, PreparingClient } from './prepared-statements';

/**
 * PostgreSQL connections for Kysely, of two kinds.
 *
 * Short reads (the statements marked PLANNED_ONCE: a signed-in request's account lookup, list
 * pages, the figures of the rankings and dashboards) share a few connections in pipeline mode:
 * each is written to a shared connection at once, behind the statements already on it, instead
 * of waiting for a connection of its own, and the answers come back in order. On the 2-core
 * machine of docs/benchmarks.md, each statement's own round trip (a socket write and a wake-up
 * on each side) was a third of the server's CPU for a page of staff; pipelined, the server spent
 * 15% less CPU a page and served 20 to 30% more pages a second.
 *
 * Those connections plan every statement once (PLANNED_ONCE says why that suits short reads), so
 * the other connections keep the server's own planning and nothing switches settings back and
 * forth. Everything else, and every statement of a transaction, runs on a connection of its own
 * from the pool: a slow statement in a pipeline would hold up every read queued behind it, and a
 * transaction's statements must share its connection.
 */

/** Connections shared by the short reads; each read goes to the one with the fewest waiting. */
const READ_PIPELINES = 2;

/** Set once on a shared connection, before anything else is sent on it. */
const SHORT_READ_SETTINGS = [
  'set time zone utc',
  'set plan_cache_mode = force_generic_plan',
  'set enable_hashjoin = off',
  'set enable_mergejoin = off',
].join(';');

/** How the shared connections show in `pg_stat_activity`. */
export const READ_PIPELINE_NAME = 'spms short reads';

interface Pipeline {
  client: PreparingClient;
  /** Reads sent and not yet answered. */
  waiting: number;
}

class ReadPipelines {
  readonly #url: string;
  readonly #slots: (Pipeline | undefined)[] = Array.from({ length: READ_PIPELINES });
  #ended = false;

  constructor(url: string) {
    this.#url = url;
  }

  async query(text: string, values: unknown[]): Promise<pg.QueryResult> {
    const pipeline = this.#leastBusy();
    pipeline.waiting++;
    try {
      return await pipeline.client.query(text, values);
    } finally {
      pipeline.waiting--;
    }
  }

  async end() {
    this.#ended = true;
    const open = this.#slots.filter((slot) => slot !== undefined);
    this.#slots.fill(undefined);
    await Promise.all(open.map(({ client }) => client.end().catch(() => undefined)));
  }

  #leastBusy(): Pipeline {
    if (this.#ended) throw new Error('the database connections are closed');
    let best = 0;
    for (let index = 0; index < this.#slots.length; index++) {
      const slot = this.#slots[index];
      if (!slot) return this.#open(index);
      if (slot.waiting < this.#slots[best]!.waiting) best = index;
    }
    return this.#slots[best]!;
  }

  /** A lost connection fails the reads sent on it; the next read opens another in its place. */
  #open(index: number): Pipeline {
    const client = new PreparingClient({
      connectionString: this.#url,
      pipeline: true,
      application_name: READ_PIPELINE_NAME,
    });
    const pipeline: Pipeline = { client, waiting: 0 };
    const drop = () => {
      if (this.#slots[index] !== pipeline) return;
      this.#slots[index] = undefined;
      client.end().catch(() => undefined);
    };
    client.on('error', drop);
    client.on('end', drop);
    client.connect().catch(drop);
    // Queued first, so it is the first statement the connection runs.
    (client.query(SHORT_READ_SETTINGS) as Promise<pg.QueryResult>).catch(drop);
    this.#slots[index] = pipeline;
    return pipeline;
  }
}

/**
 * What Kysely takes for one connection: short reads go to the shared pipelines until a statement
 * needs a connection of its own (a transaction's `begin`, a write, any other read); it then keeps
 * that connection, for every statement after it, until Kysely releases it.
 */
class RoutedConnection {
  readonly #pool: pg.Pool;
  readonly #reads: ReadPipelines;
  #own: Promise<pg.PoolClient> | undefined;

  constructor(pool: pg.Pool, reads: ReadPipelines) {
    this.#pool = pool;
    this.#reads = reads;
  }

  query(text: string, values: unknown[]): Promise<pg.QueryResult> {
    if (!this.#own && text.includes(PLANNED_ONCE)) return this.#reads.query(text, values);
    this.#own ??= this.#pool.connect();
    return this.#own.then((client) => client.query(text, values));
  }

  release() {
    const own = this.#own;
    this.#own = undefined;
    own?.then(
      (client) => client.release(),
      () => undefined,
    );
  }
}

/** The pool Kysely's PostgresDialect takes: `poolSize` own connections plus the pipelines. */
export function openPostgresPool(url: string, poolSize: number): PostgresPool {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, Client: PreparingClient });
  // An idle connection dropped by the server must not crash the process.
  pool.on('error', () => undefined);
  // Timestamps then arrive as UTC text timestampToIso reads without a Date (queued before any
  // other query of the connection). Nothing depends on the session's zone: SQL that needs one
  // names UTC, and months follow TZ in the application.
  pool.on('connect', (client) => {
    client.query('set time zone utc').catch(() => undefined);
  });
  const reads = new ReadPipelines(url);
  return {
    connect: async () => new RoutedConnection(pool, reads) as unknown as PostgresPoolClient,
    end: async () => {
      await reads.end();
      await pool.end();
    },
  };
}
