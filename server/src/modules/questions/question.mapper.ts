import type { HrResponse, OwnResponse } from '#contract/questions';
import { toIso, toIsoOrNull } from '../../lib/clock';

interface QuestionColumns {
  id: number;
  employee_id: number;
  question: string;
  response: string | null;
  responded_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

interface RespondentColumns {
  first_name: string;
  last_name: string;
  email: string;
}

/** A question as the employee asked sees it; the same on SQLite and PostgreSQL. */
export function toOwnResponse(row: QuestionColumns): OwnResponse {
  return {
    id: row.id,
    question: row.question,
    response: row.response,
    is_responded: row.responded_at !== null,
    responded_at: toIsoOrNull(row.responded_at),
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  };
}

/**
 * A question as HR sees it: with the respondent's name and email (SPEC.md section 3). The fields
 * are added to the employee's view rather than spread into a new object: the spread's copy of
 * every key was a visible share of a page's time.
 */
export function toHrResponse(row: QuestionColumns & RespondentColumns): HrResponse {
  return Object.assign(toOwnResponse(row), {
    employee_id: row.employee_id,
    user_name: `${row.first_name} ${row.last_name}`.trim(),
    user_email: row.email,
  });
}
