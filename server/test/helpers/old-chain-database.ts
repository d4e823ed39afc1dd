import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { openDatabase, type Engine } from '../../src/db/database';
import { databaseUrl, dropDatabase, withAdminClient } from './postgres';
import type { TestDatabase } from './test-database';

const FIXTURES = fileURLToPath(new URL('../fixtures', import.meta.url));

/** The old migration chain's final schema and rows on `engine`, as checked in (SQL text). */
export function oldChainFixture(engine: Engine): string {
  return readFileSync(path.join(FIXTURES, `old-chain.${engine}.sql`), 'utf8');
}

/**
 * A new database holding what the old chain (0001_initial .. 0035_recent_joiners_index) left on
 * a fresh one, built from the fixture since that chain's code is gone: its schema, its rows and
 * its 35 kysely_migration rows. The fixture runs on a connection of its own (the PostgreSQL dump
 * sets its session's search_path), then the database opens as the application opens it.
 */
export async function createOldChainDatabase(engine: Engine): Promise<TestDatabase> {
  const fixture = oldChainFixture(engine);
  if (engine === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'spms-old-chain-'));
    const file = path.join(dir, 'test.sqlite');
    const raw = new SQLite(file);
    try {
      raw.exec(fixture);
    } finally {
      raw.close();
    }
    const database = openDatabase({ sqliteFile: file });
    return {
      database,
      async drop() {
        await database.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `spms_old_${randomBytes(6).toString('hex')}`;
  await withAdminClient((client) => client.query(`CREATE DATABASE ${name}`));
  const client = new pg.Client({ connectionString: databaseUrl(name) });
  await client.connect();
  try {
    await client.query(fixture);
  } finally {
    await client.end();
  }
  const database = openDatabase({ databaseUrl: databaseUrl(name), poolSize: 5 });
  return {
    database,
    async drop() {
      await database.close();
      await dropDatabase(name);
    },
  };
}
