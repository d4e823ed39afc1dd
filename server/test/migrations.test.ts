import { sql, type Kysely } from 'kysely';
import { expect, it } from 'vitest';
import type { Engine } from '../src/db/database';
import { checkDerived, describeDisagreements } from '../src/db/derived';
import { migrateDown, migrateTo, migrateToLatest } from '../src/db/migrate';
import { migrations } from '../src/db/migrations/index';
import { BASELINE, OLD_CHAIN } from '../src/db/migrations/old-chain';
import type { DB } from '../src/db/schema';
import { nowIso } from '../src/lib/clock';
import { insertEmployee, insertUser } from './helpers/factories';
import { createOldChainDatabase } from './helpers/old-chain-database';
import { insertBonus, insertMetricType, insertMetricValue } from './helpers/performance-factories';
import { schemaDdl, schemaShape } from './helpers/schema-shape';
import { tableSnapshot, type TableSnapshot } from './helpers/table-snapshot';
import { ENGINES, createTestDatabase, describeOn } from './helpers/test-database';

/** The tables holding the data itself; every other table is computed from them. */
const DATA_TABLES = [
  'users',
  'employees',
  'metric_types',
  'performance_metrics',
  'bonuses',
  'questions',
  'audit_entries',
  'sign_in_throttle',
] as const;

