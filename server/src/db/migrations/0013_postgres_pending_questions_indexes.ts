/* eslint-disable @typescript-eslint/no-explicit-any -- migrations work on any schema */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

/**
 * PostgreSQL: trigram indexes of the pending questions alone, on 0010's `questions_search`, as
 * SQLite got a trigram table of the pending questions in 0012.
 *
 * Why: HR's pending search (its working list) counts its matches on every page. Through 0010's
 * indexes of every question, counting the 1,138 pending questions matching "work" took the
 * bitmap of all 3,945 matches, each row then fetched, rechecked by the LIKE and dropped when
 * answered: 3.0 ms, which at 50 clients kept PostgreSQL, not Node, the busy side (p99 110 ms).
 * Indexes over the pending rows only (`where pending`, which the search's SQL states as it is)
 * give the bitmap of the pending matches alone: 1.3 ms. The answered and all-questions searches
 * keep 0010's indexes.
 */

const INDEXES = [
  ['questions_search_pending_question_trgm_idx', 'question'],
  ['questions_search_pending_employee_text_trgm_idx', 'employee_text'],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const [name, column] of INDEXES) {
    await sql
      .raw(
        `create index ${name} on questions_search using gin (${column} gin_trgm_ops) where pending`,
      )
      .execute(db);
  }
  await sql`analyze questions_search`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const [name] of INDEXES) await sql.raw(`drop index ${name}`).execute(db);
}
