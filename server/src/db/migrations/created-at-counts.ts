/* eslint-disable @typescript-eslint/no-explicit-any -- migrations work on any schema */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

/**
 * A table counting the metric values recorded in each bucket of `created_at` (an hour, 0033; a
 * day, 0034), kept by triggers like 0007's totals, so a deep page of all values (newest first)
 * skips whole buckets by their counts instead of walking every value before it
 * (db/created-at-buckets.ts). A bucket is the text of `created_at` up to its end on SQLite
 * (`2026-11-30T09` an hour, `2026-11-30` a day: the prefix keeps the text's order, which is the
 * list's), and `date_trunc(unit, created_at, 'UTC')` on PostgreSQL, the same bucket whatever a
 * session's time zone. A bucket whose values are all gone loses its row. Only migrations use
 * this file: a change to it changes what they do.
 */
export interface CreatedAtCounts {
  /** The table; its triggers and PostgreSQL's trigger function are named after it. */
  table: 'metric_value_hours' | 'metric_value_days';
  bucket: 'hour' | 'day';
  /** The length of `created_at`'s text that is the bucket on SQLite. */
  sqlitePrefix: 13 | 10;
}

/** pg_advisory_xact_lock key of the maintained totals (the same as 0004_insights). */
const LOCK_KEY = 7_341_002;

export async function createCreatedAtCounts(db: Kysely<any>, counts: CreatedAtCounts) {
  const { table, bucket, sqlitePrefix } = counts;
  if (isPostgres(db)) {
    await sql`create table ${sql.table(table)} (
      ${sql.ref(bucket)} timestamptz primary key, value_count bigint not null)`.execute(db);
    await sql`insert into ${sql.table(table)} (${sql.ref(bucket)}, value_count)
      select date_trunc(${sql.lit(bucket)}, created_at, 'UTC'), count(*) from performance_metrics
      group by 1`.execute(db);
    await createPostgresTriggers(db, counts);
  } else {
    await sql`create table ${sql.table(table)} (
      ${sql.ref(bucket)} text primary key, value_count integer not null) without rowid`.execute(db);
    await sql`insert into ${sql.table(table)} (${sql.ref(bucket)}, value_count)
      select substr(created_at, 1, ${sql.lit(sqlitePrefix)}), count(*) from performance_metrics
      group by 1`.execute(db);
    await createSqliteTriggers(db, counts);
  }
}

async function createSqliteTriggers(
  db: Kysely<any>,
  { table, bucket, sqlitePrefix }: CreatedAtCounts,
): Promise<void> {
  const of = (row: 'new' | 'old') => `substr(${row}.created_at, 1, ${sqlitePrefix})`;
  const add = `insert into ${table} (${bucket}, value_count) values (${of('new')}, 1)
    on conflict (${bucket}) do update set value_count = value_count + 1;`;
  const remove = `update ${table} set value_count = value_count - 1
      where ${bucket} = ${of('old')};
    delete from ${table} where ${bucket} = ${of('old')} and value_count = 0;`;
  const statements = [
    `create trigger ${table}_insert after insert on performance_metrics begin
       ${add}
     end`,
    `create trigger ${table}_delete after delete on performance_metrics begin
       ${remove}
     end`,
    `create trigger ${table}_moved after update of created_at on performance_metrics
     when ${of('new')} is not ${of('old')} begin
       ${remove}
       ${add}
     end`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/**
 * One statement-level function over the transition tables, as 0007's: a bulk insert moves each
 * bucket once. Updates that move no value to another bucket (a new value, a comment) touch
 * nothing.
 */
async function createPostgresTriggers(
  db: Kysely<any>,
  { table, bucket }: CreatedAtCounts,
): Promise<void> {
  const side = (rows: 'new_rows' | 'old_rows', sign: number) =>
    `select date_trunc('${bucket}', created_at, 'UTC') as ${bucket}, ${sign} as sign from ${rows}`;
  const count = (changes: string) => `
    insert into ${table} as h (${bucket}, value_count)
    select ${bucket}, sum(sign) from (${changes}) c group by ${bucket} having sum(sign) <> 0
    on conflict (${bucket}) do update set value_count = h.value_count + excluded.value_count;`;
  const dropEmptied = `delete from ${table} where value_count = 0
    and ${bucket} in (select date_trunc('${bucket}', created_at, 'UTC') from old_rows);`;
  const statements = [
    `create function ${table}_count() returns trigger language plpgsql as $$
     begin
       perform pg_advisory_xact_lock(${LOCK_KEY});
       if tg_op = 'INSERT' then ${count(side('new_rows', 1))}
       elsif tg_op = 'DELETE' then ${count(side('old_rows', -1))} ${dropEmptied}
       else ${count(`${side('new_rows', 1)} union all ${side('old_rows', -1)}`)} ${dropEmptied}
       end if;
       return null;
     end $$`,
    `create trigger ${table}_insert after insert on performance_metrics
       referencing new table as new_rows
       for each statement execute function ${table}_count()`,
    `create trigger ${table}_delete after delete on performance_metrics
       referencing old table as old_rows
       for each statement execute function ${table}_count()`,
    `create trigger ${table}_update after update on performance_metrics
       referencing old table as old_rows new table as new_rows
       for each statement execute function ${table}_count()`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function dropCreatedAtCounts(db: Kysely<any>, { table }: CreatedAtCounts) {
  if (isPostgres(db)) {
    for (const event of ['insert', 'delete', 'update']) {
      await sql.raw(`drop trigger ${table}_${event} on performance_metrics`).execute(db);
    }
    await sql.raw(`drop function ${table}_count()`).execute(db);
  } else {
    for (const event of ['insert', 'delete', 'moved']) {
      await sql.raw(`drop trigger ${table}_${event}`).execute(db);
    }
  }
  await sql`drop table ${sql.table(table)}`.execute(db);
}