async function tableNames(db: Kysely<DB>, engine: Engine): Promise<string[]> {
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

async function recordedMigrations(db: Kysely<DB>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  return rows.map((row) => row.name).sort();
}

/** The kept totals 0002_sharded_totals keys by a shard too (PostgreSQL). */
const SHARDED_IN_0002 = [
  'list_totals',
  'insight_totals',
  'monthly_metric_totals',
  'department_totals',
  'score_histogram',
];

/** The tables 0004_drop_value_buckets drops: what an upgrade does not keep. */
const DROPPED_IN_0004 = ['metric_value_hours', 'metric_value_days'];
/**
 * What 0005_trigram_search changes: the search tables it drops, or empties and refills under
 * their rows' ids (the registry's check recomputes what stays, below), and on PostgreSQL the
 * stored lowered texts it adds to data tables (their rows compared without them).
 */
const SEARCH_TABLE_IN_0005 =
  /^(employees_search|users_search|questions_search|pending_questions_search|audit_entries_text|audit_entries_search|search_text_offsets|search_renumbers)(_|$)/;
const STORED_IN_0005 = {
  users: ['search_name', 'search_email'],
  questions: ['search_question'],
  audit_entries: ['search_name', 'search_description'],
};

/** Every table's rows but the record of migrations run. */
async function storedRows(
  db: Kysely<DB>,
  omit: Parameters<typeof tableSnapshot>[1] = {},
): Promise<TableSnapshot> {
  const { kysely_migration: _runs, ...rest } = await tableSnapshot(db, omit);
  return rest;
}

/** At least one row in every data table, written the way the application writes them. */
async function fillDataTables(db: Kysely<DB>) {
  const now = nowIso();
  const employeeId = await insertEmployee(db);
  const manager = await insertUser(db, { password_hash: 'not-a-real-hash' });
  await insertUser(db, { user_type: 'employee', employee_id: employeeId, password_hash: 'x' });
  const typeA = await insertMetricType(db);
  const typeB = await insertMetricType(db);
  for (const [metricTypeId, value] of [
    [typeA, 50],
    [typeA, 70.5],
    [typeB, 1],
  ] as const) {
    await insertMetricValue(db, { userId: employeeId, metricTypeId, value });
  }
  await insertBonus(db, employeeId, { awarded_by: manager.id });
  await db
    .insertInto('questions')
    .values([
      {
        employee_id: employeeId,
        question: 'Pending?',
        response: null,
        responded_at: null,
        asked_by: manager.id,
        created_at: now,
        updated_at: now,
      },
      {
        employee_id: employeeId,
        question: 'Answered?',
        response: 'Yes',
        responded_at: now,
        asked_by: null,
        created_at: now,
        updated_at: now,
      },
    ])
    .execute();
  await db
    .insertInto('audit_entries')
    .values({
      name: 'Employee created',
      description: 'Created a staff record',
      actor_user_id: manager.id,
      actor_email: manager.email,
      ip_address: '127.0.0.1',
      entity_type: 'employee',
      entity_id: employeeId,
      before_json: null,
      after_json: '{}',
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db
    .insertInto('sign_in_throttle')
    .values({ throttle_key: 'ip:127.0.0.1', failures: 2, window_started_at: 1, locked_until: 0 })
    .execute();
  return { employeeId, typeA, typeB };
}

async function typeTotals(db: Kysely<DB>) {
  const rows = await db
    .selectFrom('employee_metric_type_scores')
    .selectAll()
    .orderBy('metric_type_id')
    .execute();
  return rows.map((row) => [
    row.employee_id,
    row.metric_type_id,
    Number(row.metric_count),
    Number(row.value_sum_hundredths),
  ]);
}

for (const engine of ENGINES) {
  const run = describeOn(engine);
  run(`migrations [${engine}]`, () => {
    it('run the baseline up, down to nothing, and up again', async () => {
      const { database, drop } = await createTestDatabase(engine, { migrated: false });
      try {
        const names = Object.keys(migrations);
        expect(names[0]).toBe(BASELINE);
        expect(await migrateToLatest(database.db)).toEqual(names);
        expect(await tableNames(database.db, engine)).toEqual(
          expect.arrayContaining([...DATA_TABLES, 'employee_scores']),
        );
        for (let i = names.length - 1; i >= 0; i--) {
          expect(await migrateDown(database.db)).toEqual([names[i]]);
        }
        expect(await tableNames(database.db, engine)).toEqual([]);
        expect(await migrateToLatest(database.db)).toEqual(names);
        expect(await migrateToLatest(database.db)).toEqual([]);
      } finally {
        await drop();
      }
    });

    it("creates exactly the old chain's final schema and starting rows", async () => {
      const fresh = await createTestDatabase(engine, { migrated: false });
      const old = await createOldChainDatabase(engine);
      try {
        await migrateTo(fresh.database.db, BASELINE);
        expect(await schemaShape(fresh.database.db)).toEqual(await schemaShape(old.database.db));
        expect(await storedRows(fresh.database.db)).toEqual(await storedRows(old.database.db));
      } finally {
        await fresh.drop();
        await old.drop();
      }
    });

    it('carries a database of the old chain to the baseline with every row kept', async () => {
      const fresh = await createTestDatabase(engine);
      const old = await createOldChainDatabase(engine);
      const db = old.database.db;
      try {
        expect(await recordedMigrations(db)).toEqual([...OLD_CHAIN].sort());
        const { employeeId, typeA, typeB } = await fillDataTables(db);
        const before = await storedRows(db);
        for (const table of DATA_TABLES) expect(before[table]?.rows, table).toBeGreaterThan(0);

        expect(await migrateToLatest(db)).toEqual(Object.keys(migrations).slice(1));
        expect(await recordedMigrations(db)).toEqual(Object.keys(migrations).sort());
        // Every row kept but those of the tables 0004 drops, and the search tables 0005 drops or
        // refills. On PostgreSQL 0002 gives the kept totals a shard column (shard 0 for every row
        // there was): their rows change shape, not number; their figures are read below.
        const after = await storedRows(db, { omit: STORED_IN_0005 });
        for (const [table, rows] of Object.entries(before)) {
          if (SEARCH_TABLE_IN_0005.test(table)) continue;
          if (DROPPED_IN_0004.includes(table)) expect(after[table], table).toBeUndefined();
          else if (engine === 'postgres' && SHARDED_IN_0002.includes(table)) {
            expect(after[table]!.rows, table).toBe(rows.rows);
          } else expect(after[table], table).toEqual(rows);
        }
        expect(describeDisagreements(await checkDerived(db))).toEqual([]);
        expect(await schemaShape(db)).toEqual(await schemaShape(fresh.database.db));
        expect(await migrateToLatest(db)).toEqual([]);

        // The totals recorded before the upgrade stay right, and writes after it keep them so.
        expect(await typeTotals(db)).toEqual([
          [employeeId, typeA, 2, 12050],
          [employeeId, typeB, 1, 100],
        ]);
        await insertMetricValue(db, { userId: employeeId, metricTypeId: typeB, value: 2 });
        expect(await typeTotals(db)).toEqual([
          [employeeId, typeA, 2, 12050],
          [employeeId, typeB, 2, 300],
        ]);
      } finally {
        await fresh.drop();
        await old.drop();
      }
    });

    it('drops the values counted by hour and day, and counts them all again going down', async () => {
      const { database, drop } = await createTestDatabase(engine);
      const db = database.db;
      const droppedTables = async () =>
        (await tableNames(db, engine)).filter((table) => DROPPED_IN_0004.includes(table));
      // The hours and days of March 2024 each, then how many values all the hours and days hold.
      const counted = async () => {
        const read = async (table: string, bucket: string) =>
          (
            await sql<{ n: number | string }>`select value_count as n from ${sql.table(table)}
              order by ${sql.ref(bucket)}`.execute(db)
          ).rows.map((row) => Number(row.n));
        const [hours, days] = [
          await read('metric_value_hours', 'hour'),
          await read('metric_value_days', 'day'),
        ];
        const sum = (counts: number[]) => counts.reduce((a, b) => a + b, 0);
        return [hours.slice(0, 3), sum(hours), days.slice(0, 2), sum(days)];
      };
      try {
        expect(await droppedTables()).toEqual([]);
        const { employeeId, typeA } = await fillDataTables(db);
        const at = (day: number, hour: number) =>
          new Date(Date.UTC(2024, 2, day, hour, 30)).toISOString();
        for (const createdAt of [at(1, 9), at(1, 9), at(1, 10), at(2, 9)]) {
          await insertMetricValue(db, {
            userId: employeeId,
            metricTypeId: typeA,
            value: 1,
            createdAt,
          });
        }
        expect(await migrateTo(db, '0003_data_version_at_commit')).toEqual([
          '0005_trigram_search',
          '0004_drop_value_buckets',
        ]);
        expect(await droppedTables()).toEqual([...DROPPED_IN_0004].sort());
        // The four above, before fillDataTables' three of today.
        expect(await counted()).toEqual([[2, 1, 1], 7, [3, 1], 7]);
        // Their triggers keep them again.
        await insertMetricValue(db, {
          userId: employeeId,
          metricTypeId: typeA,
          value: 1,
          createdAt: at(2, 9),
        });
        expect(await counted()).toEqual([[2, 1, 2], 8, [3, 2], 8]);
        expect(await migrateToLatest(db)).toEqual([
          '0004_drop_value_buckets',
          '0005_trigram_search',
        ]);
        expect(await droppedTables()).toEqual([]);
      } finally {
        await drop();
      }
    });

    it('0005_trigram_search down restores the search objects it dropped, refilled', async () => {
      const { database, drop } = await createTestDatabase(engine, { migrated: false });
      const at0004 = await createTestDatabase(engine, { migrated: false });
      try {
        await migrateTo(at0004.database.db, '0004_drop_value_buckets');
        await migrateTo(database.db, '0004_drop_value_buckets');
        await fillDataTables(database.db);
        const data = async () =>
          Object.fromEntries(
            Object.entries(await storedRows(database.db, { omit: STORED_IN_0005 })).filter(
              ([table]) => (DATA_TABLES as readonly string[]).includes(table),
            ),
          );
        const before = await data();
        const searchRows = async () =>
          Object.fromEntries(
            Object.entries(await storedRows(database.db))
              .filter(([table]) => SEARCH_TABLE_IN_0005.test(table))
              .map(([table, { rows }]) => [table, rows]),
          );
        const searchBefore = await searchRows();
        await migrateToLatest(database.db);
        expect(await migrateDown(database.db)).toEqual(['0005_trigram_search']);
        // The same objects; on SQLite the search triggers come after the others now (they
        // write only their own tables, so whatever fires before them on a table is unchanged).
        const sorted = async (db: Kysely<DB>) => [...(await schemaShape(db))].sort();
        expect(await sorted(database.db)).toEqual(await sorted(at0004.database.db));
        expect(await data()).toEqual(before);
        // Refilled from the data: as many rows in each search table as before (positions and
        // FTS5 segments are numbered anew, so only their counts compare).
        expect(Object.keys(await searchRows())).toEqual(Object.keys(searchBefore));
        for (const table of ['employees_search_postings', 'users_search_postings']) {
          if (table in searchBefore) {
            expect((await searchRows())[table], table).toBe(searchBefore[table]);
          }
        }
      } finally {
        await drop();
        await at0004.drop();
      }
    });

    it('refuses a database that ran only part of the old chain, and changes nothing', async () => {
      const old = await createOldChainDatabase(engine);
      const db = old.database.db;
      try {
        await sql`delete from kysely_migration where name in (${sql.join(OLD_CHAIN.slice(-3))})`.execute(
          db,
        );
        const before = await tableSnapshot(db);
        await expect(migrateToLatest(db)).rejects.toThrow(
          `32 of its 35 migrations ran (the last: ${OLD_CHAIN[31]}). This release starts from that ` +
            "release's final schema. Upgrade through the previous release first",
        );
        expect(await tableSnapshot(db)).toEqual(before);
      } finally {
        await old.drop();
      }
    });

    it('matches the checked-in schema snapshot', async () => {
      const { database, drop } = await createTestDatabase(engine);
      try {
        const ddl = (await schemaDdl(database.db)).map((statement) => `${statement};\n`);
        const header =
          `-- The schema a fresh ${engine} database holds after every migration, read back from ` +
          `its catalogue\n-- (test/helpers/schema-shape.ts). Written by migrations.test.ts: a ` +
          `change to it shows in review.\n\n`;
        await expect(header + ddl.join('\n')).toMatchFileSnapshot(
          `../src/db/migrations/schema.${engine}.sql`,
        );
      } finally {
        await drop();
      }
    });
  });
}
