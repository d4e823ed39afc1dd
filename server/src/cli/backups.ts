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
} from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';

/**
 * Consistent copies of the database while the server runs, and putting one back (PRODUCT.md
 * section 1, "Operations"). SQLite: the online backup API of better-sqlite3 into one
 * self-contained file; PostgreSQL: pg_dump's custom format, restored with pg_restore
 * (postgres-backups.ts). Copies
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

export function prepareDestination(file: string): string {
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

export function finish(partial: string, file: string) {
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
