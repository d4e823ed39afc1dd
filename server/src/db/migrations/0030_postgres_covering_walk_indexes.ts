/* eslint-disable @typescript-eslint/no-explicit-any -- migrations work on any schema */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

/**
 * PostgreSQL: two indexes of a list's order also hold what the list's page reads of each row
 * walked, so that the walk reads the index alone (after a vacuum has marked the table's pages
 * visible, as autovacuum does). Each keeps its columns, so it serves all the old one did.
 *
 * - 0017's `questions_search` indexes in HR's order, for all questions and for the pending ones:
 *   the two texts a search tests, as SQLite's walk reads 0026's index. The first page of the
 *   pending questions matching "work" tests 282 of them: 288 buffers and 0.43 ms a statement,
 *   planned once, where the walk now reads 9 buffers and the statement takes 0.25 ms
 *   (EXPLAIN ANALYZE, warm).
 * - 0015's `(created_at, id)` index of the metric values: each value's version, all a page's
 *   keys need (metric-value-pages.repository.ts). Page 20 of all values found its 50 ids in the
 *   index, then looked each one up for its version: 212 buffers, 0.41 ms; now 12 buffers and
 *   0.28 ms (the first page: 0.10 ms).
 */
const INDEXES = [
  {
    name: 'questions_search_updated_idx',
    on: 'questions_search (updated_at, id)',
    include: 'question, employee_text',
    where: '',
  },
  {
    name: 'questions_search_pending_updated_idx',
    on: 'questions_search (updated_at, id)',
    include: 'question, employee_text',
    where: 'where pending',
  },
  {
    name: 'performance_metrics_created_id_idx',
    on: 'performance_metrics (created_at, id)',
    include: 'row_version',
    where: '',
  },
];

async function replaceIndexes(db: Kysely<any>, covering: boolean) {
  for (const { name, on, include, where } of INDEXES) {
    await sql.raw(`drop index ${name}`).execute(db);
    const holding = covering ? `include (${include})` : '';
    await sql.raw(`create index ${name} on ${on} ${holding} ${where}`).execute(db);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) await replaceIndexes(db, true);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) await replaceIndexes(db, false);
}
