/* eslint-disable @typescript-eslint/no-explicit-any -- migrations work on any schema */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

/**
 * SQLite: the staff search's trigrams as plain B-tree postings in name order,
 * `employees_search_postings (trigram, position)`, beside 0023's trigram table.
 *
 * Why: a search's page read from the FTS5 table in name order (0023) still cost the whole
 * request far more than its statement: FTS5 sets up its reader, parses the query and seeks
 * each segment on every query, and the code that runs after it runs slower too. A prototype
 * reading the page of "son" as one range of these postings, the rest unchanged: 261 -> 116 µs
 * of server CPU a request under load, where a plain staff page took 103 (docs/decisions.md).
 *
 * A posting is one trigram (3 characters) of an employee's `search_text` at that employee's
 * position in 0023's `employees_search_positions`, once per trigram and employee. Triggers on
 * the positions follow every insert, move, delete and renumbering there; a trigger on the
 * employees follows a text that changes without moving. The FTS5 table stays: it counts, and
 * serves every other use.
 */

/**
 * Offsets 1.. into a text, for cutting it into trigrams in a trigger (SQLite allows no WITH
 * there). The API refuses a staff text longer than some 630 characters (names 100 each, email
 * 254, position 120, code 50); 4,096 leaves room.
 */
const OFFSETS = 4096;

/** The trigrams of employee `id`'s text at `position`, as an INSERT. */
const insertPostings = (id: string, position: string) =>
  `insert or ignore into employees_search_postings (trigram, position)
     select substr(e.search_text, o.n, 3), ${position}
     from employees as e join search_text_offsets as o on o.n <= length(e.search_text) - 2
     where e.id = ${id} and ${position} is not null;`;

const deletePostings = (position: string) =>
  `delete from employees_search_postings where position = ${position};`;

const STATEMENTS = [
  `create table search_text_offsets (n integer primary key)`,
  `insert into search_text_offsets (n)
     with recursive o(n) as (select 1 union all select n + 1 from o where n < ${OFFSETS})
     select n from o`,
  `create table employees_search_postings (
     trigram text not null, position integer not null,
     primary key (trigram, position)) without rowid`,
  `create index employees_search_postings_position_idx on employees_search_postings (position)`,
  `insert or ignore into employees_search_postings (trigram, position)
     select substr(e.search_text, o.n, 3), p.position
     from employees as e
     join employees_search_positions as p on p.id = e.id
     join search_text_offsets as o on o.n <= length(e.search_text) - 2
     where p.position is not null`,
  `create trigger employees_search_postings_insert after insert on employees_search_positions
   begin ${insertPostings('new.id', 'new.position')} end`,
  `create trigger employees_search_postings_move after update on employees_search_positions
   begin ${deletePostings('old.position')} ${insertPostings('new.id', 'new.position')} end`,
  `create trigger employees_search_postings_delete after delete on employees_search_positions
   begin ${deletePostings('old.position')} end`,
  // A text that changes where the order does not: 0023 writes its trigram table again at the
  // same position. Whichever of the two triggers runs first, the position read here is the
  // row's current one, and the text the new one.
  `create trigger employees_search_postings_text
   after update of first_name, last_name, email, position, employee_code on employees begin
     ${deletePostings('(select position from employees_search_positions where id = new.id)')}
     ${insertPostings('new.id', '(select position from employees_search_positions where id = new.id)')}
   end`,
];

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  for (const trigger of ['insert', 'move', 'delete', 'text']) {
    await sql.raw(`drop trigger employees_search_postings_${trigger}`).execute(db);
  }
  await sql`drop table employees_search_postings`.execute(db);
  await sql`drop table search_text_offsets`.execute(db);
}
