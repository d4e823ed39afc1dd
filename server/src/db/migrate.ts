/* eslint-disable @typescript-eslint/no-explicit-any -- migrations work on any schema */
import { Migrator, type Kysely, type MigrationResultSet } from 'kysely';
import { migrations } from './migrations/index';
import { carryOverOldChain } from './migrations/old-chain';

/** The migrator, after a database of the old chain has been carried to the baseline. */
async function migrator(db: Kysely<any>) {
  await carryOverOldChain(db);
  return new Migrator({ db, provider: { getMigrations: async () => migrations } });
}

function unwrap(result: MigrationResultSet): string[] {
  if (result.error) throw result.error;
  return (result.results ?? []).map((step) => step.migrationName);
}

/** Brings the schema to the latest migration; answers the names of those it ran. */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  return unwrap(await (await migrator(db)).migrateToLatest());
}

/** Undoes one migration (tests and operators only). */
export async function migrateDown(db: Kysely<any>): Promise<string[]> {
  return unwrap(await (await migrator(db)).migrateDown());
}

/** Runs migrations up or down until `name` is the last one run (the bench's comparisons). */
export async function migrateTo(db: Kysely<any>, name: string): Promise<string[]> {
  return unwrap(await (await migrator(db)).migrateTo(name));
}
