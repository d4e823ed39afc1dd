/* eslint-disable @typescript-eslint/no-explicit-any -- migrations work on any schema */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';
import { dropPostingsStatements, postingsStatements, type PostedTable } from './search-postings';

/**
 * SQLite: the audit search's trigrams as B-tree postings newest first, as 0025 made the staff
 * and account searches' (search-postings.ts says how they are kept).
 *
 * Why: the audit search read its page from the FTS5 table of 0023, and its setup and segment
 * seeks on every query cost the request more than all the rest: 345 µs of server CPU a request
 * under load for "bonus", where reading the same page from these postings took 177 and the
 * newest page without a search 80 (docs/decisions.md).
 *
 * What it costs: some 6 million postings for 200,000 entries (about 30 trigrams an entry), 200
 * MB more in the database file, made in about 8 s here; every entry written adds its 30. The
 * texts are the app's own sentences, a few hundred characters at most, within 0025's offsets.
 */

const AUDIT: PostedTable = {
  table: 'audit_entries_text',
  source: 'audit_entries',
  texts: ['lower(e.name)', 'lower(e.description)'],
  textFrom: ['name', 'description'],
};

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  for (const statement of postingsStatements(AUDIT)) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  for (const statement of dropPostingsStatements(AUDIT.table)) {
    await sql.raw(statement).execute(db);
  }
}
