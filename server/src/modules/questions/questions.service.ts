import type { Kysely } from 'kysely';
import {
  QUESTION_MESSAGES as MESSAGES,
  type AnswerQuestionBody,
  type AskQuestionBody,
  type AskQuestionResult,
  type HrResponse,
  type HrResponseList,
  type HrResponsesQuery,
  type OwnResponseList,
  type OwnResponsesQuery,
} from '#contract/questions';
import { isForeignKeyViolation } from '../../db/constraint-errors';
import type { DB } from '../../db/schema';
import { nowIso } from '../../lib/clock';
import { AppError, badRequest, conflict } from '../../lib/errors';
import type { Actor } from '../../lib/route';
import { writeAudit } from '../audit/audit.writer';
import { describeEmployee } from '../performance-metrics/employee-summary';
import { toHrResponse, toOwnResponse } from './question.mapper';
import {
  askEveryActiveEmployee,
  employeesWithIds,
  findQuestionForAnswer,
  insertQuestions,
  listOwnQuestions,
  recordAnswer,
  type EmployeeToAsk,
} from './questions.repository';
import { listHrQuestions } from './hr-questions.repository';
import { itemKey, pageThrough, rememberedItemsPerDatabase } from '../../lib/remembered-items';
import { retriedTransaction } from '../../db/retried-transaction';

/**
 * The questions HR's list has answered, at the versions of the question (migration 0020) and of
 * the employees' table (0021): a page reads its keys, and its rows only for one not kept
 * (lib/remembered-items.ts).
 */
const rememberedHrResponses = rememberedItemsPerDatabase<HrResponse>(10_000);

/** How many people an "asked" description names before it says "and N more". */
const NAMED_IN_DESCRIPTION = 10;
const QUOTED_QUESTION_LENGTH = 200;

/** The question as a description quotes it: whole when short, cut with an ellipsis when long. */
function quoted(question: string): string {
  const text =
    question.length > QUOTED_QUESTION_LENGTH
      ? `${question.slice(0, QUOTED_QUESTION_LENGTH - 1).trimEnd()}…`
      : question;
  return `"${text}"`;
}

function describeAsked(question: string, employees: EmployeeToAsk[]): string {
  const named = employees.slice(0, NAMED_IN_DESCRIPTION).map(describeEmployee).join(', ');
  const more = employees.length - NAMED_IN_DESCRIPTION;
  const count = `${employees.length} employee${employees.length === 1 ? '' : 's'}`;
  return `Asked ${quoted(question)} of ${count}: ${named}${more > 0 ? ` and ${more} more` : ''}`;
}

/** Unknown and someone else's question answer alike, so an id reveals nothing (docs/product-decisions.md). */
const questionNotFound = () =>
  new AppError(404, MESSAGES.questionNotFound, [
    { field: 'id', message: MESSAGES.questionNotFound },
  ]);

/**
 * Asking everyone broke a foreign key: someone was deleted by a concurrent transaction between
 * the read of the staff and the insert (PostgreSQL; SQLite has one writer).
 */
function staffChangedMeanwhile(error: unknown): never {
  if (isForeignKeyViolation(error)) throw conflict(MESSAGES.staffChangedMeanwhile);
  throw error;
}

const emptyPage = (query: { page: number; limit: number }) => ({
  responses: [],
  pagination: { page: query.page, limit: query.limit, total: 0 },
});

