import { z } from 'zod';
import { MAX_PAGE_SIZE, pageLimit, pageQuerySchema, paginationSchema } from './envelope';
import { FIELD_LABELS } from './field-labels';
import { requiredText, timestampSchema } from './fields';
import { referenceId } from './reference-field';

/**
 * Questions and answers: SPEC.md `/responses` and section 3 "Response", PRODUCT.md section 2.
 * HR asks a question of chosen employees or of everyone (one question row per employee); each
 * employee answers their own, once.
 */

export const QUESTION_MAX_LENGTH = 1000;
export const RESPONSE_MAX_LENGTH = 5000;
/** How many employees one ask may name; "everyone" has no such limit. */
export const MAX_ASKED_EMPLOYEES = 1000;
export const QUESTION_SEARCH_MAX = 200;

export const QUESTION_MESSAGES = {
  asked: 'Question asked successfully',
  answered: 'Response submitted successfully',
  questionNotFound: 'Question not found',
  alreadyAnswered: 'This question has already been answered',
  /** The ask form's own words (ask-question-modal.tsx), whichever of the two refuses first. */
  chooseEmployees: 'Choose at least one employee, or ask everyone',
  eitherEmployeesOrAll: 'Choose employees or ask everyone, not both',
  noActiveEmployees: 'There are no active employees to ask',
  staffChangedMeanwhile: 'The staff changed while asking everyone: please ask again',
  employeesNotFound: (ids: readonly number[]) =>
    `${ids.length === 1 ? 'Employee' : 'Employees'} not found: ${ids.join(', ')}`,
  /** The screen's texts (SPEC.md section 2 and 8). */
  employeeEmpty: "You don't have any questions to respond to at the moment",
  hrEmpty: 'No responses have been submitted yet',
  loadFailedPrefix: 'API Error: ',
} as const;

const questionText = requiredText(FIELD_LABELS.question, QUESTION_MAX_LENGTH);
const responseText = requiredText(FIELD_LABELS.response, RESPONSE_MAX_LENGTH);

/**
 * `POST /api/responses` (HR): `{ question, employee_ids }` or `{ question, all: true }`. Repeated
 * ids count once; `all` means every active employee.
 */
export const askQuestionBodySchema = z
  .object({
    question: questionText,
    employee_ids: z
      .array(referenceId('Employee'), {
        error: `${FIELD_LABELS.employee_ids} must be a list of employee ids`,
      })
      .max(MAX_ASKED_EMPLOYEES, `Choose at most ${MAX_ASKED_EMPLOYEES} employees, or ask everyone`)
      .optional(),
    all: z.boolean({ error: 'all must be true or false' }).optional(),
  })
  .superRefine((body, context) => {
    const named = (body.employee_ids ?? []).length > 0;
    if (named && body.all === true) {
      context.addIssue({
        code: 'custom',
        path: ['employee_ids'],
        message: QUESTION_MESSAGES.eitherEmployeesOrAll,
      });
    } else if (!named && body.all !== true) {
      context.addIssue({
        code: 'custom',
        path: ['employee_ids'],
        message: QUESTION_MESSAGES.chooseEmployees,
      });
    }
  });
export type AskQuestionBody = z.infer<typeof askQuestionBodySchema>;
export type AskQuestionInput = z.input<typeof askQuestionBodySchema>;

export const askQuestionResultSchema = z.object({
  question: z.string(),
  /** How many employees were asked (one question each). */
  asked: z.number().int(),
  employee_ids: z.array(z.number().int()),
});
export type AskQuestionResult = z.infer<typeof askQuestionResultSchema>;

/** `PUT /api/responses`: an employee answers their own pending question. */
export const answerQuestionBodySchema = z.object({
  id: referenceId('id'),
  response: responseText,
});
export type AnswerQuestionBody = z.infer<typeof answerQuestionBodySchema>;
export type AnswerQuestionInput = z.input<typeof answerQuestionBodySchema>;

/** One question as the person asked sees it (`GET /api/responses/all`). */
export const ownResponseSchema = z.object({
  id: z.number().int(),
  question: z.string(),
  /** The answer; null while pending. */
  response: z.string().nullable(),
  is_responded: z.boolean(),
  responded_at: timestampSchema.nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type OwnResponse = z.infer<typeof ownResponseSchema>;

/** One question as HR sees it: with the respondent (SPEC.md 3 names them user_name, user_email). */
export const hrResponseSchema = ownResponseSchema.extend({
  employee_id: z.number().int(),
  user_name: z.string(),
  user_email: z.string(),
});
export type HrResponse = z.infer<typeof hrResponseSchema>;

export const RESPONSE_STATUSES = ['answered', 'pending', 'all'] as const;
export type ResponseStatus = (typeof RESPONSE_STATUSES)[number];

const statusField = z.enum(RESPONSE_STATUSES, {
  error: `status must be one of ${RESPONSE_STATUSES.join(', ')}`,
});

/** SPEC.md calls both lists without parameters and shows everything: a whole page by default. */
const wholePageQuerySchema = pageQuerySchema.extend({
  limit: pageLimit.default(MAX_PAGE_SIZE),
});

/** `GET /api/responses/all`: the caller's own questions, pending and answered unless told. */
export const ownResponsesQuerySchema = wholePageQuerySchema.extend({
  status: statusField.default('all'),
});
export type OwnResponsesQuery = z.infer<typeof ownResponsesQuerySchema>;

/**
 * `GET /api/responses/admin/all`: answered ones by default (SPEC.md 6), `status=pending|all` for
 * the rest; search is over the question and the respondent's name and email, ignoring case.
 */
export const hrResponsesQuerySchema = wholePageQuerySchema.extend({
  status: statusField.default('answered'),
  search: z
    .string({ error: 'search must be text' })
    .trim()
    .max(QUESTION_SEARCH_MAX, `search must be at most ${QUESTION_SEARCH_MAX} characters`)
    .optional()
    .transform((value) => (value ? value : undefined)),
});
export type HrResponsesQuery = z.infer<typeof hrResponsesQuerySchema>;
export type HrResponsesParams = z.input<typeof hrResponsesQuerySchema>;

export const ownResponseListSchema = z.object({
  responses: z.array(ownResponseSchema),
  pagination: paginationSchema,
});
export type OwnResponseList = z.infer<typeof ownResponseListSchema>;

export const hrResponseListSchema = z.object({
  responses: z.array(hrResponseSchema),
  pagination: paginationSchema,
});
export type HrResponseList = z.infer<typeof hrResponseListSchema>;

/** `PUT /api/responses` answers the question as it now stands. */
export const answerResultSchema = z.object({ response: ownResponseSchema });
export type AnswerResult = z.infer<typeof answerResultSchema>;
