import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { PreparingClient, withStatementCache } from './prepared-statements';
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
}

// pg hands back int8 (COUNT, SUM) and numeric as strings, and `date` as a local-time Date.
// Numbers here stay well inside 2^53, and dates must stay calendar dates.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number.parseFloat(value));
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

export function openDatabase(options: DatabaseOptions): Database {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  if (!options.sqliteFile) throw new Error('openDatabase needs a databaseUrl or an sqliteFile');
  return openSqlite(options.sqliteFile);
}

function openSqlite(file: string): Database {
  mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  // NORMAL under WAL survives a killed process; only an OS crash can lose the last commits.
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
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

function openPostgres(url: string, poolSize: number): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, Client: PreparingClient });
  // An idle connection dropped by the server must not crash the process.
  pool.on('error', () => undefined);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    engine: 'postgres',
    location: url.replace(/:\/\/([^:@/]+):[^@/]*@/, '://$1:***@'),
    close: () => db.destroy(),
  };
}
