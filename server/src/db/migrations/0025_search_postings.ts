/* eslint-disable @typescript-eslint/no-explicit-any -- migrations work on any schema */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';
import { dropPostingsStatements, postingsStatements, type PostedTable } from './search-postings';

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
 * How the postings are made and followed: search-postings.ts. The FTS5 tables stay: they count,
 * and serve every other use. Not the audit trail here; 0026 adds it (some 6 million postings
 * for 200,000 entries).
 */

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

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  await sql`create table search_text_offsets (n integer primary key)`.execute(db);
  await sql`insert into search_text_offsets (n)
    with recursive o(n) as (select 1 union all select n + 1 from o where n < ${sql.lit(OFFSETS)})
    select n from o`.execute(db);
  for (const posted of POSTED_TABLES) {
    for (const statement of postingsStatements(posted)) await sql.raw(statement).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  for (const { table } of POSTED_TABLES) {
    for (const statement of dropPostingsStatements(table)) await sql.raw(statement).execute(db);
  }
  await sql`drop table search_text_offsets`.execute(db);
}
