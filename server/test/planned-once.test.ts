import { Socket } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HELD_UP_MS, READ_PIPELINE_NAME } from '../src/db/postgres-pool';
import { preparedQuery } from '../src/db/prepared-query';
import { createTestDatabase, postgresAvailable, type TestDatabase } from './helpers/test-database';

/**
 * PostgreSQL runs the short reads marked planned once on a connection they share in pipeline
 * mode, planned generically with nested loops only; every other statement, every statement of a
 * transaction, and short reads while the shared connection is held up, on a connection of its
 * own under the server's settings (db/postgres-pool.ts).
 */

const run = postgresAvailable() ? describe : describe.skip;

type Settings = {
  application_name: string;
  plan_cache_mode: string;
  enable_hashjoin: string;
  enable_mergejoin: string;
};
const settings = (value: number) => sql<Settings & { value: number }>`
  select current_setting('application_name') as application_name,
    current_setting('plan_cache_mode') as plan_cache_mode,
    current_setting('enable_hashjoin') as enable_hashjoin,
    current_setting('enable_mergejoin') as enable_mergejoin, ${value}::int as value`;
// A preparedQuery is planned once unless told otherwise.
const plannedOnce = preparedQuery(settings);
const plannedEach = preparedQuery(settings, { plannedOnce: false });
const dataVersion = preparedQuery(
  (at: number) => sql<{ value: number }>`
    select value + ${at}::int as value from list_totals where name = 'data_version'`,
);
const preparedHere = preparedQuery(
  (at: number) => sql<{ name: string; statement: string; at: number }>`
    select name, statement, ${at}::int as at from pg_prepared_statements`,
);
const sleeping = preparedQuery(
  (seconds: number) => sql<{ slept: string }>`select pg_sleep(${seconds}::float8)::text as slept`,
);
const failing = preparedQuery(
  (divisor: number) => sql<{ value: number }>`select 1 / ${divisor}::int as value`,
);

const ONCE = {
  application_name: READ_PIPELINE_NAME,
  plan_cache_mode: 'force_generic_plan',
  enable_hashjoin: 'off',
  enable_mergejoin: 'off',
};
const EACH = {
  application_name: '',
  plan_cache_mode: 'auto',
  enable_hashjoin: 'on',
  enable_mergejoin: 'on',
};

run('short reads planned once [postgres]', () => {
  let test: TestDatabase;
  const warnings: Error[] = [];
  const onWarning = (warning: Error) => warnings.push(warning);
  beforeAll(async () => {
    test = await createTestDatabase('postgres');
    process.on('warning', onWarning);
  });
  afterAll(async () => {
    process.off('warning', onWarning);
    await test?.drop();
  });

  it('run on the shared connection planned once, and every other statement as the server plans it', async () => {
    const { db } = test.database;
    const runs = Array.from({ length: 20 }, (_, value) =>
      value % 2 ? plannedOnce(db, value) : plannedEach(db, value),
    );
    expect(await Promise.all(runs)).toEqual(
      Array.from({ length: 20 }, (_, value) => [{ ...(value % 2 ? ONCE : EACH), value }]),
    );
    expect(warnings.map((warning) => warning.message)).toEqual([]);
  });

  it('are parsed once on their connection, as statements named from their text', async () => {
    const { db } = test.database;
    await plannedOnce(db, 1);
    await plannedOnce(db, 2);
    const prepared = await preparedHere(db, 0);
    const settingsRead = prepared.filter((row) => row.statement.includes('plan_cache_mode'));
    expect(settingsRead).toEqual([
      { name: expect.stringMatching(/^spms_[0-9a-f]{20}$/), statement: expect.any(String), at: 0 },
    ]);
    expect(prepared.some((row) => row.statement.includes('pg_prepared_statements'))).toBe(true);
  });

  it('run on the transaction’s own connection inside one, and see what it wrote', async () => {
    const { db } = test.database;
    const [before] = await dataVersion(db, 0);
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`update list_totals set value = value + 1 where name = 'data_version'`.execute(
          trx,
        );
        expect(await dataVersion(trx, 0)).toEqual([{ value: before!.value + 1 }]);
        expect(await plannedOnce(trx, 1)).toEqual([{ ...EACH, value: 1 }]);
        // Outside the transaction its write is not there yet.
        expect(await dataVersion(db, 0)).toEqual([before]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await dataVersion(db, 0)).toEqual([before]);
  });

  it('answer every read sent beside one that fails', async () => {
    const { db } = test.database;
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, at) => (at % 3 === 1 ? failing(db, 0) : dataVersion(db, at))),
    );
    const [first] = await dataVersion(db, 0);
    results.forEach((result, at) => {
      if (at % 3 === 1) {
        expect(result).toMatchObject({ status: 'rejected', reason: { code: '22012' } });
      } else {
        expect(result).toEqual({ status: 'fulfilled', value: [{ value: first!.value + at }] });
      }
    });
  });

  it('leave in one socket write when sent in one turn of the event loop', async () => {
    const { db } = test.database;
    await plannedOnce(db, 0);
    // The shared connection is open: nothing else writes to a socket while these are sent.
    const writes = [vi.spyOn(Socket.prototype, '_writev'), vi.spyOn(Socket.prototype, '_write')];
    try {
      const answers = await Promise.all(Array.from({ length: 10 }, (_, at) => plannedOnce(db, at)));
      expect(answers).toEqual(Array.from({ length: 10 }, (_, value) => [{ ...ONCE, value }]));
      expect(writes.reduce((count, spy) => count + spy.mock.calls.length, 0)).toBe(1);
    } finally {
      writes.forEach((spy) => spy.mockRestore());
    }
  });

  it('go around the shared connection while a read on it is held up', async () => {
    const { db } = test.database;
    const held = sleeping(db, 0.5);
    await new Promise((resolve) => setTimeout(resolve, HELD_UP_MS * 4));
    // Sent while the sleep holds up the shared connection: a connection of its own.
    expect(await plannedOnce(db, 7)).toEqual([{ ...EACH, value: 7 }]);
    await held;
    expect(await plannedOnce(db, 8)).toEqual([{ ...ONCE, value: 8 }]);
  });

  it('go on after the shared connection is lost', async () => {
    const { db } = test.database;
    await plannedOnce(db, 1);
    const pipelines = sql<{ pid: number }>`
      select pid from pg_stat_activity
      where datname = current_database() and application_name = ${READ_PIPELINE_NAME}`;
    const lost = (await pipelines.execute(db)).rows.map((row) => row.pid);
    expect(lost.length).toBeGreaterThan(0);
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where pid in (${sql.join(lost)})`.execute(db);

    // Reads already on their way when a connection goes may fail; the ones after it do not.
    let answered: unknown;
    for (let attempt = 0; attempt < 5 && !answered; attempt++) {
      answered = await plannedOnce(db, 2).catch(async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        return undefined;
      });
    }
    expect(answered).toEqual([{ ...ONCE, value: 2 }]);
    const now = (await pipelines.execute(db)).rows.map((row) => row.pid);
    expect(now.length).toBeGreaterThan(0);
    expect(now.filter((pid) => lost.includes(pid))).toEqual([]);
  });
});
