import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database, type Engine } from '../server/src/db/database';
import { migrateTo, migrateToLatest } from '../server/src/db/migrate';

/**
 * Fresh, migrated databases for benchmarks: a new SQLite file in a temporary folder, or a new
 * PostgreSQL database on the server of `BENCH_DATABASE_URL` (default: the test server).
 */

export const BENCH_DATABASE_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://spms:spms@127.0.0.1:5432/spms_test';

export interface BenchDatabase {
  engine: Engine;
  database: Database;
  /** Environment that makes the real server open this same database. */
  env: Record<string, string>;
  drop(): Promise<void>;
}

function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function onMaintenanceDatabase(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: BENCH_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function createBenchDatabase(engine: Engine, label = 'bench'): Promise<BenchDatabase> {
  if (engine === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), `spms-${label}-`));
    const database = openDatabase({ sqliteFile: path.join(dir, 'spms.sqlite') });
    await migrateToLatest(database.db);
    return {
      engine,
      database,
      env: { DATA_DIR: dir },
      async drop() {
        await database.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `spms_${label}_${process.pid}`;
  await onMaintenanceDatabase(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await onMaintenanceDatabase(`CREATE DATABASE ${name}`);
  const url = withDatabaseName(BENCH_DATABASE_URL, name);
  const database = openDatabase({ databaseUrl: url });
  await migrateToLatest(database.db);
  return {
    engine,
    database,
    env: { DATABASE_URL: url },
    async drop() {
      await database.close();
      await onMaintenanceDatabase(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * A copy of a loaded bench database (closed first), for a comparison in which each build has a
 * database of its own: `schema` names the last migration the copy keeps, run down to it, for a
 * build from before later migrations (a build refuses a database with a migration it does not
 * know). PostgreSQL copies the database as a template (seconds at full scale); SQLite copies
 * the file.
 */
export async function copyBenchDatabase(
  source: BenchDatabase,
  label: string,
  schema: string | null = null,
): Promise<Pick<BenchDatabase, 'env' | 'drop'>> {
  await source.database.close();
  const copy = await copyClosed(source, label);
  if (schema) {
    const database = openDatabase(
      copy.env.DATA_DIR
        ? { sqliteFile: path.join(copy.env.DATA_DIR, 'spms.sqlite') }
        : { databaseUrl: copy.env.DATABASE_URL! },
    );
    try {
      await migrateTo(database.db, schema);
    } finally {
      await database.close();
    }
  }
  return copy;
}

async function copyClosed(
  source: BenchDatabase,
  label: string,
): Promise<Pick<BenchDatabase, 'env' | 'drop'>> {
  if (source.engine === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), `spms-${label}-`));
    copyFileSync(path.join(source.env.DATA_DIR!, 'spms.sqlite'), path.join(dir, 'spms.sqlite'));
    return {
      env: { DATA_DIR: dir },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const from = new URL(source.env.DATABASE_URL!).pathname.slice(1);
  const name = `${from}_${label}`;
  await onMaintenanceDatabase(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await onMaintenanceDatabase(`CREATE DATABASE ${name} TEMPLATE ${from}`);
  return {
    env: { DATABASE_URL: withDatabaseName(BENCH_DATABASE_URL, name) },
    drop: () => onMaintenanceDatabase(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
