import { spawn } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  copyFileSync,
  existsSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';

/**
 * Consistent copies of the database while the server runs, and putting one back (PRODUCT.md
 * section 1, "Operations"). SQLite: the online backup API of better-sqlite3 into one
 * self-contained file; PostgreSQL: pg_dump's custom format, restored with pg_restore. Copies
 * hold every salary and password hash: they are written owner-only (0600) in an owner-only
 * folder.
 */

export class BackupError extends Error {}

/** "2026-01-31T09-15-02-123Z": sortable, and safe in file names everywhere. */
export function timestamp(date = new Date()): string {
  return date.toISOString().replace(/[:.]/g, '-');
}

export function sqliteFileIn(dataDir: string): string {
  return path.join(dataDir, 'spms.sqlite');
}

export function defaultBackupPath(dataDir: string, engine: 'sqlite' | 'postgres'): string {
  return path.join(
    dataDir,
    'backups',
    `spms-${timestamp()}.${engine === 'sqlite' ? 'sqlite' : 'dump'}`,
  );
}

function prepareDestination(file: string): string {
  const folder = path.dirname(path.resolve(file));
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  if (existsSync(file)) throw new BackupError(`${file} already exists: choose another name`);
  // Written beside the destination and renamed when complete, so a file under the final name is
  // always a whole copy.
  return `${file}.partial-${process.pid}`;
}

function fsyncPath(target: string) {
  const fd = openSync(target, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function finish(partial: string, file: string) {
  chmodSync(partial, 0o600);
  fsyncPath(partial);
  renameSync(partial, file);
  fsyncPath(path.dirname(path.resolve(file)));
}

// ---- SQLite ------------------------------------------------------------------------------------

/** SQLite's own checks; empty when the file is whole. */
export function sqliteProblems(file: string): string[] {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const rows = db.pragma('integrity_check') as { integrity_check: string }[];
    const problems = rows.map((row) => row.integrity_check).filter((text) => text !== 'ok');
    const foreignKeys = db.pragma('foreign_key_check') as unknown[];
    if (foreignKeys.length > 0) problems.push(`${foreignKeys.length} foreign key violation(s)`);
    const tables = new Set(
      (
        db.prepare("select name from sqlite_master where type = 'table'").all() as {
          name: string;
        }[]
      ).map((row) => row.name),
    );
    for (const table of ['kysely_migration', 'users', 'employees']) {
      if (!tables.has(table)) problems.push(`no ${table} table: not an SPMS database`);
    }
    return problems;
  } finally {
    db.close();
  }
}

/**
 * Copies a live SQLite database with the online backup API: it reads one consistent snapshot
 * (the server keeps writing meanwhile; in WAL mode readers and the writer do not block each
 * other). The copy is switched to a rollback journal so it is one self-contained file, then
 * checked before it gets its name.
 */
export async function backupSqlite(source: string, file: string): Promise<void> {
  if (!existsSync(source)) throw new BackupError(`There is no database at ${source}`);
  const partial = prepareDestination(file);
  const db = new SQLite(source, { fileMustExist: true, timeout: 5000 });
  try {
    // After the first step, copy the rest in one step: a step holds one read transaction, so the
    // copy cannot restart because the server wrote between two steps.
    await db.backup(partial, { progress: ({ remainingPages }) => Math.max(remainingPages, 100) });
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    db.close();
  }
  const copy = new SQLite(partial, { fileMustExist: true });
  copy.pragma('journal_mode = DELETE');
  copy.close();
  const problems = sqliteProblems(partial);
  if (problems.length > 0) {
    rmSync(partial, { force: true });
    throw new BackupError(`The copy failed its integrity check: ${problems.join('; ')}`);
  }
  finish(partial, file);
}

/**
 * Whether another connection has the database open: in WAL mode every open connection holds a
 * shared lock that an exclusive-mode transaction cannot get past, even while it is idle.
 */
function sqliteInUse(file: string): boolean {
  const db = new SQLite(file, { fileMustExist: true, timeout: 0 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
    db.exec('COMMIT');
    // Fold the write-ahead log into the file, so the file alone is the whole database.
    db.pragma('wal_checkpoint(TRUNCATE)');
    return false;
  } catch (error) {
    if ((error as { code?: string }).code?.startsWith('SQLITE_BUSY')) return true;
    throw error;
  } finally {
    db.close();
  }
}

/**
 * Puts a backup in place of the SQLite database, refusing while the server (or anything else)
 * has the database open. The copy is checked, written beside the database and renamed over it,
 * which replaces the file atomically; the database it replaces is kept under backups/.
 */
export function restoreSqlite(
  backup: string,
  target: string,
  keepFolder: string,
): { previous: string | null } {
  if (!existsSync(backup)) throw new BackupError(`There is no backup at ${backup}`);
  const problems = sqliteProblems(backup);
  if (problems.length > 0) {
    throw new BackupError(`${backup} is not a whole SPMS database: ${problems.join('; ')}`);
  }
  mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
  if (existsSync(target) && sqliteInUse(target)) {
    throw new BackupError(
      `The database ${target} is in use: stop the server (every instance) and run the restore again.`,
    );
  }
  const incoming = `${target}.restoring-${process.pid}`;
  copyFileSync(backup, incoming);
  fsyncPath(incoming);

  let previous: string | null = null;
  if (existsSync(target)) {
    mkdirSync(keepFolder, { recursive: true, mode: 0o700 });
    previous = path.join(keepFolder, `spms-before-restore-${timestamp()}.sqlite`);
    try {
      linkSync(target, previous);
    } catch {
      copyFileSync(target, previous);
    }
    chmodSync(previous, 0o600);
  }
  renameSync(incoming, target);
  // The old database's write-ahead log and index must not be replayed onto the new file.
  rmSync(`${target}-wal`, { force: true });
  rmSync(`${target}-shm`, { force: true });
  fsyncPath(path.dirname(path.resolve(target)));
  return { previous };
}

// ---- PostgreSQL --------------------------------------------------------------------------------

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
 * restore makes every instance's response cache start again (plugins/response-cache.ts).
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
