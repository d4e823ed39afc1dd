import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import {
  POSTGRES_MISSING_HELP,
  databaseUrl,
  dropDatabase,
  postgresIsRunning,
  withAdminClient,
} from './helpers/postgres';
import { bundleImportWorker } from './helpers/import-worker-bundle';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Name of a migrated PostgreSQL database to copy per test file, or null when PostgreSQL is missing. */
    postgresTemplate: string | null;
    /** Path of a migrated SQLite file to copy per test app. */
    sqliteTemplate: string;
    /** The CSV imports' worker, bundled once for the run (config.ts's IMPORT_WORKER_FILE). */
    importWorkerFile: string;
  }
}

/**
 * Migrates one SQLite file for the whole run, which each test app copies: a copy costs a file's
 * bytes, the migrations cost every statement of every migration. Closing the connection folds
 * the write-ahead log into the file, so the file alone is the whole database.
 */
async function prepareSqliteTemplate(): Promise<{ file: string; remove(): void }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'spms-template-'));
  const file = path.join(dir, 'template.sqlite');
  const database = openDatabase({ sqliteFile: file });
  await migrateToLatest(database.db);
  await database.close();
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Checks PostgreSQL once for the whole API suite and prepares a migrated template database of
 * each engine, so each test file gets its own copy in a fraction of a second. Under CI a missing
 * PostgreSQL fails the run; elsewhere the PostgreSQL half is skipped and says so.
 */
export default async function setup(project: TestProject) {
  const [sqlite, worker] = await Promise.all([prepareSqliteTemplate(), bundleImportWorker()]);
  project.provide('sqliteTemplate', sqlite.file);
  project.provide('importWorkerFile', worker.file);
  const removeFiles = () => {
    sqlite.remove();
    worker.remove();
  };

  if (!(await postgresIsRunning())) {
    if (process.env.CI === 'true') {
      removeFiles();
      throw new Error(`CI=true and ${POSTGRES_MISSING_HELP}`);
    }
    console.warn(`\n*** SKIPPING the PostgreSQL half of the API suite. ${POSTGRES_MISSING_HELP}\n`);
    project.provide('postgresTemplate', null);
    return removeFiles;
  }

  const template = `spms_template_${process.pid}`;
  await withAdminClient((client) => client.query(`CREATE DATABASE ${template}`));
  const database = openDatabase({ databaseUrl: databaseUrl(template), poolSize: 1 });
  await migrateToLatest(database.db);
  await database.close();
  project.provide('postgresTemplate', template);

  return async () => {
    removeFiles();
    await dropDatabase(template);
  };
}
