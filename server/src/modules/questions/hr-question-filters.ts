import { sql, type Kysely } from 'kysely';
import type { ResponseStatus } from '#contract/questions';
import { isPostgres } from '../../db/dialect';
import { containsPattern, likeIgnoringCase } from '../../db/like';
import type { DB } from '../../db/schema';
import { staffSearchTerm, staffTermMatch } from '../employees/staff-search';
import { ftsIds, loweredContains, trigramQuery, usesTrigramIndex } from '../../db/text-search';

/** What HR's question list matches: by status and search, the way each engine is asked. */

/**
 * How HR's question search is asked, made from the text once: `trigram` where SQLite's FTS5
 * trigram indexes (migration 0005, db/text-search.ts) answer both the question's text and its
 * employee's, `like` for shorter text on SQLite, `postgres` for the questions' lowered text and
 * the employees' search_text (each a stored column with its GIN trigram index); with the
 * patterns and FTS5 queries each way needs, as a compiled query's values. The staff side is
 * asked as the staff search asks it (staffSearchTerm).
 */
export function hrQuestionFilters(
  db: Kysely<DB>,
  { status, search: text }: { status: ResponseStatus; search?: string },
) {
  const staff = staffSearchTerm(db, text ?? '');
  const search: 'trigram' | 'like' | 'postgres' | null = !text
    ? null
    : isPostgres(db)
      ? 'postgres'
      : sqliteIndexed(db, text)
        ? 'trigram'
        : 'like';
  return {
    shape: { status, search, staff: staff.index, trigrams: staff.trigrams },
    values: {
      questionPattern: text ? containsPattern(text) : '',
      staffPattern: staff.pattern,
      staffFts: staff.fts,
      questionFts: search === 'trigram' ? trigramQuery(text!, 'ascii') : '',
    },
  };
}

export type HrFilterShape = ReturnType<typeof hrQuestionFilters>['shape'];
export type HrFilterValues = ReturnType<typeof hrQuestionFilters>['values'];

/** Whether SQLite's trigram indexes answer: both texts, each lowered as its LIKE lowers it. */
function sqliteIndexed(db: Kysely<DB>, search: string) {
  return usesTrigramIndex(db, search, 'ascii') && usesTrigramIndex(db, search, 'unicode');
}

/** The staff matching the search, as a test of `alias`'s row (see staffTermMatch). */
function staffMatchOf(shape: HrFilterShape, values: HrFilterValues, alias = 'e', idColumn = 'id') {
  const term = { index: shape.staff, fts: values.staffFts, pattern: values.staffPattern };
  return staffTermMatch(term, alias, idColumn);
}

/**
 * HR's questions by status and search. SQLite, `trigram`: the question's and the employee's
 * trigram indexes, read as one OR of two rowid lists, with the status tested on those rows only
 * (`+` keeps the planner from walking every pending question through the status index instead,
 * reading far more rows for a common word); `like`: the OR of the two LIKEs, row by row.
 * PostgreSQL: the question's lowered text (as ILIKE lowers it) or its employee's search_text
 * (as the staff search lowers it) contains the search. `employees: false` joins the employees
 * only where a filter tests their rows: every question has its employee (a foreign key).
 */
export function hrQuestions(
  db: Kysely<DB>,
  shape: HrFilterShape,
  values: HrFilterValues,
  { employees = true } = {},
) {
  const joined = db
    .selectFrom('questions as q')
    .innerJoin('employees as e', 'e.id', 'q.employee_id');
  let query =
    employees || shape.search === 'like' || shape.search === 'postgres'
      ? joined
      : (db.selectFrom('questions as q') as unknown as typeof joined);
  const indexed = shape.search === 'trigram';
  const responded = indexed ? sql`+q.responded_at` : sql.ref('q.responded_at');
  if (shape.status === 'answered') query = query.where(sql<boolean>`${responded} is not null`);
  if (shape.status === 'pending') query = query.where(sql<boolean>`${responded} is null`);
  if (shape.search === null) return query;
  if (indexed) {
    const byText = sql<boolean>`q.id in (${ftsIds('questions_search', values.questionFts)})`;
    return query.where(
      sql<boolean>`(${byText} or ${staffMatchOf(shape, values, 'q', 'employee_id')})`,
    );
  }
  if (shape.search === 'postgres') {
    return query.where(
      sql<boolean>`(${loweredContains(sql.ref('q.search_question'), values.questionPattern)}
        or e.search_text like ${values.staffPattern} escape '\\')`,
    );
  }
  const byText = likeIgnoringCase(db, sql.ref('q.question'), values.questionPattern);
  return query.where(sql<boolean>`(${byText} or ${staffMatchOf(shape, values)})`);
}
