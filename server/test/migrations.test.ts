import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { migrateDown, migrateTo, migrateToLatest } from '../src/db/migrate';
import { migrations } from '../src/db/migrations/index';
import { ENGINES, createTestDatabase, describeOn } from './helpers/test-database';

async function tableNames(
  db: Parameters<typeof migrateToLatest>[0],
  engine: string,
): Promise<string[]> {
  const query =
    engine === 'postgres'
      ? sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = 'public' and table_name not like 'kysely_%'`
      : sql<{
          name: string;
        }>`select name from sqlite_master where type = 'table' and name not like 'kysely_%' and name not like 'sqlite_%'`;
  return (await query.execute(db)).rows.map((row) => row.name).sort();
}

for (const engine of ENGINES) {
  const run = describeOn(engine);
  run(`migrations [${engine}]`, () => {
    it('run every migration up, down to nothing, and up again', async () => {
      const { database, drop } = await createTestDatabase(engine, { migrated: false });
      try {
        const names = Object.keys(migrations);
        expect(await migrateToLatest(database.db)).toEqual(names);
        expect(await tableNames(database.db, engine)).toEqual(
          expect.arrayContaining([
            'users',
            'employees',
            'metric_types',
            'performance_metrics',
            'bonuses',
            'questions',
            'audit_entries',
            'employee_scores',
          ]),
        );
        for (let i = names.length - 1; i >= 0; i--) {
          expect(await migrateDown(database.db)).toEqual([names[i]]);
        }
        expect(await tableNames(database.db, engine)).toEqual([]);
        expect(await migrateToLatest(database.db)).toEqual(names);
        // What bench:compare does to a kept build's copy of the database: down to a named one.
        expect(await migrateTo(database.db, names.at(-3)!)).toEqual(names.slice(-2).reverse());
        expect(await migrateToLatest(database.db)).toEqual(names.slice(-2));
      } finally {
        await drop();
      }
    });
  });
}
