/* eslint-disable @typescript-eslint/no-explicit-any -- migrations work on any schema */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

/**
 * A version on each row a list shows, moved by a trigger on every update of the row, whoever
 * writes it (a route, an import, a foreign key's `set null`).
 *
 * Why: each instance remembers the items of the lists it answered, by row id and the versions of
 * the rows each shows (lib/remembered-items.ts): a page then reads its rows' keys, a few
 * integers each, and not their text, which is what a first read of a page costs most (about a
 * quarter of a microsecond per text value handed to JavaScript on Node 20). A new row starts at
 * 0; ids are never reused (AUTOINCREMENT, identity), so a deleted row's key is never another's.
 *
 * SQLite cannot change the row being updated in a BEFORE trigger: its AFTER trigger updates the
 * version alone, once (the `when` stops it there, even with recursive triggers on). That inner
 * update runs the table's triggers of any update again: the data version (0007) and a bonus's
 * dashboard version (0019) move twice, which is harmless; triggers of named columns do not run.
 * PostgreSQL sets it in a BEFORE trigger, on the row being written.
 */

/**
 * The tables whose rows a list shows. Not `employee_scores`: the inner update
 * would run 0004's triggers of its rows again, which count the table's rows as they are; and the
 * average scores list shows nothing of it but two integers already, its count and sum.
 */
const VERSIONED = [
  'employees',
  'users',
  'metric_types',
  'performance_metrics',
  'bonuses',
  'questions',
];

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) await withoutUpsertAlias(db);
  for (const table of VERSIONED) {
    await db.schema
      .alterTable(table)
      .addColumn('row_version', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
  }
  if (isPostgres(db)) {
    await sql`create function row_version_bump() returns trigger language plpgsql as $$
      begin
        new.row_version := old.row_version + 1;
        return new;
      end $$`.execute(db);
  }
  for (const table of VERSIONED) {
    const trigger = sql.raw(`${table}_row_version`);
    const name = sql.table(table);
    await (
      isPostgres(db)
        ? sql`create trigger ${trigger} before update on ${name}
          for each row execute function row_version_bump()`
        : sql`create trigger ${trigger} after update on ${name}
          when new.row_version = old.row_version
          begin
            update ${name} set row_version = old.row_version + 1 where id = new.id;
          end`
    ).execute(db);
  }
}

/**
 * SQLite checks the whole schema after a column is dropped or renamed, and that check does not
 * resolve an upsert's table alias (`insert into t as v ... set version = v.version + 1`), which
 * 0019's triggers use and which SQLite runs well: `no such column: v.version` (SQLite 3.53.2).
 * They are made again here naming the table itself, the same statements otherwise, so that no
 * later change of a column (this migration's `down` first) trips on them. They stay so on the
 * way down: they do what 0019's did.
 */
async function withoutUpsertAlias(db: Kysely<any>): Promise<void> {
  const { rows } = await sql<{ name: string; sql: string }>`select name, sql from sqlite_master
    where type = 'trigger' and name like 'dashboard_version_%'`.execute(db);
  for (const trigger of rows) {
    const unaliased = trigger.sql
      .replaceAll('employee_dashboard_versions as v', 'employee_dashboard_versions')
      .replaceAll('v.version', 'employee_dashboard_versions.version');
    await sql`drop trigger ${sql.raw(trigger.name)}`.execute(db);
    await sql.raw(unaliased).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of VERSIONED) {
    const trigger = sql.raw(`${table}_row_version`);
    await sql`drop trigger ${trigger}${isPostgres(db) ? sql` on ${sql.table(table)}` : sql``}`.execute(
      db,
    );
  }
  for (const table of VERSIONED) {
    await db.schema.alterTable(table).dropColumn('row_version').execute();
  }
  if (isPostgres(db)) await sql`drop function row_version_bump()`.execute(db);
}
