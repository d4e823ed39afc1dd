import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database, type Engine } from '../server/src/db/database';
import { migrateToLatest } from '../server/src/db/migrate';

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
