import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedQuery } from '../src/db/prepared-query';
import { createTestDatabase, postgresAvailable, type TestDatabase } from './helpers/test-database';

/**
 * PostgreSQL plans the reads marked planned once generically, with nested loops only, and every
 * other statement with values under the server's own settings (db/prepared-statements.ts): each
 * statement must find its connection set for its kind, whatever ran on it before, a rollback
 * included.
 */

const run = postgresAvailable() ? describe : describe.skip;

type Settings = { plan_cache_mode: string; enable_hashjoin: string; enable_mergejoin: string };
const settings = (value: number) => sql<Settings & { value: number }>`
  select current_setting('plan_cache_mode') as plan_cache_mode,
    current_setting('enable_hashjoin') as enable_hashjoin,
    current_setting('enable_mergejoin') as enable_mergejoin, ${value}::int as value`;
// A preparedQuery is planned once unless told otherwise.
const plannedOnce = preparedQuery(settings);
const plannedEach = preparedQuery(settings, { plannedOnce: false });

const ONCE = {
  plan_cache_mode: 'force_generic_plan',
  enable_hashjoin: 'off',
  enable_mergejoin: 'off',
};
const EACH = { plan_cache_mode: 'auto', enable_hashjoin: 'on', enable_mergejoin: 'on' };

run('statements planned once [postgres]', () => {
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

  it('run planned once, and every other statement as the server plans it', async () => {
    const { db } = test.database;
    // One connection at a time, so each statement follows the other kind on the same one.
    await db.connection().execute(async (connection) => {
      for (let value = 1; value <= 3; value++) {
        expect(await plannedOnce(connection, value)).toEqual([{ ...ONCE, value }]);
        expect(await plannedEach(connection, value)).toEqual([{ ...EACH, value }]);
      }
    });
    expect(warnings.map((warning) => warning.message)).toEqual([]);
  });

  it('are set again after a rollback undid the settings of its transaction', async () => {
    const { db } = test.database;
    await db.connection().execute(async (connection) => {
      /** Runs `query` in a transaction that is then rolled back, checking what it ran under. */
      const rolledBack = (query: typeof plannedOnce, expected: Settings, value: number) =>
        expect(
          connection.transaction().execute(async (trx) => {
            expect(await query(trx, value)).toEqual([{ ...expected, value }]);
            throw new Error('rolled back');
          }),
        ).rejects.toThrow('rolled back');

      expect(await plannedEach(connection, 1)).toEqual([{ ...EACH, value: 1 }]);
      await rolledBack(plannedOnce, ONCE, 2);
      expect(await plannedOnce(connection, 3)).toEqual([{ ...ONCE, value: 3 }]);
      await rolledBack(plannedEach, EACH, 4);
      expect(await plannedEach(connection, 5)).toEqual([{ ...EACH, value: 5 }]);
    });
  });
});
