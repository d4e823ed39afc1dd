/* eslint-disable @typescript-eslint/no-explicit-any -- migrations work on any schema */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

/**
 * PostgreSQL: each question's latest activity (`updated_at`) in 0010's `questions_search`,
 * indexed in HR's list order (newest first) for all questions and for the pending ones.
 *
 * Why: when a search matches many questions, HR's page is found by walking the list's order and
 * testing each question (hr-questions.repository.ts). That walk went through the questions'
 * own index, visiting each question's row and then, in a subquery, its row here: for a page of
 * the pending questions matching "work", 282 questions walked, 1,284 buffers, 0.45-0.55 ms a
 * page (pgbench, one client, planned generically). Walking this narrow table in that order and
 * reading only the page's 50 questions: 588 buffers, 0.25 ms.
 *
 * The row trigger of 0010 now also follows `updated_at`, and writes it.
 */

const COLUMNS = 'id, question, employee_text, pending';
const VALUES =
  'new.id, lower(new.question), (select e.search_text from employees as e where e.id = new.employee_id), new.responded_at is null';
const WATCHED = 'id, question, employee_id, responded_at';

/** 0010's trigger function and trigger over the given columns. */
function writeTrigger(columns: string, values: string, watched: string) {
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
    `create trigger questions_search_write after insert or delete or update of ${watched}
       on questions for each row execute function questions_search_write()`,
  ];
}

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  const statements = [
    'alter table questions_search add column updated_at timestamptz',
    `update questions_search as s set updated_at = q.updated_at
       from questions as q where q.id = s.id`,
    'alter table questions_search alter column updated_at set not null',
    ...writeTrigger(
      `${COLUMNS}, updated_at`,
      `${VALUES}, new.updated_at`,
      `${WATCHED}, updated_at`,
    ),
    'create index questions_search_updated_idx on questions_search (updated_at, id)',
    `create index questions_search_pending_updated_idx on questions_search (updated_at, id)
       where pending`,
    'analyze questions_search',
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  const statements = [
    ...writeTrigger(COLUMNS, VALUES, WATCHED),
    'alter table questions_search drop column updated_at',
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
