import type { Kysely } from 'kysely';
import type { DB } from '../../src/db/schema';
import { nowIso } from '../../src/lib/clock';

/**
 * Inserts a question for an employee, pending unless `response` is given; answers its id.
 * `createdAt` and `respondedAt` let a test fix the order lists show.
 */
export async function insertQuestion(
  db: Kysely<DB>,
  employeeId: number,
  values: {
    question?: string;
    response?: string;
    createdAt?: string;
    respondedAt?: string;
  } = {},
): Promise<number> {
  const createdAt = values.createdAt ?? nowIso();
  const respondedAt = values.response === undefined ? null : (values.respondedAt ?? nowIso());
  const row = await db
    .insertInto('questions')
    .values({
      employee_id: employeeId,
      question: values.question ?? 'How is your week going?',
      response: values.response ?? null,
      responded_at: respondedAt,
      asked_by: null,
      created_at: createdAt,
      updated_at: respondedAt ?? createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
