import pg from 'pg';

/** Where the API suite finds PostgreSQL; `.ci/run` creates exactly this role and database. */
export const TEST_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://spms:spms@127.0.0.1:5432/spms_test';

export function databaseUrl(name: string): string {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs statements on the maintenance database (CREATE/DROP DATABASE cannot run in a pool). */
export async function withAdminClient<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({
    connectionString: TEST_DATABASE_URL,
    connectionTimeoutMillis: 3000,
  });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * Drops a test database. FORCE ends our own leftover connections; a background worker of the
 * server (autovacuum) may still be attached for a moment and cannot be ended by a non-superuser,
 * so the drop is retried briefly instead of failing the test that cleaned up.
 */
export async function dropDatabase(name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await withAdminClient((client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      );
      return;
    } catch (error) {
      const code = (error as { code?: string }).code;
      const busy = code === '42501' || code === '55006';
      if (!busy || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

export async function postgresIsRunning(): Promise<boolean> {
  try {
    await withAdminClient((client) => client.query('select 1'));
    return true;
  } catch {
    return false;
  }
}

export const POSTGRES_MISSING_HELP = `PostgreSQL is not reachable at ${TEST_DATABASE_URL.replace(/:[^:@/]*@/, ':***@')}.
Start it and create the test role and database, for example on Debian:
  pg_ctlcluster 15 main start
  su postgres -c "psql -c \\"CREATE ROLE spms LOGIN PASSWORD 'spms' CREATEDB\\""
  su postgres -c "psql -c 'CREATE DATABASE spms_test OWNER spms'"
or point TEST_DATABASE_URL at another server.`;
