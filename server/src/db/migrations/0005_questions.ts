/* eslint-disable @typescript-eslint/no-explicit-any -- migrations work on any schema */
import type { Kysely } from 'kysely';

/**
 * HR's list of questions shows the latest activity first (`updated_at` desc: a fresh answer or a
 * fresh question comes to the top), whatever the status filter; this index serves that order
 * without sorting every question. The (employee_id, created_at) and (responded_at) indexes of
 * 0001 serve the employee's own list and the status counts.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('questions_updated_idx')
    .on('questions')
    .columns(['updated_at', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('questions_updated_idx').execute();
}
