/* eslint-disable @typescript-eslint/no-explicit-any -- migrations work on any schema */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

/**
 * PostgreSQL: each account's `created_at` in 0010's `users_search`, so that a search of the
 * accounts list in its default order (newest first) is cut to its page in that narrow table.
 *
 * Why: the page was found by reading every match's account to sort them, a lookup by id each.
 * For "son", 262 matches of 10,000: 756 buffers, 0.5 ms of the database's CPU a page
 * (planned once, one client). Sorted in this table, only the page's 50 accounts are read.
 *
 * The row trigger of 0010 now also follows `created_at`, and writes it.
 */

const COLUMNS = 'id, full_name, email';
const VALUES = `new.id, lower(new.firstname || ' ' || new.lastname), lower(new.email)`;
const WATCHED = 'id, firstname, lastname, email';

/** 0010's trigger function and trigger over the given columns. */
function writeTrigger(columns: string, values: string, watched: string) {
  return [
    `create or replace function users_search_write() returns trigger language plpgsql as $$
     begin
       if tg_op <> 'INSERT' then delete from users_search where id = old.id; end if;
       if tg_op <> 'DELETE' then
         insert into users_search (${columns}) values (${values});
       end if;
       return null;
     end $$`,
    'drop trigger users_search_write on users',
    `create trigger users_search_write after insert or delete or update of ${watched}
       on users for each row execute function users_search_write()`,
  ];
}

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  const statements = [
    'alter table users_search add column created_at timestamptz',
    'update users_search as s set created_at = u.created_at from users as u where u.id = s.id',
    'alter table users_search alter column created_at set not null',
    ...writeTrigger(
      `${COLUMNS}, created_at`,
      `${VALUES}, new.created_at`,
      `${WATCHED}, created_at`,
    ),
    'analyze users_search',
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  const statements = [
    ...writeTrigger(COLUMNS, VALUES, WATCHED),
    'alter table users_search drop column created_at',
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
