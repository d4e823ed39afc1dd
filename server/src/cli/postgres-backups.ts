import { spawn } from 'node:child_process';
import { existsSync, rmSync, statSync } from 'node:fs';
import pg from 'pg';
import { BackupError, finish, prepareDestination } from './backups';

/**
 * PostgreSQL copies and restores with the client tools of the server's major version: pg_dump's
 * custom format, pg_restore in one transaction.
 */

/** libpq's view of a postgres:// address: the password goes through the environment, not argv. */
function libpq(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    dbname: parsed.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

function runTool(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    let errors = '';
    const child = spawn(tool, args, { env, stdio: ['ignore', 'inherit', 'pipe'] });
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${tool} was not found: install the PostgreSQL client tools of your server's major version (Debian: apt-get install postgresql-client-15).`,
            )
          : error,
      ),
    );
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new BackupError(`${tool} failed (exit ${code}): ${errors.trim()}`)),
    );
  });
}

/** pg_dump in its custom format: one consistent snapshot, taken without blocking the server. */
export async function backupPostgres(url: string, file: string): Promise<void> {
  const partial = prepareDestination(file);
  const { dbname, env } = libpq(url);
  try {
    await runTool(
      'pg_dump',
      ['--format=custom', '--no-password', `--file=${partial}`, `--dbname=${dbname}`],
      env,
    );
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  if (statSync(partial).size === 0) throw new BackupError('pg_dump wrote an empty file');
  finish(partial, file);
}

/** Other sessions on the database (the servers, a psql): a restore would fight them for locks. */
export async function otherPostgresSessions(url: string): Promise<number> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid()`,
    );
    return rows[0]!.n;
  });
}

/**
 * pg_restore into the configured database: everything the backup holds is dropped and created
 * again from it, in one transaction (a failure leaves the database as it was).
 */
export async function restorePostgres(url: string, backup: string, force: boolean): Promise<void> {
  if (!existsSync(backup)) throw new BackupError(`There is no backup at ${backup}`);
  const sessions = await otherPostgresSessions(url);
  if (sessions > 0 && !force) {
    throw new BackupError(
      `${sessions} other connection(s) are using the database: stop the server (every instance) and run the restore again, or add --force.`,
    );
  }
  const versionBefore = await readDataVersion(url);
  const { dbname, env } = libpq(url);
  await runTool(
    'pg_restore',
    [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      '--exit-on-error',
      '--no-password',
      `--dbname=${dbname}`,
      backup,
    ],
    env,
  );
  await moveDataVersionPast(url, versionBefore);
}

/** The response cache's data version (migration 0007), or null before that migration. */
async function readDataVersion(url: string): Promise<number | null> {
  return withClient(url, async (client) => {
    const { rows } = await client
      .query<{ value: string }>(
        `select value::text as value from list_totals where name = 'data_version'`,
      )
      .catch(() => ({ rows: [] as { value: string }[] }));
    return rows[0] ? Number(rows[0].value) : null;
  });
}

/**
 * The restored data carries the version it had when backed up, which servers still running
 * (a --force restore) may have seen with other data. Moving it past the version before the
 * restore makes every entity tag given before it stale (plugins/etag.ts).
 */
async function moveDataVersionPast(url: string, before: number | null): Promise<void> {
  if (before === null) return;
  await withClient(url, (client) =>
    client.query(
      `update list_totals set value = greatest(value, $1::bigint) + 1 where name = 'data_version'`,
      [before],
    ),
  );
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}
