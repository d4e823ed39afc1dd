import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/database';
import { createTokenService } from '../src/lib/tokens';
import { errorEnvelope } from './helpers/error-envelope';
import { databaseUrl } from './helpers/postgres';
import { describeStagedRaces } from './helpers/staged-race';
import { describeEachEngine, type CallResult, type TestContext } from './helpers/test-app';
import { postgresAvailable } from './helpers/test-database';

const busy = errorEnvelope('The database is busy. Please try again in a moment.');

function expectBusy(result: CallResult) {
  expect(result.status).toBe(503);
  expect(result.body).toEqual(busy);
  expect(result.headers['content-type']).toMatch(/^application\/json/);
  expect(Number(result.headers['retry-after'])).toBeGreaterThanOrEqual(1);
}

/** The longest the event loop went unanswered while `run` ran, sampled every millisecond. */
async function longestLoopBlock<T>(run: () => Promise<T>): Promise<{ result: T; blockMs: number }> {
  let last = performance.now();
  let blockMs = 0;
  const sampler = setInterval(() => {
    const now = performance.now();
    blockMs = Math.max(blockMs, now - last);
    last = now;
  }, 1);
  try {
    const result = await run();
    return { result, blockMs };
  } finally {
    clearInterval(sampler);
  }
}

interface HeldLock {
  release(): Promise<void>;
}

/**
 * Another process's hold on the app's database: on SQLite a second connection's exclusive
 * transaction (the whole file), on PostgreSQL a second client's ACCESS EXCLUSIVE lock on `table`.
 */
async function holdLock(ctx: TestContext, table: string): Promise<HeldLock> {
  if (ctx.engine === 'sqlite') {
    const files = await sql<{ file: string }>`pragma database_list`.execute(ctx.db);
    const other = new SQLite(files.rows[0]!.file, { timeout: 0 });
    other.exec('BEGIN EXCLUSIVE');
    return {
      async release() {
        other.exec('ROLLBACK');
        other.close();
      },
    };
  }
  const name = await sql<{ name: string }>`select current_database() as name`.execute(ctx.db);
  const other = new pg.Client({ connectionString: databaseUrl(name.rows[0]!.name) });
  await other.connect();
  await other.query('begin');
  await other.query(`lock table ${table} in access exclusive mode`);
  return {
    async release() {
      await other.query('rollback');
      await other.end();
    },
  };
}

async function whileLocked<T>(ctx: TestContext, table: string, run: () => Promise<T>) {
  const lock = await holdLock(ctx, table);
  try {
    return await run();
  } finally {
    await lock.release();
  }
}

const metricType = (name: string) => ({
  metric_name: name,
  measurement_unit: '%',
  minimum_value: 0,
  maximum_value: 100,
});

describeEachEngine('a busy database', (ctx) => {
  it('answers a write 503 with Retry-After, stores nothing of it, and takes it once free', async () => {
    const { db, as } = ctx();
    const name = `Busy Metric ${randomBytes(4).toString('hex')}`;
    const auditBefore = await db
      .selectFrom('audit_entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const create = () =>
      ctx().call('POST', '/api/metric-types', { token: as.manager.token, body: metricType(name) });

    // SQLite's driver waits for the lock on the event loop's thread: it must not wait long. Up
    // to three tries, the least counting: a shared 2-core machine can stop the process for a
    // while without the driver holding anything, while a long wait fails every try.
    const blocks: number[] = [];
    while (blocks.length < 3 && !blocks.some((block) => block < 100)) {
      const { result, blockMs } = await longestLoopBlock(() =>
        whileLocked(ctx(), 'metric_types', create),
      );
      expectBusy(result);
      blocks.push(Math.round(blockMs));
    }
    expect(Math.min(...blocks), `blocks of ${blocks.join(', ')} ms`).toBeLessThan(100);

    const stored = await db
      .selectFrom('metric_types')
      .select('id')
      .where('metric_name', '=', name)
      .execute();
    expect(stored).toEqual([]);
    const auditAfter = await db
      .selectFrom('audit_entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(auditAfter.n)).toBe(Number(auditBefore.n));

    const again = await create();
    expect(again.status).toBe(201);
  });

  it('answers sign-in 503 while the database is locked, and signs in once free', async () => {
    const user = await ctx().newUser('manager');
    const signIn = () =>
      ctx().call('POST', '/api/auth/login', {
        body: { email: user.email, password: user.password },
      });
    expectBusy(await whileLocked(ctx(), 'sign_in_throttle', signIn));
    const again = await signIn();
    expect(again.status).toBe(200);
  });
});

describe.skipIf(!postgresAvailable())('an unreachable PostgreSQL [postgres]', () => {
  it('answers 503 when the database refuses connections', async () => {
    // A port that was just free and is now closed: nothing listens there.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as { port: number };
    await new Promise((resolve) => probe.close(resolve));

    const url = new URL(databaseUrl('spms_nowhere'));
    url.port = String(port);
    const database = openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
    const config = loadConfig({ DATA_DIR: '/tmp', LOG_LEVEL: 'silent', DEMO_DATA: 'false' });
    const tokens = createTokenService(randomBytes(32).toString('base64url'), '1h');
    const app = await buildApp({ config, database, tokens });
    try {
      const signIn = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'someone@example.com', password: 'Whatever-1' },
      });
      expect(signIn.statusCode).toBe(503);
      expect(signIn.json()).toEqual(busy);
      expect(signIn.headers['retry-after']).toBeDefined();

      // The guard's account lookup is a short read, sent on the shared connection.
      const me = await app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${await tokens.sign(1)}` },
      });
      expect(me.statusCode).toBe(503);
      expect(me.json()).toEqual(busy);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describeStagedRaces('a terminated PostgreSQL backend', (ctx) => {
  it('answers the request it was running 503, stores nothing, and the next one works', async () => {
    const { db, as, databaseName } = ctx();
    const name = `Terminated Metric ${randomBytes(4).toString('hex')}`;
    const create = () =>
      ctx().call('POST', '/api/metric-types', { token: as.manager.token, body: metricType(name) });
    const admin = new pg.Client({ connectionString: databaseUrl(databaseName) });
    await admin.connect();
    try {
      const answer = await whileLocked(ctx(), 'metric_types', async () => {
        const pending = create();
        // The request's backend, once it waits on the lock: terminate it there.
        for (let tries = 0; tries < 200; tries++) {
          const { rows } = await admin.query<{ pid: number }>(
            `select pid from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock'`,
          );
          if (rows.length > 0) {
            await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
            break;
          }
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        return pending;
      });
      expectBusy(answer);
    } finally {
      await admin.end();
    }
    const stored = await db
      .selectFrom('metric_types')
      .select('id')
      .where('metric_name', '=', name)
      .execute();
    expect(stored).toEqual([]);
    expect((await create()).status).toBe(201);
  });
});
