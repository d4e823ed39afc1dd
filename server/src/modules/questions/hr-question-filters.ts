import { sql, type Kysely } from 'kysely';
import type { ResponseStatus } from '#contract/questions';
import { isPostgres } from '../../db/dialect';
import { containsPattern, likeIgnoringCase } from '../../db/like';
import type { DB } from '../../db/schema';
import { staffSearchTerm, staffTermMatch } from '../employees/staff-search';
import {
  ftsIds,
  idAmong,
  loweredContains,
  trigramQuery,
  usesTrigramTable,
} from '../../db/text-search';

/** What HR's question list matches: by status and search, the way each engine is asked. */

/**
 * How HR's question search is asked, made from the text once: `trigram` where SQLite's exact
 * trigram tables (migration 0009, db/text-search.ts) answer both the question's text and its
 * employee's, `like` for shorter text on SQLite, `postgres` for 0010's `questions_search`; with
 * the patterns and FTS5 queries each way needs, as a compiled query's values. The staff side is
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
  const indexed = search === 'trigram';
  return {
    shape: {
      status,
      search,
      staff: staff.index,
      staffOneTrigram: staff.oneTrigram,
      /** Whether any employee may match: false once known that none does (listHrQuestions). */
      anyStaff: true,
    },
    values: {
      questionPattern: text ? containsPattern(text) : '',
      staffPattern: staff.pattern,
      staffNeedle: staff.needle,
      questionFts: indexed ? trigramQuery(text!, 'ascii', 'question') : '',
      pendingFts: indexed ? trigramQuery(text!, 'ascii') : '',
    },
  };
}

export type HrFilterShape = ReturnType<typeof hrQuestionFilters>['shape'];
export type HrFilterValues = ReturnType<typeof hrQuestionFilters>['values'];

/** Whether SQLite's trigram tables answer: both texts, each lowered as its LIKE lowers it. */
function sqliteIndexed(db: Kysely<DB>, search: string) {
  return usesTrigramTable(db, search, 'ascii') && usesTrigramTable(db, search, 'unicode');
}

/** The staff matching the search, as a test of `alias`'s row (see staffTermMatch). */
export function staffMatchOf(
  shape: HrFilterShape,
  values: HrFilterValues,
  alias = 'e',
  idColumn = 'id',
) {
  const term = {
    index: shape.staff,
    needle: values.staffNeedle,
    oneTrigram: shape.staffOneTrigram,
    pattern: values.staffPattern,
  };
  return staffTermMatch(term, alias, idColumn);
}

/**
 * HR's questions by status and search. SQLite, `trigram`: the question's and the employee's
 * exact trigram tables, read as one OR of two rowid lists, with the status tested on those rows
 * only (`+` keeps the planner from walking every pending question through the status index
 * instead, reading far more rows for a common word); `like`: the OR of the two LIKEs, row by
 * row. PostgreSQL: the ids matching in 0010's `questions_search`, which holds both texts
 * lower-cased and the state (its walk is postgresWalkedPage). `walk`, on SQLite: the page is
 * found by walking the questions newest first and testing each, the pending ones through their
 * own range of the status index (0011), which is in that order.
 */
export function hrQuestions(
  db: Kysely<DB>,
  shape: HrFilterShape,
  values: HrFilterValues,
  walk = false,
  { employees = true } = {},
) {
  const joined = db
    .selectFrom('questions as q')
    .innerJoin('employees as e', 'e.id', 'q.employee_id');
  // Without `employees`, their rows only where a filter tests them (the LIKE on their text): every
  // question has its employee (a foreign key), and the other filters test its id alone.
  let query =
    employees || shape.search === 'like'
      ? joined
      : (db.selectFrom('questions as q') as unknown as typeof joined);
  const indexed = shape.search === 'trigram';
  const responded = indexed && !walk ? sql`+q.responded_at` : sql.ref('q.responded_at');
  if (shape.status === 'answered') query = query.where(sql<boolean>`${responded} is not null`);
  if (shape.status === 'pending') query = query.where(sql<boolean>`${responded} is null`);
  if (shape.search === null) return query;
  if (indexed) return query.where(sqliteIndexedMatch(db, shape, values, walk));
  if (shape.search === 'postgres') {
    return query.where(idAmong('q.id', postgresMatches(shape.status, values), { walk: false }));
  }
  const byText = likeIgnoringCase(db, sql.ref('q.question'), values.questionPattern);
  return query.where(sql<boolean>`(${byText} or ${staffMatchOf(shape, values)})`);
}

/**
 * The question's text (LIKE folds ASCII only) or its employee's search_text contains it.
 * `walk`: each question is tested as the newest-first walk meets it, its text by the LIKE
 * itself (what the trigram table answers exactly) rather than against the table's ids: those
 * are every match of any state, read in full before the first row, which cost more than the
 * LIKE walk itself. Its employee stays among the staff matching, a
 * short list, with `+` so that list does not drive the plan.
 */
function sqliteIndexedMatch(
  db: Kysely<DB>,
  shape: HrFilterShape,
  values: HrFilterValues,
  walk: boolean,
) {
  const byText = walk
    ? likeIgnoringCase(db, sql.ref('q.question'), values.questionPattern)
    : sql<boolean>`q.id in (${ftsIds('questions_search', values.questionFts)})`;
  if (!shape.anyStaff) return byText;
  const plus = sql.raw(walk ? '+' : '');
  return sql<boolean>`(${byText} or ${plus}${staffMatchOf(shape, values, 'q', 'employee_id')})`;
}

/**
 * PostgreSQL: whether a row `s` of 0010's `questions_search` matches: the question's text
 * (lowered as ILIKE lowers it) or its employee's search_text (lowered as the staff search
 * lowers it) contains the search.
 */
export function postgresTextMatch(values: HrFilterValues) {
  return sql<boolean>`(${loweredContains(sql.ref('s.question'), values.questionPattern)}
    or s.employee_text like ${values.staffPattern} escape '\\')`;
}

/** PostgreSQL: `questions_search`'s rows in the state, as a condition on its row `s`. */
export function postgresInState(status: ResponseStatus) {
  return sql.raw({ all: '', pending: 'and s.pending', answered: 'and not s.pending' }[status]);
}

/**
 * PostgreSQL: the questions in the state that match, from `questions_search` alone: one bitmap
 * over its two trigram indexes, for pending questions those of the pending rows alone (0013),
 * which the literal `s.pending` lets the planner choose.
 */
export function postgresMatches(status: ResponseStatus, values: HrFilterValues) {
  return sql<number>`select s.id from questions_search as s
    where ${postgresTextMatch(values)} ${postgresInState(status)}`;
}
