import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { databaseUrl } from './postgres';
import { postgresAvailable } from './test-database';
import { startTestApp, type TestContext } from './test-app';

/**
 * Races staged on PostgreSQL, the one engine that runs writers side by side (SQLite has one
 * writer): a second connection makes a change and holds its transaction open while a request
 * runs, then commits once the request waits on its locks, having passed its own checks.
 */

export interface RaceContext extends TestContext {
  /** The test app's own database, for the second connection. */
  databaseName: string;
}

/** Declares `suite` on a PostgreSQL test app (skipped when PostgreSQL is missing). */
export function describeStagedRaces(title: string, suite: (ctx: () => RaceContext) => void) {
  const run = postgresAvailable() ? describe : describe.skip;
  run(`${title} [postgres]`, () => {
    let context: (RaceContext & { close(): Promise<void> }) | undefined;
    beforeAll(async () => {
      const app = await startTestApp('postgres');
      const row = await app.db
        .selectNoFrom((eb) => eb.fn<string>('current_database', []).as('name'))
        .executeTakeFirstOrThrow();
      context = Object.assign(app, { databaseName: row.name });
    });
    afterAll(async () => {
      await context?.close();
    });
    suite(() => {
      if (!context) throw new Error('test app not started');
      return context;
    });
  });
}

/** `request`'s answer, sent while `statement` (with `values`) is made and not yet committed. */
export async function whileUncommitted<T>(
  context: RaceContext,
  statement: string,
  values: readonly unknown[],
  request: () => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl(context.databaseName) });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(statement, [...values]);
    const answer = request();
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
         where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if (rows[0]!.n > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await client.query('commit');
    return await answer;
  } finally {
    await client.end();
  }
}

/** The statement and values that add a staff record with this email (and Employee ID). */
export function employeeInsert(email: string, employeeCode: string | null = null) {
  return [
    `insert into employees (first_name, last_name, email, employee_code, position, department,
       join_date, salary_cents, created_at, updated_at)
     values ('Someone', 'Elsewhere', $1, $2, 'Lecturer', 'CIT', '2024-01-15', 0,
       '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`,
    [email, employeeCode],
  ] as const;
}
