import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, inject } from 'vitest';
import { openDatabase, type Database, type Engine } from '../../src/db/database';
import { databaseUrl, dropDatabase, withAdminClient } from '../../test/helpers/postgres';

/** Where a server under test keeps its data: a fresh folder, and for PostgreSQL a fresh database. */
export interface TestStore {
  engine: Engine;
  dataDir: string;
  /** The postgres:// address, or undefined for the SQLite file in dataDir. */
  databaseUrl: string | undefined;
  sqliteFile: string;
  /** A connection of the test's own, to look at what the server stored. */
  open(): Database;
  remove(): Promise<void>;
}

export async function createStore(engine: Engine): Promise<TestStore> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `spms-reliability-${engine}-`));
  const sqliteFile = path.join(dataDir, 'spms.sqlite');
  let url: string | undefined;
  let name: string | undefined;
  if (engine === 'postgres') {
    name = `spms_rel_${randomBytes(5).toString('hex')}`;
    await withAdminClient((client) => client.query(`CREATE DATABASE ${name}`));
    url = databaseUrl(name);
  }
  return {
    engine,
    dataDir,
    databaseUrl: url,
    sqliteFile,
    open: () => openDatabase({ databaseUrl: url, sqliteFile, poolSize: 2 }),
    async remove() {
      rmSync(dataDir, { recursive: true, force: true });
      // Retried while autovacuum, busy after the writes, is still attached to it.
      if (name) await dropDatabase(name);
    },
  };
}

/** `describe` once per engine; the PostgreSQL one is skipped (with a note) when it is missing. */
export function describeEachEngine(title: string, suite: (engine: Engine) => void) {
  for (const engine of ['sqlite', 'postgres'] as const) {
    const run = engine === 'postgres' && !inject('reliabilityPostgres') ? describe.skip : describe;
    run(`${title} [${engine}]`, () => suite(engine));
  }
}
