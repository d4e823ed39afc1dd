import { sql, type AliasedExpression, type Kysely } from 'kysely';
import type { ResponseStatus } from '#contract/questions';
import { pageKeysText, tableVersions } from '../../db/page-keys';
import { queryByShape } from '../../db/prepared-query';
import { countAtVersion } from '../../db/remembered-counts';
import type { DB } from '../../db/schema';
import { listTotalValue } from '../list-totals/list-totals.repository';
import { QUESTION_COLUMNS, type QuestionPage } from './questions.repository';
import {
  hrQuestionFilters,
  hrQuestions,
  type HrFilterShape,
  type HrFilterValues,
} from './hr-question-filters';

/**
 * HR's question list: its pages (keys or rows) and its counts. What a question must be to match
 * is in hr-question-filters.ts.
 */

type HrPageValues = HrFilterValues & { limit: number; offset: number };

/**
 * What an item of the list shows moves these: its question's own row version (migration 0020),
 * and the version of the employees' table (0021), read once a page instead of each row's
 * employee's version.
 */
const SHOWN_TABLES = ['employees'] as const;
const PAGE_COLUMNS = [
  ...QUESTION_COLUMNS,
  'e.first_name',
  'e.last_name',
  'e.email',
  'q.row_version',
  tableVersions(SHOWN_TABLES).as('tables'),
] as const;

/**
 * One page's questions and employees, in order, before what is read of them is chosen;
 * `employees: false` joins the employees only where a filter tests their rows.
 */
function hrPage(
  db: Kysely<DB>,
  shape: HrFilterShape,
  values: HrPageValues,
  { employees = true } = {},
) {
  return hrQuestions(db, shape, values, { employees })
    .orderBy('q.updated_at', 'desc')
    .orderBy('q.id', 'desc')
    .limit(values.limit)
    .offset(values.offset);
}

// A page reads alike whatever the values (the newest-first index walked, its questions tested
// as it meets them, or their matches from the trigram indexes), except a search of 1-2
// characters, planned for its term: it has no trigram, and a scan serves it.
const plannedOnce = (shape: HrFilterShape) => shape.search === null || shape.trigrams;

/** One page, compiled once per shape (db/prepared-query.ts). */
const hrQuestionPage = queryByShape(
  (db: Kysely<DB>, shape: HrFilterShape, values: HrPageValues) =>
    hrPage(db, shape, values).select(PAGE_COLUMNS),
  { plannedOnce },
);

/** A page's questions, by the id, own version and time the page is ordered by. */
type KeyedPage = AliasedExpression<{ id: number; row_version: number; updated_at: unknown }, 'k'>;

/**
 * The same page's keys alone, in one row (lib/remembered-items.ts, `PageKeys`): what the service
 * needs to give the items it remembers. The page is found as hrPage finds it (without a search,
 * from questions alone: questionsInOrder). It reads an employee only where a filter tests their
 * row (the LIKE on their text, hr-question-filters.ts): the employees' version is their table's,
 * and every question has its employee (a foreign key). On SQLite the walk read the page's
 * employees by id for nothing.
 */
const hrQuestionKeys = queryByShape(
  (db: Kysely<DB>, shape: HrFilterShape, values: HrPageValues) => {
    const page: KeyedPage =
      shape.search === null
        ? questionsInOrder(db, shape.status, values).as('k')
        : hrPage(db, shape, values, { employees: false })
            .select(['q.id', 'q.row_version', 'q.updated_at'])
            .as('k');
    return db.selectFrom(page).select([
      pageKeysText(sql`k.id`, sql`k.row_version`).as('keys'),
      tableVersions(SHOWN_TABLES).as('tables'),
      // Without a search, the total kept by triggers (0007), in the same statement.
      (shape.search === null ? questionsInState(shape.status) : sql`null`).as('list_total'),
    ]);
  },
  { plannedOnce },
);

/**
 * Without a search, the page's questions in the state from questions alone: what hrQuestions
 * joins them with is the employees' text, which only a search tests.
 */
function questionsInOrder(db: Kysely<DB>, status: ResponseStatus, page: QuestionPage) {
  const responded = sql.ref('q.responded_at');
  const inState = {
    all: sql<boolean>`true`,
    pending: sql<boolean>`${responded} is null`,
    answered: sql<boolean>`${responded} is not null`,
  }[status];
  return db
    .selectFrom('questions as q')
    .where(inState)
    .select(['q.id', 'q.row_version', 'q.updated_at'])
    .orderBy('q.updated_at', 'desc')
    .orderBy('q.id', 'desc')
    .limit(page.limit)
    .offset(page.offset);
}

/** How many questions are in the state (0007's totals), for the total of a list without a search. */
function questionsInState(status: ResponseStatus) {
  const [all, answered] = [
    listTotalValue(sql.lit('questions')),
    listTotalValue(sql.lit('questions:answered')),
  ];
  return { all, pending: sql<number | string>`${all} - ${answered}`, answered }[status];
}

/** A search's matching questions, counted as the page finds them, compiled once per shape. */
const hrQuestionCount = queryByShape(
  (db: Kysely<DB>, shape: HrFilterShape, values: HrFilterValues) =>
    hrQuestions(db, shape, values, { employees: false }).select(
      sql<number | string | bigint>`count(*)`.as('total'),
    ),
  { plannedOnce },
);

/**
 * One page of HR's questions, newest activity first, and the total: the page's keys, and how to
 * read its rows when the service does not remember them all (questions.service.ts). A search's
 * total is counted beside the page and remembered at the data version
 * (db/remembered-counts.ts); without one, the total kept by triggers comes with the keys.
 */
export async function listHrQuestions(
  db: Kysely<DB>,
  filter: { status: ResponseStatus; search?: string },
  page: QuestionPage,
  dataVersion: number | null = null,
) {
  const { shape, values } = hrQuestionFilters(db, filter);
  const pageValues = { ...values, ...page };
  const rows = () => hrQuestionPage(db, shape, pageValues);
  if (!shape.search) {
    const [keys] = await hrQuestionKeys(db, shape, pageValues);
    return { keys: keys!, rows, total: Number(keys!.list_total) };
  }
  const counted = async () => {
    const [row] = await hrQuestionCount(db, shape, values);
    return Number(row!.total);
  };
  const [[keys], total] = await Promise.all([
    hrQuestionKeys(db, shape, pageValues),
    countAtVersion(db, dataVersion, `hr questions ${JSON.stringify(filter)}`, counted),
  ]);
  return { keys: keys!, rows, total };
}
