/* eslint-disable @typescript-eslint/no-explicit-any -- migrations work on any schema */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

/**
 * Each score row carries its employee's last and first name, kept by triggers, and the rank
 * index orders by them after the score and count: the order the average scores list (and the
 * rankings) break ties in.
 *
 * Why: a page of the list by score had to read every row it skipped from `employees`, since
 * SQLite cannot know which rows tie until it has their names: page 3 read 150 employees to
 * answer 50 (94 µs of SQL on SQLite at 10,000 staff, in a warm loop). With the names in the
 * index, and the sum the entry's version shows beside them, the skipped rows are read from the
 * index alone, and only the page's 50 employees are looked up (22 µs).
 *
 * Every row written gets its names from its employee, whoever writes it (a value recorded, a
 * rebuild, a restore): PostgreSQL in a BEFORE trigger, on the row being written; SQLite, which
 * cannot change the row being inserted, in an AFTER trigger updating it once. 0004's trigger of
 * an update then fires only for the columns its totals are made of: run by that inner update, it
 * took the new row out of a score histogram bucket 0004's insert trigger had not yet made (SQLite
 * fires the newest trigger first), and the bucket counted the employee twice. 0007's data version
 * still moves, which is harmless. A change of an employee's names is copied to their score row.
 */

/** 0004's SQLite trigger of an update of the score rows, and the event it fires on. */
const SCORES_UPDATE = 'insights_scores_update';
const ANY_UPDATE = 'after update on employee_scores';
const TOTALS_UPDATE =
  'after update of metric_count, value_sum_hundredths, average_score on employee_scores';

export async function up(db: Kysely<any>): Promise<void> {
  for (const column of ['last_name', 'first_name']) {
    await db.schema
      .alterTable('employee_scores')
      .addColumn(column, 'text', (col) => col.notNull().defaultTo(''))
      .execute();
  }
  await sql`update employee_scores set
      last_name = (select e.last_name from employees e where e.id = employee_scores.employee_id),
      first_name = (select e.first_name from employees e where e.id = employee_scores.employee_id)`.execute(
    db,
  );
  await db.schema.dropIndex('employee_scores_rank_idx').execute();
  // PostgreSQL keeps the sum beside the keys; SQLite, which has no INCLUDE, as the last key.
  await sql`create index employee_scores_rank_idx on employee_scores
    (average_score desc, metric_count desc, last_name, first_name, employee_id
      ${isPostgres(db) ? sql`) include (value_sum_hundredths)` : sql`, value_sum_hundredths)`}`.execute(
    db,
  );
  if (isPostgres(db)) {
    await sql`create function score_names_fill() returns trigger language plpgsql as $$
      begin
        select e.last_name, e.first_name into new.last_name, new.first_name
          from employees e where e.id = new.employee_id;
        -- No employee: the foreign key refuses the row, not the names' not null.
        new.last_name := coalesce(new.last_name, '');
        new.first_name := coalesce(new.first_name, '');
        return new;
      end $$`.execute(db);
    await sql`create trigger score_names_fill before insert on employee_scores
      for each row execute function score_names_fill()`.execute(db);
    await sql`create function score_names_follow() returns trigger language plpgsql as $$
      begin
        update employee_scores set last_name = new.last_name, first_name = new.first_name
          where employee_id = new.id;
        return null;
      end $$`.execute(db);
    await sql`create trigger score_names_follow after update of last_name, first_name
      on employees for each row
      when (new.last_name is distinct from old.last_name
        or new.first_name is distinct from old.first_name)
      execute function score_names_follow()`.execute(db);
    return;
  }
  await refire(db, ANY_UPDATE, TOTALS_UPDATE);
  await sql`create trigger score_names_fill after insert on employee_scores begin
      update employee_scores set
        last_name = coalesce((select e.last_name from employees e where e.id = new.employee_id), ''),
        first_name = coalesce((select e.first_name from employees e where e.id = new.employee_id), '')
      where employee_id = new.employee_id;
    end`.execute(db);
  await sql`create trigger score_names_follow after update of last_name, first_name on employees
    when new.last_name is not old.last_name or new.first_name is not old.first_name
    begin
      update employee_scores set last_name = new.last_name, first_name = new.first_name
        where employee_id = new.id;
    end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger score_names_follow on employees`.execute(db);
    await sql`drop trigger score_names_fill on employee_scores`.execute(db);
    await sql`drop function score_names_follow()`.execute(db);
    await sql`drop function score_names_fill()`.execute(db);
  } else {
    await sql`drop trigger score_names_follow`.execute(db);
    await sql`drop trigger score_names_fill`.execute(db);
    await refire(db, TOTALS_UPDATE, ANY_UPDATE);
  }
  await db.schema.dropIndex('employee_scores_rank_idx').execute();
  await sql`create index employee_scores_rank_idx on employee_scores
    (average_score desc, metric_count desc, employee_id)`.execute(db);
  for (const column of ['first_name', 'last_name']) {
    await db.schema.alterTable('employee_scores').dropColumn(column).execute();
  }
}

/** Makes 0004's SQLite trigger again with another event, its body as it is. */
async function refire(db: Kysely<any>, from: string, to: string): Promise<void> {
  const { rows } = await sql<{ sql: string }>`select sql from sqlite_master
    where type = 'trigger' and name = ${SCORES_UPDATE}`.execute(db);
  const made = rows[0]!.sql;
  if (!made.includes(from)) throw new Error(`${SCORES_UPDATE} does not fire ${from}`);
  await sql`drop trigger ${sql.raw(SCORES_UPDATE)}`.execute(db);
  await sql.raw(made.replace(from, to)).execute(db);
}
