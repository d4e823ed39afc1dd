/* eslint-disable @typescript-eslint/no-explicit-any -- migrations work on any schema */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

/**
 * SQLite: the staff and account searches' trigrams as plain B-tree postings in their lists'
 * default orders, `<table>_postings (trigram, position)`, beside 0023's trigram tables.
 *
 * Why: a search's page read from the FTS5 table in its list's order (0023) still cost the whole
 * request far more than its statement: FTS5 sets up its reader, parses the query and seeks
 * each segment on every query, and the code that runs after it runs slower too. A prototype
 * reading the staff page of "son" as one range of these postings, the rest unchanged: 261 -> 116
 * µs of server CPU a request under load, where a plain staff page took 103 (docs/decisions.md).
 *
 * A posting is one trigram (3 characters) of a row's searched texts at that row's position in
 * 0023's `<table>_positions`, once per trigram and row. Triggers on the positions follow every
 * insert, move, delete and renumbering there; a trigger on the source table follows a text that
 * changes without moving. The FTS5 tables stay: they count, and serve every other use. Not the
 * audit trail: 200,000 entries would make some 16 million postings.
 */

interface PostedTable {
  table: 'employees_search' | 'users_search';
  source: 'employees' | 'users';
  /** The searched texts, as 0023's trigram table holds them, over the source row `e`. */
  texts: string[];
  /** The source columns the texts are made of. */
  textFrom: string[];
}

const POSTED_TABLES: PostedTable[] = [
  {
    table: 'employees_search',
    source: 'employees',
    // employees.search_text is generated: any change of what it is made of changes it.
    texts: ['e.search_text'],
    textFrom: ['first_name', 'last_name', 'email', 'position', 'employee_code'],
  },
  {
    table: 'users_search',
    source: 'users',
    texts: [`lower(e.firstname || ' ' || e.lastname)`, 'lower(e.email)'],
    textFrom: ['firstname', 'lastname', 'email'],
  },
];

/**
 * Offsets 1.. into a text, for cutting it into trigrams in a trigger (SQLite allows no WITH
 * there). The API refuses a staff text longer than some 630 characters (names 100 each, email
 * 254, position 120, code 50), an account's name or email longer than some 260; 4,096 leaves
 * room.
 */
const OFFSETS = 4096;

/** The trigrams of row `id`'s texts at `position`, as an INSERT. */
function insertPostings({ table, source, texts }: PostedTable, id: string, position: string) {
  const rows = texts
    .map((text) => `select ${text} as text from ${source} as e where e.id = ${id}`)
    .join(' union all ');
  return `insert or ignore into ${table}_postings (trigram, position)
     select substr(t.text, o.n, 3), ${position}
     from (${rows}) as t join search_text_offsets as o on o.n <= length(t.text) - 2
     where ${position} is not null;`;
}

const deletePostings = (table: string, position: string) =>
  `delete from ${table}_postings where position = ${position};`;

function postings(posted: PostedTable): string[] {
  const { table, source, textFrom } = posted;
  const positions = `${table}_positions`;
  const current = `(select position from ${positions} where id = new.id)`;
  return [
    `create table ${table}_postings (
       trigram text not null, position integer not null,
       primary key (trigram, position)) without rowid`,
    `create index ${table}_postings_position_idx on ${table}_postings (position)`,
    `insert or ignore into ${table}_postings (trigram, position)
       select substr(t.text, o.n, 3), t.position
       from (${posted.texts
         .map(
           (text) => `select ${text} as text, p.position from ${source} as e
             join ${positions} as p on p.id = e.id where p.position is not null`,
         )
         .join(' union all ')}) as t
       join search_text_offsets as o on o.n <= length(t.text) - 2`,
    `create trigger ${table}_postings_insert after insert on ${positions}
     begin ${insertPostings(posted, 'new.id', 'new.position')} end`,
    `create trigger ${table}_postings_move after update on ${positions}
     begin ${deletePostings(table, 'old.position')} ${insertPostings(posted, 'new.id', 'new.position')} end`,
    `create trigger ${table}_postings_delete after delete on ${positions}
     begin ${deletePostings(table, 'old.position')} end`,
    // A text that changes where the order does not: 0023 writes its trigram table again at the
    // same position. Whichever of the two triggers runs first, the position read here is the
    // row's current one, and the text the new one.
    `create trigger ${table}_postings_text after update of ${textFrom.join(', ')} on ${source}
     begin ${deletePostings(table, current)} ${insertPostings(posted, 'new.id', current)} end`,
  ];
}

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  await sql`create table search_text_offsets (n integer primary key)`.execute(db);
  await sql`insert into search_text_offsets (n)
    with recursive o(n) as (select 1 union all select n + 1 from o where n < ${sql.lit(OFFSETS)})
    select n from o`.execute(db);
  for (const posted of POSTED_TABLES) {
    for (const statement of postings(posted)) await sql.raw(statement).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  for (const { table } of POSTED_TABLES) {
    for (const trigger of ['insert', 'move', 'delete', 'text']) {
      await sql.raw(`drop trigger ${table}_postings_${trigger}`).execute(db);
    }
    await sql.raw(`drop table ${table}_postings`).execute(db);
  }
  await sql`drop table search_text_offsets`.execute(db);
}
