import { sql, type Kysely } from 'kysely';
import { queryByShape } from '../../db/prepared-query';
import type { ResponseStatus } from '#contract/questions';
import { isPostgres, textValue, timestampValue } from '../../db/dialect';
import type { DB } from '../../db/schema';

/**
 * Questions, one row per employee asked. Employees read theirs through (employee_id,
 * created_at); HR reads the newest activity first through (updated_at, id) (migration 0005).
 * An answered question has `responded_at` and `updated_at` both set to the moment of answering.
 */

export const QUESTION_COLUMNS = [
  'q.id',
  'q.employee_id',
  'q.question',
  'q.response',
  'q.responded_at',
  'q.created_at',
  'q.updated_at',
] as const;

export interface QuestionPage {
  limit: number;
  offset: number;
}

function ownQuestions(db: Kysely<DB>, employeeId: number, status: ResponseStatus) {
  let query = db.selectFrom('questions as q').where('q.employee_id', '=', employeeId);
  if (status === 'answered') query = query.where('q.responded_at', 'is not', null);
  if (status === 'pending') query = query.where('q.responded_at', 'is', null);
  return query;
}

interface OwnQuestionsShape {
  status: ResponseStatus;
}

// One employee's few questions through their index, whatever the values: planned once, and
// compiled once per state (db/prepared-query.ts): building and compiling both queries on every
// request had cost more than running them.
const ownQuestionsPage = queryByShape(
  (db, shape: OwnQuestionsShape, values: { employeeId: number; limit: number; offset: number }) =>
    ownQuestions(db, values.employeeId, shape.status)
      .select(QUESTION_COLUMNS)
      .orderBy('q.created_at', 'desc')
      .orderBy('q.id', 'desc')
      .limit(values.limit)
      .offset(values.offset),
  { plannedOnce: () => true },
);

const ownQuestionsCount = queryByShape(
  (db, shape: OwnQuestionsShape, values: { employeeId: number }) =>
    ownQuestions(db, values.employeeId, shape.status).select((eb) =>
      eb.fn.countAll<number | string | bigint>().as('total'),
    ),
  { plannedOnce: () => true },
);

export async function listOwnQuestions(
  db: Kysely<DB>,
  employeeId: number,
  status: ResponseStatus,
  page: QuestionPage,
) {
  const shape = { status };
  const [rows, [count]] = await Promise.all([
    ownQuestionsPage(db, shape, { employeeId, ...page }),
    ownQuestionsCount(db, shape, { employeeId }),
  ]);
  return { rows, total: Number(count?.total ?? 0) };
}

/** One question with its employee, locked for the change on PostgreSQL. */
export async function findQuestionForAnswer(db: Kysely<DB>, id: number) {
  const query = db
    .selectFrom('questions as q')
    .innerJoin('employees as e', 'e.id', 'q.employee_id')
    .select([...QUESTION_COLUMNS, 'e.first_name', 'e.last_name', 'e.email'])
    .where('q.id', '=', id);
  return (isPostgres(db) ? query.forUpdate('q') : query).executeTakeFirst();
}

export type QuestionRow = NonNullable<Awaited<ReturnType<typeof findQuestionForAnswer>>>;

/**
 * Records the answer only if the question is still pending; answers whether it did, so two
 * answers racing each other cannot both win.
 */
export async function recordAnswer(
  db: Kysely<DB>,
  id: number,
  response: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('questions')
    .set({ response, responded_at: at, updated_at: at })
    .where('id', '=', id)
    .where('responded_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface EmployeeToAsk {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
}

export function employeesWithIds(db: Kysely<DB>, ids: readonly number[]): Promise<EmployeeToAsk[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('employees')
    .select(['id', 'first_name', 'last_name', 'email'])
    .where('id', 'in', [...ids])
    .execute();
}

/** One question per chosen employee, in one statement; answers their ids. */
export async function insertQuestions(
  db: Kysely<DB>,
  rows: { employee_id: number; question: string; asked_by: number | null; at: string }[],
): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insertInto('questions')
    .values(
      rows.map((row) => ({
        employee_id: row.employee_id,
        question: row.question,
        response: null,
        responded_at: null,
        asked_by: row.asked_by,
        created_at: row.at,
        updated_at: row.at,
      })),
    )
    .returning('id')
    .execute();
  return inserted.map((row) => row.id);
}

/**
 * One question for every active employee, in one INSERT ... SELECT (10,000 people is one
 * statement, not 10,000); answers the employees asked, by id.
 */
export async function askEveryActiveEmployee(
  db: Kysely<DB>,
  question: { question: string; asked_by: number | null; at: string },
): Promise<number[]> {
  const at = timestampValue(db, question.at);
  const inserted = await db
    .insertInto('questions')
    .columns(['employee_id', 'question', 'asked_by', 'created_at', 'updated_at'])
    .expression(
      db
        .selectFrom('employees')
        .select([
          'id',
          textValue(question.question).as('question'),
          sql<number | null>`cast(${question.asked_by} as integer)`.as('asked_by'),
          at.as('created_at'),
          at.as('updated_at'),
        ])
        .where('status', '=', 'active'),
    )
    .returning('employee_id')
    .execute();
  return inserted.map((row) => row.employee_id).sort((a, b) => a - b);
}
