/* eslint-disable @typescript-eslint/no-explicit-any -- migrations work on any schema */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

/**
 * PostgreSQL: the staff search's own narrow table, `employees_search` (the name of SQLite's of
 * 0009, as 0010's tables share theirs): each employee's search_text (0002) beside the two keys
 * of the list's name orders, lower-cased once when written.
 *
 * Why: a search with few matches reads them first and sorts them (staff-list.repository.ts).
 * Through 0008's trigram index on employees that meant each match's whole row (262 matches of
 * "son" among 10,000 staff lay on 166 pages) and lower() of both names of every match, on every
 * page: 0.30 ms of the page's 0.49 (pgbench, one client, planned generically). From this table,
 * 0.22 and 0.39. 0008's index stays for the searches combined with a department or status.
 */

const KEPT_FROM = 'id, first_name, last_name, email, position, employee_code';

const values = (row: string) =>
  `${row}.id, ${row}.search_text, lower(${row}.last_name), lower(${row}.first_name)`;

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  const statements = [
    `create table employees_search (id integer primary key, search_text text not null,
       last_key text not null, first_key text not null)`,
    `insert into employees_search select ${values('e')} from employees as e`,
    // AFTER, so that the generated search_text is computed (0010 reads it the same way).
    `create function employees_search_write() returns trigger language plpgsql as $$
     begin
       if tg_op <> 'INSERT' then delete from employees_search where id = old.id; end if;
       if tg_op <> 'DELETE' then insert into employees_search values (${values('new')}); end if;
       return null;
     end $$`,
    `create trigger employees_search_write after insert or delete or update of ${KEPT_FROM}
       on employees for each row execute function employees_search_write()`,
    `create index employees_search_search_text_trgm_idx on employees_search
       using gin (search_text gin_trgm_ops)`,
    'analyze employees_search',
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop trigger employees_search_write on employees`.execute(db);
  await sql`drop function employees_search_write()`.execute(db);
  await sql`drop table employees_search`.execute(db);
}
