import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import type { Engine } from '../server/src/db/database';
import { createBenchAccounts, type BenchAccounts } from './accounts';
import { benchScale } from './bench-data';
import { BENCH_DATABASE_URL, createBenchDatabase } from './databases';
import { generateScaleData } from './generate';
import { projectRoot } from './server';

/**
 * The loaded `--small` database the write experiments (write-costs.ts, write-variants.ts) copy
 * for each variant: built once and kept (an SQLite file in build/bench/write-base/, the
 * PostgreSQL database `spms_write_base` used as a template), with the bench's accounts. Delete
 * the folder, or drop the database, to build it again (after a schema change).
 */

const dir = path.join(projectRoot, 'build/bench/write-base');
export const WRITE_BASE_DATABASE = 'spms_write_base';

export interface WriteBase {
  /** SQLite: the file to copy. */
  sqliteFile: string;
  accounts: BenchAccounts;
}

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export async function onServer<T>(statement: string, url = BENCH_DATABASE_URL): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(statement)).rows as T[];
  } finally {
    await client.end();
  }
}

export async function writeBase(engine: Engine): Promise<WriteBase> {
  const sqliteFile = path.join(dir, 'spms.sqlite');
  const accountsFile = path.join(dir, `${engine}.accounts.json`);
  const exists =
    engine === 'sqlite'
      ? existsSync(sqliteFile)
      : (await onServer(`select 1 from pg_database where datname = '${WRITE_BASE_DATABASE}'`))
          .length > 0;
  if (exists && existsSync(accountsFile)) {
    return {
      sqliteFile,
      accounts: JSON.parse(readFileSync(accountsFile, 'utf8')) as BenchAccounts,
    };
  }
  console.log(`${engine}: loading the --small bench database once...`);
  const bench = await createBenchDatabase(engine, 'write_base');
  await generateScaleData(bench.database.db, benchScale(true));
  const accounts = await createBenchAccounts(bench.database.db);
  if (engine === 'postgres') await sql`analyze`.execute(bench.database.db);
  await bench.database.close();
  mkdirSync(dir, { recursive: true });
  if (engine === 'sqlite') {
    copyFileSync(path.join(bench.env.DATA_DIR!, 'spms.sqlite'), sqliteFile);
    await bench.drop();
  } else {
    const loaded = new URL(bench.env.DATABASE_URL!).pathname.slice(1);
    await onServer(`DROP DATABASE IF EXISTS ${WRITE_BASE_DATABASE} WITH (FORCE)`);
    await onServer(`ALTER DATABASE ${loaded} RENAME TO ${WRITE_BASE_DATABASE}`);
  }
  writeFileSync(accountsFile, JSON.stringify(accounts));
  return { sqliteFile, accounts };
}
