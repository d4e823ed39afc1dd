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

declare module 'vitest' {
  export interface ProvidedContext {
    /** Name of a migrated PostgreSQL database to copy per test file, or null when PostgreSQL is missing. */
    postgresTemplate: string | null;
  }
}

/**
 * Checks PostgreSQL once for the whole API suite and prepares a migrated template database, so
 * each test file gets its own copy in a fraction of a second. Under CI a missing PostgreSQL fails
 * the run; elsewhere the PostgreSQL half is skipped and says so.
 */
export default async function setup(project: TestProject) {
  if (!(await postgresIsRunning())) {
    if (process.env.CI === 'true') throw new Error(`CI=true and ${POSTGRES_MISSING_HELP}`);
    console.warn(`\n*** SKIPPING the PostgreSQL half of the API suite. ${POSTGRES_MISSING_HELP}\n`);
    project.provide('postgresTemplate', null);
    return;
  }

  const template = `spms_template_${process.pid}`;
  await withAdminClient((client) => client.query(`CREATE DATABASE ${template}`));
  const database = openDatabase({ databaseUrl: databaseUrl(template), poolSize: 1 });
  await migrateToLatest(database.db);
  await database.close();
  project.provide('postgresTemplate', template);

  return async () => {
    await dropDatabase(template);
  };
}
