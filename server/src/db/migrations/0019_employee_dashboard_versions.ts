/* eslint-disable @typescript-eslint/no-explicit-any -- migrations work on any schema */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

/**
 * A version per employee that moves with every write to what their dashboard shows: their
 * months (`employee_monthly_scores`) and their bonuses.
 * Kept by triggers, whoever writes, like the data version of 0007; but one employee's, so a
 * value recorded for one person leaves every other person's dashboard as it was.
 *
 * Why: each instance remembers the dashboards it answered with the version they were read at
 * (employee-dashboard.service.ts), and the guard reads the caller's version with their account,
 * one row by its key. Recomputing a dashboard (two dozen months, its bonuses, the arithmetic,
 * the schema check and JSON of its answer) cost three times what the guard costs.
 *
 * No row means version 0: nothing has been written for that employee since this migration. No
 * foreign key: ids are never reused (AUTOINCREMENT, identity), and a version row outliving its
 * employee is a few bytes. On PostgreSQL the trigger takes 0004's advisory lock first, as every
 * trigger writing a shared row does (0006, 0007), so writers queue in one order.
 */

/** pg_advisory_xact_lock key of the maintained totals (the same as 0004_insights). */
const LOCK_KEY = 7_341_002;
/**
 * What a dashboard shows comes from these tables, each with an `employee_id`; and from
 * `employee_scores.metric_count`, the sum of the months' counts, which changes only with them.
 */
const DASHBOARD_TABLES = ['employee_monthly_scores', 'bonuses'];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('employee_dashboard_versions')
    .addColumn('employee_id', 'integer', (col) => col.primaryKey())
    .addColumn('version', 'integer', (col) => col.notNull())
    .execute();
  if (isPostgres(db)) await createPostgresTriggers(db);
  else await createSqliteTriggers(db);
}

/** The upsert that moves the versions of the employees `rows` name. */
const bump = (rows: string) => `insert into employee_dashboard_versions as v (employee_id, version)
  select distinct employee_id, 1 from ${rows} where true
  on conflict (employee_id) do update set version = v.version + 1;`;

async function createSqliteTriggers(db: Kysely<any>): Promise<void> {
  const statements = DASHBOARD_TABLES.flatMap((table) => [
    `create trigger dashboard_version_${table}_insert after insert on ${table} begin
       ${bump('(select new.employee_id as employee_id)')}
     end`,
    `create trigger dashboard_version_${table}_delete after delete on ${table} begin
       ${bump('(select old.employee_id as employee_id)')}
     end`,
    // Both sides, should a row ever move to another employee.
    `create trigger dashboard_version_${table}_update after update on ${table} begin
       ${bump('(select new.employee_id as employee_id union select old.employee_id)')}
     end`,
  ]);
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/** Statement-level, over the transition tables: a bulk write moves each employee once. */
async function createPostgresTriggers(db: Kysely<any>): Promise<void> {
  const statements = [
    `create function dashboard_version_bump() returns trigger language plpgsql as $$
     begin
       perform pg_advisory_xact_lock(${LOCK_KEY});
       if tg_op = 'INSERT' then ${bump('new_rows')}
       elsif tg_op = 'DELETE' then ${bump('old_rows')}
       else ${bump('(select employee_id from new_rows union select employee_id from old_rows) c')}
       end if;
       return null;
     end $$`,
  ];
  for (const table of DASHBOARD_TABLES) {
    statements.push(
      `create trigger dashboard_version_${table}_insert after insert on ${table}
         referencing new table as new_rows for each statement
         execute function dashboard_version_bump()`,
      `create trigger dashboard_version_${table}_delete after delete on ${table}
         referencing old table as old_rows for each statement
         execute function dashboard_version_bump()`,
      `create trigger dashboard_version_${table}_update after update on ${table}
         referencing old table as old_rows new table as new_rows for each statement
         execute function dashboard_version_bump()`,
    );
  }
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of DASHBOARD_TABLES) {
    for (const event of ['insert', 'delete', 'update']) {
      const trigger = `dashboard_version_${table}_${event}`;
      await sql
        .raw(isPostgres(db) ? `drop trigger ${trigger} on ${table}` : `drop trigger ${trigger}`)
        .execute(db);
    }
  }
  if (isPostgres(db)) await sql`drop function dashboard_version_bump()`.execute(db);
  await db.schema.dropTable('employee_dashboard_versions').execute();
}