export function createQuestionsService(db: Kysely<DB>) {
  /**
   * Named employees broke a foreign key: one was deleted by a concurrent transaction after they
   * were found. Answer as if the delete had come first, naming who is gone.
   */
  async function employeesGoneMeanwhile(error: unknown, wanted: number[]): Promise<never> {
    if (!isForeignKeyViolation(error)) throw error;
    const still = new Set((await employeesWithIds(db, wanted)).map((employee) => employee.id));
    const missing = wanted.filter((id) => !still.has(id)).sort((a, b) => a - b);
    if (missing.length === 0) throw error;
    const message = MESSAGES.employeesNotFound(missing);
    throw new AppError(404, message, [{ field: 'employee_ids', message }]);
  }

  return {
    /** The caller's own questions, newest first; none for an account with no employee record. */
    async listOwn(employeeId: number | null, query: OwnResponsesQuery): Promise<OwnResponseList> {
      if (employeeId === null) return emptyPage(query);
      const { rows, total } = await listOwnQuestions(db, employeeId, query.status, {
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      return {
        responses: rows.map(toOwnResponse),
        pagination: { page: query.page, limit: query.limit, total },
      };
    },

    /**
     * HR's list: latest activity first (a fresh answer comes to the top). `dataVersion`: the
     * guard's, under which a search's count is remembered.
     */
    async listForHr(
      query: HrResponsesQuery,
      dataVersion: number | null = null,
    ): Promise<HrResponseList> {
      const { keys, rows, total } = await listHrQuestions(
        db,
        { status: query.status, search: query.search },
        { limit: query.limit, offset: (query.page - 1) * query.limit },
        dataVersion,
      );
      const responses = await pageThrough(rememberedHrResponses(db), keys, rows, (row) => ({
        key: itemKey(row.id, row.row_version, row.tables),
        item: () => toHrResponse(row),
      }));
      return {
        responses,
        pagination: { page: query.page, limit: query.limit, total },
      };
    },

    /**
     * One question row per employee, all in one transaction with one audit entry for the whole
     * ask. Named employees must all exist (any status); `all` asks every active employee.
     */
    async ask(body: AskQuestionBody, actor: Actor): Promise<AskQuestionResult> {
      return retriedTransaction(db, async (trx) => {
        const at = nowIso();
        let employeeIds: number[];
        let description: string;
        // The entry points at the question when there is one; an ask of several has many.
        let questionId: number | null = null;
        if (body.all === true) {
          employeeIds = await askEveryActiveEmployee(trx, {
            question: body.question,
            asked_by: actor.userId,
            at,
          }).catch(staffChangedMeanwhile);
          if (employeeIds.length === 0) throw badRequest(MESSAGES.noActiveEmployees, 'all');
          description =
            `Asked ${quoted(body.question)} of everyone: ` +
            `${employeeIds.length} active employee${employeeIds.length === 1 ? '' : 's'}`;
        } else {
          const wanted = [...new Set(body.employee_ids ?? [])];
          const found = await employeesWithIds(trx, wanted);
          const foundIds = new Set(found.map((employee) => employee.id));
          const missing = wanted.filter((id) => !foundIds.has(id)).sort((a, b) => a - b);
          if (missing.length > 0) {
            const message = MESSAGES.employeesNotFound(missing);
            throw new AppError(404, message, [{ field: 'employee_ids', message }]);
          }
          // In the order HR chose them, as the description names them.
          const byId = new Map(found.map((employee) => [employee.id, employee]));
          const employees = wanted.map((id) => byId.get(id)!);
          const questionIds = await insertQuestions(
            trx,
            employees.map((employee) => ({
              employee_id: employee.id,
              question: body.question,
              asked_by: actor.userId,
              at,
            })),
          ).catch((error: unknown) => employeesGoneMeanwhile(error, wanted));
          employeeIds = wanted;
          if (questionIds.length === 1) questionId = questionIds[0]!;
          description = describeAsked(body.question, employees);
        }
        await writeAudit(trx, actor, {
          name: 'Question Asked',
          description,
          entityType: 'question',
          entityId: questionId,
          after: {
            question: body.question,
            all: body.all === true,
            asked: employeeIds.length,
            employee_ids: employeeIds,
          },
        });
        return { question: body.question, asked: employeeIds.length, employee_ids: employeeIds };
      });
    },

    /** The employee answers their own pending question, once. */
    async answer(
      employeeId: number | null,
      body: AnswerQuestionBody,
      actor: Actor,
    ): Promise<HrResponse> {
      if (employeeId === null) throw questionNotFound();
      return retriedTransaction(db, async (trx) => {
        const stored = await findQuestionForAnswer(trx, body.id);
        if (!stored || stored.employee_id !== employeeId) throw questionNotFound();
        if (stored.responded_at !== null) throw conflict(MESSAGES.alreadyAnswered, 'id');
        if (!(await recordAnswer(trx, body.id, body.response, nowIso()))) {
          throw conflict(MESSAGES.alreadyAnswered, 'id');
        }
        const answered = await findQuestionForAnswer(trx, body.id);
        const before = toHrResponse(stored);
        const after = toHrResponse(answered!);
        await writeAudit(trx, actor, {
          name: 'Question Answered',
          description: `${describeEmployee(stored)} answered ${quoted(stored.question)}`,
          entityType: 'question',
          entityId: body.id,
          before,
          after,
        });
        return after;
      });
    },
  };
}

export type QuestionsService = ReturnType<typeof createQuestionsService>;
