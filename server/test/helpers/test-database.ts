import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, inject } from 'vitest';
import { openDatabase, type Database, type Engine } from '../../src/db/database';
import { databaseUrl, dropDatabase, withAdminClient } from './postgres';

export const ENGINES: readonly Engine[] = ['sqlite', 'postgres'];

export interface TestDatabase {
  database: Database;
  /** Closes the connections and removes the database. */
  drop(): Promise<void>;
}

export function postgresAvailable(): boolean {
  return inject('postgresTemplate') !== null;
}

/** `describe` for a suite on `engine`, skipped when that engine is PostgreSQL and it is absent. */
export function describeOn(engine: Engine) {
  return describe.skipIf(engine === 'postgres' && !postgresAvailable());
}

/**
 * A fresh database of its own for one test file: a temporary SQLite file or a PostgreSQL
 * database, each copied from the template the global setup migrated. `migrated: false` gives an
 * empty one.
 */
export async function createTestDatabase(
  engine: Engine,
  { migrated = true } = {},
): Promise<TestDatabase> {
  if (engine === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'spms-test-'));
    const file = path.join(dir, 'test.sqlite');
    if (migrated) copyFileSync(inject('sqliteTemplate'), file);
    const database = openDatabase({ sqliteFile: file });
    return {
      database,
      async drop() {
        await database.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }

  const template = inject('postgresTemplate');
  if (!template) throw new Error('PostgreSQL is not available for this run');
  const name = `spms_t_${randomBytes(6).toString('hex')}`;
  await withAdminClient((client) =>
    client.query(
      migrated ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`,
    ),
  );
  const database = openDatabase({ databaseUrl: databaseUrl(name), poolSize: 5 });
  return {
    database,
    async drop() {
      await database.close();
      await dropDatabase(name);
    },
  };
}
