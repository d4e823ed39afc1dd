/* eslint-disable @typescript-eslint/no-explicit-any -- migrations work on any schema */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

/**
 * A version per table, for what a list's items show of other tables' rows: a metric value its
 * employee's name and its type's unit, a staff member their manager's name and whether they
 * have an account. A trigger moves it with every write that can change what such an item shows.
 *
 * Why: a list page reads its rows' keys, and its rows whole only for an item not remembered at
 * those versions (lib/remembered-items.ts). Reading the version of each row's employee and type
 * meant two lookups a row by primary key, scattered over those tables: on SQLite at 1,000,000
 * values, with the page's keys read as one text, 25 of the 40 µs the statement took when the
 * request's other work had left the processor's caches cold. One integer a table instead costs
 * that: any change to an employee now makes every list item showing an employee be read again
 * once, which edits of staff, rarer by far than reads and than values recorded, can afford.
 *
 * Employees and metric types move on update only: a new row changes no item, and a deleted one
 * takes its items with it (cascade) or is refused (`restrict`). Users move on insert and delete
 * too: the staff list shows whether an employee has an account.
 */
export const TABLE_VERSION_EVENTS = {
  employees: ['update'],
  metric_types: ['update'],
  users: ['insert', 'update', 'delete'],
} as const;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('table_versions')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  const tables = Object.keys(TABLE_VERSION_EVENTS);
  await db
    .insertInto('table_versions')
    .values(tables.map((name) => ({ name, version: 0 })))
    .execute();
  if (isPostgres(db)) {
    // Statement-level, after 0007's data_version_* triggers (PostgreSQL fires them by name), so
    // a writer waits at the data version's row first, as every writer does: no new lock order.
    await sql`create function table_version_bump() returns trigger language plpgsql as $$
      begin
        update table_versions set version = version + 1 where name = TG_TABLE_NAME;
        return null;
      end $$`.execute(db);
  }
  for (const [table, events] of Object.entries(TABLE_VERSION_EVENTS)) {
    for (const event of events) {
      const trigger = sql.raw(`table_version_${table}_${event}`);
      await (
        isPostgres(db)
          ? sql`create trigger ${trigger} after ${sql.raw(event)} on ${sql.table(table)}
            for each statement execute function table_version_bump()`
          : sql`create trigger ${trigger} after ${sql.raw(event)} on ${sql.table(table)}
            begin
              update table_versions set version = version + 1 where name = ${sql.lit(table)};
            end`
      ).execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [table, events] of Object.entries(TABLE_VERSION_EVENTS)) {
    for (const event of events) {
      const trigger = sql.raw(`table_version_${table}_${event}`);
      await sql`drop trigger ${trigger}${isPostgres(db) ? sql` on ${sql.table(table)}` : sql``}`.execute(
        db,
      );
    }
  }
  if (isPostgres(db)) await sql`drop function table_version_bump()`.execute(db);
  await db.schema.dropTable('table_versions').execute();
}
