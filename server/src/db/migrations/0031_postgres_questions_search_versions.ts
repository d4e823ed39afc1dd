/* eslint-disable @typescript-eslint/no-explicit-any -- migrations work on any schema */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

/**
 * PostgreSQL: each question's row version (0020) in `questions_search` too, and in 0030's two
 * covering indexes of HR's order, so that a search's page keys (id and version) are read from
 * the walked index alone, without looking up each of the page's 50 questions for its version.
 * The first page of pending questions matching "work": 0.175 ms a statement (pgbench, one client,
 * a `select 1` taking 0.040), of which the 50 lookups were 0.065-0.070.
 *
 * 0017's row trigger rewrote the row on an update of the columns the table holds. The version
 * moves on every update (0020's BEFORE trigger), which an `update of` list cannot name (a BEFORE
 * trigger's change of a column does not count as the update's), so the trigger now runs on every
 * update; each route that updates a question already set one of those columns (`updated_at`).
 */

const COLUMNS = 'id, question, employee_text, pending, updated_at';
const VALUES =
  'new.id, lower(new.question), (select e.search_text from employees as e where e.id = new.employee_id), new.responded_at is null, new.updated_at';
const WATCHED = 'update of id, question, employee_id, responded_at, updated_at';

/** 0017's trigger function and trigger, writing the given columns, run on the given updates. */
function writeTrigger(columns: string, values: string, updates: string) {
  return [
    `create or replace function questions_search_write() returns trigger language plpgsql as $$
     begin
       if tg_op <> 'INSERT' then delete from questions_search where id = old.id; end if;
       if tg_op <> 'DELETE' then
         insert into questions_search (${columns}) values (${values});
       end if;
       return null;
     end $$`,
    'drop trigger questions_search_write on questions',
    `create trigger questions_search_write after insert or delete or ${updates}
       on questions for each row execute function questions_search_write()`,
  ];
}

/** 0030's covering indexes of HR's order, holding the given columns. */
function orderIndexes(include: string) {
  return [
    ['questions_search_updated_idx', ''],
    ['questions_search_pending_updated_idx', 'where pending'],
  ].flatMap(([name, where]) => [
    `drop index ${name}`,
    `create index ${name} on questions_search (updated_at, id) include (${include}) ${where}`,
  ]);
}

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  const statements = [
    'alter table questions_search add column row_version integer not null default 0',
    `update questions_search as s set row_version = q.row_version
       from questions as q where q.id = s.id and q.row_version <> 0`,
    ...writeTrigger(`${COLUMNS}, row_version`, `${VALUES}, new.row_version`, 'update'),
    ...orderIndexes('question, employee_text, row_version'),
    'analyze questions_search',
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  const statements = [
    ...writeTrigger(COLUMNS, VALUES, WATCHED),
    ...orderIndexes('question, employee_text'),
    'alter table questions_search drop column row_version',
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
