/* eslint-disable @typescript-eslint/no-explicit-any -- migrations work on any schema */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

/**
 * SQLite: 0001's index of the audit trail's order, (created_at, id), also holds the texts an
 * audit search tests, so that a search for a common term walks the newest entries in this
 * index alone and tests each, as PostgreSQL walks 0028's table. "bonus" (40,000 of 200,000
 * entries) fills its page of 50 within some 250 entries: one range of this index, where the
 * trigram table's query set up its reader and seeked every segment of every trigram on every
 * request. A rare term is still read from the trigram table (audit.repository.ts chooses by the
 * count). The index starts with the same columns, so it serves all the old one did, which goes.
 */
const COLUMNS = 'created_at, id, name, description';

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  await sql.raw(`create index audit_entries_walk_idx on audit_entries (${COLUMNS})`).execute(db);
  await sql`drop index audit_entries_created_idx`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  await sql`create index audit_entries_created_idx on audit_entries (created_at, id)`.execute(db);
  await sql`drop index audit_entries_walk_idx`.execute(db);
}
