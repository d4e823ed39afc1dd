/* eslint-disable @typescript-eslint/no-explicit-any -- migrations work on any schema */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

/**
 * PostgreSQL: the staff and account searches' trigrams as B-tree postings in their lists'
 * default orders, as 0025 keeps them on SQLite: `employees_search_postings (trigram, last_key,
 * first_key, id)` beside 0016's staff search table, `users_search_postings (trigram,
 * created_at, id)` beside 0010's (0024's) account search table. PostgreSQL needs no positions:
 * a B-tree holds the order's own keys after the trigram.
 *
 * Why: a search's page read its matches through the GIN trigram index, each one's row to
 * recheck, and sorted them: 262 matches of "son" on 116 pages, 0.35 ms of the database a page
 * (pgbench, one client). The page's 50 postings of "son" read in order from this index, and
 * only those staff's versions looked up: 0.16 ms, of which 0.08 is the round trip itself.
 *
 * A posting is one trigram (3 characters) of a row's searched texts, once per trigram and row,
 * with the row's order keys. A row trigger on each search table follows its rows, which 0016's
 * and 0010's triggers delete and insert again whenever their texts or order keys change.
 */

interface PostedTable {
  table: 'employees_search' | 'users_search';
  /** The searched texts of a row `r` of the table. */
  texts: string[];
  /** The order's keys after the trigram, the id last, as columns of the table. */
  keys: string;
  /** The keys' column definitions. */
  columns: string;
}

const POSTED_TABLES: PostedTable[] = [
  {
    table: 'employees_search',
    texts: ['r.search_text'],
    keys: 'last_key, first_key, id',
    columns: 'last_key text not null, first_key text not null, id integer not null',
  },
  {
    table: 'users_search',
    texts: ['r.full_name', 'r.email'],
    keys: 'created_at, id',
    columns: 'created_at timestamptz not null, id integer not null',
  },
];

/** The postings of `row` (of `from`, when given): each distinct trigram of its texts, its keys. */
function postingsOf({ texts, keys }: PostedTable, row: string, from = '') {
  const rowTexts = texts.map((text) => text.replaceAll('r.', `${row}.`)).join(', ');
  const keyValues = keys
    .split(', ')
    .map((key) => `${row}.${key}`)
    .join(', ');
  return `select distinct t.trigram, ${keyValues}
    from ${from} search_trigrams(array[${rowTexts}]) as t`;
}

function postings(posted: PostedTable): string[] {
  const { table, keys, columns } = posted;
  const postingsTable = `${table}_postings`;
  const where = keys
    .split(', ')
    .map((key) => `p.${key} = old.${key}`)
    .join(' and ');
  return [
    // The trigrams compared byte for byte ("C"), as a LIKE compares them, and quicker.
    `create table ${postingsTable} (trigram text collate "C" not null, ${columns},
       primary key (trigram, ${keys}))`,
    `insert into ${postingsTable} ${postingsOf(posted, 'r', `${table} as r,`)}`,
    `create function ${postingsTable}_write() returns trigger language plpgsql as $$
     begin
       if tg_op <> 'INSERT' then
         delete from ${postingsTable} as p
           where p.trigram = any(array(select t.trigram from (${postingsOf(posted, 'old')}) as t))
             and ${where};
       end if;
       if tg_op <> 'DELETE' then
         insert into ${postingsTable} ${postingsOf(posted, 'new')};
       end if;
       return null;
     end $$`,
    `create trigger ${postingsTable}_write after insert or delete or update on ${table}
       for each row execute function ${postingsTable}_write()`,
    `analyze ${postingsTable}`,
  ];
}

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  const statements = [
    // Every trigram of the texts, by character, as substr counts them.
    `create function search_trigrams(texts text[]) returns table (trigram text)
       language sql immutable parallel safe as $$
       select substr(x.text, n, 3) from unnest(texts) as x(text),
         generate_series(1, char_length(x.text) - 2) as n $$`,
    ...POSTED_TABLES.flatMap(postings),
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const { table } of POSTED_TABLES) {
    await sql.raw(`drop trigger ${table}_postings_write on ${table}`).execute(db);
    await sql.raw(`drop function ${table}_postings_write()`).execute(db);
    await sql.raw(`drop table ${table}_postings`).execute(db);
  }
  await sql`drop function search_trigrams(text[])`.execute(db);
}
