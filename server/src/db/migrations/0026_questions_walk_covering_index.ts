/* eslint-disable @typescript-eslint/no-explicit-any -- migrations work on any schema */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

/**
 * SQLite: 0011's index of HR's question list, (responded_at, updated_at, id), also holds what
 * its search's walk reads of each question: its version, its employee and its text. The walk
 * newest first tests some 260 pending questions before 50 match "work"; it looked each one up
 * in the table for its text (69 µs in a warm loop), and now reads the index alone (34 µs,
 * with the staff side from 0025's postings). The index starts with the same columns, so it
 * serves all the old one did, which goes. PostgreSQL walks `questions_search` (0017) instead.
 */
const COLUMNS = 'responded_at, updated_at, id, row_version, employee_id, question';

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  await sql.raw(`create index questions_walk_idx on questions (${COLUMNS})`).execute(db);
  await sql`drop index questions_responded_updated_idx`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  await sql`create index questions_responded_updated_idx on questions (responded_at, updated_at, id)`.execute(
    db,
  );
  await sql`drop index questions_walk_idx`.execute(db);
}
