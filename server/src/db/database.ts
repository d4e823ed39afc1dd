import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { openPostgresPool } from './postgres-pool';
import { withStatementCache } from './prepared-statements';
import type { DB } from './schema';

export type Engine = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  engine: Engine;
  /** Where the data lives, for logs: a file path or the PostgreSQL address without password. */
  location: string;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A postgres:// address; when absent an SQLite file is used. */
  databaseUrl?: string | undefined;
  /** SQLite file path (ignored for PostgreSQL). */
  sqliteFile?: string;
  /** PostgreSQL pool size. */
  poolSize?: number;
  /** PostgreSQL: how long a statement may wait for a lock (default LOCK_TIMEOUT_MS). */
  lockTimeoutMs?: number;
  /** SQLite: how long a write waits for the write lock (default SQLITE_BUSY_TIMEOUT_MS). */
  busyTimeoutMs?: number;
}

/**
 * The options each database was opened with, by its Kysely instance: a CSV import's worker
 * thread opens a connection of its own to the same database (modules/csv/import-thread.ts).
 */
const openedWith = new WeakMap<Kysely<DB>, DatabaseOptions>();

export function databaseOptionsOf(db: Kysely<DB>): DatabaseOptions | undefined {
  return openedWith.get(db);
}

/**
 * How long a PostgreSQL statement waits for a lock another transaction holds before it fails
 * (55P03, answered 503 by plugins/errors.ts): far above the waits of writes queued on one row,
 * far below a request anyone waits for. Without it a statement waits as long as the lock is held.
 */
export const LOCK_TIMEOUT_MS = 3000;

/**
 * How long a write waits for SQLite's write lock while another process holds it (SQLITE_BUSY,
 * answered 503). better-sqlite3 waits on the event loop's own thread, so every other request
 * waits as long: kept under the 100 ms no request may hold the loop. The server's one connection
 * never waits on itself; only another process (a shell, `npm run migrate` of a running server)
 * holds the lock.
 */
export const SQLITE_BUSY_TIMEOUT_MS = 50;

// pg hands back int8 (COUNT, SUM) and numeric as strings, and `date` as a local-time Date.
// Numbers here stay well inside 2^53, and dates must stay calendar dates.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number.parseFloat(value));
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

/** pg's own timestamptz parser (to a Date), for text the fast path below does not read. */
const parseTimestamptz = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ) as (
  text: string,
) => Date | number | string;
/** `2026-11-21 19:01:43.65+00`: PostgreSQL's text for a timestamptz in a UTC session. */
const UTC_TIMESTAMP = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00$/;

/**
 * timestamptz as the ISO string the application wrote (`2026-11-21T19:01:43.650Z`), as SQLite
 * hands it back, instead of a Date: pg parsing a Date per value was most of the CPU of reading
 * a page. Sessions run in UTC (openPostgres sets it), so this only rearranges the text
 * (milliseconds kept, finer digits dropped as a Date would); any other form goes through pg's
 * parser and a Date.
 */
export function timestampToIso(text: string): string {
  const utc = UTC_TIMESTAMP.exec(text);
  if (utc) return `${utc[1]}T${utc[2]}.${(utc[3] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
  const parsed = parseTimestamptz(text);
  return parsed instanceof Date && !Number.isNaN(parsed.getTime()) ? parsed.toISOString() : text;
}
pg.types.setTypeParser(pg.types.builtins.TIMESTAMPTZ, timestampToIso);

export function openDatabase(options: DatabaseOptions): Database {
  let database: Database;
  if (options.databaseUrl) {
    database = openPostgres(options.databaseUrl, options.poolSize ?? 10, options.lockTimeoutMs);
  } else {
    if (!options.sqliteFile) throw new Error('openDatabase needs a databaseUrl or an sqliteFile');
    database = openSqlite(options.sqliteFile, options.busyTimeoutMs ?? SQLITE_BUSY_TIMEOUT_MS);
  }
  openedWith.set(database.db, { ...options });
  return database;
}

/** The most SQLite's page cache holds, in KiB: 256 MiB, most of a full-scale database. */
const SQLITE_CACHE_KIB = 256 * 1024;

function openSqlite(file: string, busyTimeoutMs: number): Database {
  mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  // NORMAL under WAL survives a killed process; only an OS crash can lose the last commits.
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${busyTimeoutMs}`);
  // The server's one connection keeps up to 256 MiB of the file's pages (SQLite's default is 2
  // MiB, filled as pages are read, never reserved up front). With 2 MiB a page of 50 rows fetched
  // most of its table and index pages again from the OS, one pread each, on every request. A
  // write from another connection empties it (WAL); the server's own writes keep it.
  sqlite.pragma(`cache_size = -${SQLITE_CACHE_KIB}`);
  const db = new Kysely<DB>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
  });
  return {
    db,
    engine: 'sqlite',
    location: path.resolve(file),
    close: () => db.destroy(),
  };
}

function openPostgres(url: string, poolSize: number, lockTimeoutMs = LOCK_TIMEOUT_MS): Database {
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool: openPostgresPool(url, poolSize, { lockTimeoutMs }) }),
  });
  return {
    db,
    engine: 'postgres',
    location: url.replace(/:\/\/([^:@/]+):[^@/]*@/, '://$1:***@'),
    close: () => db.destroy(),
  };
}
