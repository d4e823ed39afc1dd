import { sql, type Kysely } from 'kysely';
import type { ResponseStatus } from '#contract/questions';
import { isPostgres } from '../../db/dialect';
import { plannedOnce } from '../../db/prepared-query';
import { countAtVersion } from '../../db/remembered-counts';
import { PLANNED_ONCE } from '../../db/prepared-statements';
import { containsIgnoringCase, containsPattern, lowerContainsPattern } from '../../db/like';
import type { DB } from '../../db/schema';
import { listTotal, listTotalValue } from '../list-totals/list-totals.repository';
import { staffMatch } from '../employees/staff-search';
import {
  idAmong,
  loweredContains,
  trigramCount,
  trigramMatches,
  usesTrigramTable,
  walkFindsPageSooner,
} from '../../db/text-search';
import { QUESTION_COLUMNS, type QuestionPage } from './questions.repository';

/**
 * HR's questions by status and search. SQLite, for a text of 3 characters or more: the
 * question's and the employee's exact trigram tables (migration 0009, db/text-search.ts), read
 * as one OR of two rowid lists, with the status tested on those rows only (`+` keeps the planner
 * from walking every pending question through the status index instead: 5,900 rows for "work",
 * four times slower); shorter text: the OR of the two LIKEs, row by row. PostgreSQL: the ids
 * matching in 0010's `questions_search`, which holds both texts lower-cased and the state (its
 * walk is postgresWalkedPage). `walk`, on SQLite: the page is found by walking the questions
 * newest first and testing each, the pending ones through their own range of the status index
 * (0011), which is in that order.
 */
function hrQuestions(
  db: Kysely<DB>,
  filter: { status: ResponseStatus; search?: string },
  { walk = false } = {},
) {
  const search = filter.search;
  const indexed = Boolean(search) && sqliteIndexed(db, search!);
  let query = db.selectFrom('questions as q').innerJoin('employees as e', 'e.id', 'q.employee_id');
  const responded = indexed && !walk ? sql`+q.responded_at` : sql.ref('q.responded_at');
  if (filter.status === 'answered') query = query.where(sql<boolean>`${responded} is not null`);
  if (filter.status === 'pending') query = query.where(sql<boolean>`${responded} is null`);
  if (!search) return query;
  if (indexed) return query.where(sqliteIndexedMatch(db, search, walk));
  if (isPostgres(db)) {
    return query.where(idAmong('q.id', postgresMatches(search, filter.status), { walk: false }));
  }
  return query.where(
    sql<boolean>`(${containsIgnoringCase(db, sql.ref('q.question'), search)}
      or ${staffMatch(db, search)})`,
  );
}

/** Whether SQLite's trigram tables answer: both texts, each lowered as its LIKE lowers it. */
function sqliteIndexed(db: Kysely<DB>, search: string) {
  return usesTrigramTable(db, search, 'ascii') && usesTrigramTable(db, search, 'unicode');
}

/**
 * The question's text (LIKE folds ASCII only) or its employee's search_text contains it.
 * `walk`: each question is tested as the newest-first walk meets it, its text by the LIKE
 * itself (what the trigram table answers exactly) rather than against the table's ids: those
 * are every match of any state, read in full before the first row (4,051 for "work", 0.3 ms
 * of a 1.2 ms page; the LIKE walk takes 0.5). Its employee stays among the staff matching, a
 * short list, with `+` so that list does not drive the plan.
 */
function sqliteIndexedMatch(db: Kysely<DB>, search: string, walk = false) {
  const byText = walk
    ? containsIgnoringCase(db, sql.ref('q.question'), search)
    : sql<boolean>`q.id in (${trigramMatches('questions_search', search, 'ascii', 'question')})`;
  const plus = sql.raw(walk ? '+' : '');
  return sql<boolean>`(${byText} or ${plus}${staffMatch(db, search, 'q', 'employee_id')})`;
}

/**
 * PostgreSQL: whether a row `s` of 0010's `questions_search` matches: the question's text
 * (lowered as ILIKE lowers it) or its employee's search_text (lowered as the staff search
 * lowers it) contains the search.
 */
function postgresTextMatch(search: string) {
  return sql<boolean>`(${loweredContains(sql.ref('s.question'), containsPattern(search))}
    or s.employee_text like ${lowerContainsPattern(search)} escape '\\')`;
}

/** PostgreSQL: `questions_search`'s rows in the state, as a condition on its row `s`. */
function postgresInState(status: ResponseStatus) {
  return sql.raw({ all: '', pending: 'and s.pending', answered: 'and not s.pending' }[status]);
}

/**
 * PostgreSQL: the questions in the state that match, from `questions_search` alone: one bitmap
 * over its two trigram indexes, for pending questions those of the pending rows alone (0013),
 * which the literal `s.pending` lets the planner choose.
 */
function postgresMatches(search: string, status: ResponseStatus) {
  return sql<number>`select s.id from questions_search as s
    where ${postgresTextMatch(search)} ${postgresInState(status)}`;
}

/**
 * PostgreSQL, walking: the page's ids found in `questions_search` alone, walked newest first
 * through its own index of the list's order (0017; for pending questions that of the pending
 * rows, which the literal `s.pending` lets the planner choose) and each tested as the walk
 * meets it; then only the page's questions and employees are read. Walking the questions and
 * testing each against its row here in a subquery visited both rows of every question walked:
 * 0.45-0.55 ms for the first page of pending questions matching "work" (282 walked) against
 * 0.25 (migration 0017). The test is wrapped in `is true` so that the planner cannot serve it
 * from the trigram indexes: after an autovacuum's statistics it read all 1,138 matches through
 * them and sorted them instead (1.3 ms).
 */
function postgresWalkedPage(
  db: Kysely<DB>,
  filter: { status: ResponseStatus; search: string },
  page: QuestionPage,
) {
  const ids = sql<{ id: number; updated_at: string }>`(select s.id, s.updated_at
    from questions_search as s
    where ${postgresTextMatch(filter.search)} is true ${postgresInState(filter.status)}
    order by s.updated_at desc, s.id desc
    limit ${page.limit} offset ${page.offset})`.as('p');
  return db
    .selectFrom(ids)
    .innerJoin('questions as q', 'q.id', 'p.id')
    .innerJoin('employees as e', 'e.id', 'q.employee_id')
    .orderBy(sql.ref('p.updated_at'), 'desc')
    .orderBy(sql.ref('p.id'), 'desc');
}

/** Questions by status from the totals kept by triggers (0007); a search counts its matches. */
async function countHrQuestions(
  db: Kysely<DB>,
  filter: { status: ResponseStatus; search?: string },
) {
  if (!filter.search) {
    const [all, answered] = await Promise.all([
      filter.status === 'answered' ? 0 : listTotal(db, 'questions'),
      filter.status === 'all' ? 0 : listTotal(db, 'questions:answered'),
    ]);
    return filter.status === 'all' ? all : filter.status === 'answered' ? answered : all - answered;
  }
  const count = await hrQuestions(db, filter)
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(count.total);
}

/**
 * How many questions are in the state (0007's totals), as an expression a search's count reads
 * in its own statement: one trip less through the connection for the page's choice.
 */
function questionsInState(status: ResponseStatus) {
  const [all, answered] = [listTotalValue('questions'), listTotalValue('questions:answered')];
  return { all, pending: sql`${all} - ${answered}`, answered }[status];
}

/**
 * Questions in the state matching, on PostgreSQL, counted in `questions_search` alone (it holds
 * the state and the employee's text): joining every question to its employee and testing each
 * pending one against both texts cost 7-12 ms for "work". Read in the same statement: how many
 * questions are in the state, for the page's choice.
 */
function postgresCount(search: string, status: ResponseStatus) {
  // The matches' bitmap whatever the term: planned once.
  return sql<{ total: number | string; questions: number | string }>`${sql.raw(PLANNED_ONCE)}
    select count(*) as total, ${questionsInState(status)} as questions
    from (${postgresMatches(search, status)}) as matches`;
}

/**
 * Questions in the state matching, on SQLite: those whose text matches, counted by the trigram
 * tables alone (the pending ones in 0012's table of pending questions: 0.11 ms for "work",
 * where testing each of its 3,945 matches' row took 1.3 ms; the answered ones as all the
 * matches less the pending), plus those in the state whose employee matches and whose text
 * does not (a disjoint part, usually empty or small; every question has its employee, a
 * foreign key, so no join). Read beside it, as on PostgreSQL: how many questions are in the
 * state.
 */
function sqliteIndexedCount(db: Kysely<DB>, search: string, status: ResponseStatus) {
  const all = trigramCount('questions_search', search, 'ascii', 'question');
  const pending = trigramCount('pending_questions_search', search, 'ascii');
  const byText = { all, pending, answered: sql`${all} - ${pending}` }[status];
  const inState = sql.raw(
    {
      all: '',
      pending: 'and +q.responded_at is null',
      answered: 'and +q.responded_at is not null',
    }[status],
  );
  return sql<{ total: number | string | bigint; questions: number | string }>`select
    ${byText}
    + (select count(*) from questions as q
        where ${staffMatch(db, search, 'q', 'employee_id')} ${inState}
        and q.id not in (${trigramMatches('questions_search', search, 'ascii', 'question')}))
    as total, ${questionsInState(status)} as questions`;
}

/**
 * One page of HR's questions, newest activity first, and the total. On PostgreSQL, and on SQLite
 * with the trigram tables, the total comes first and picks how to find the page, as for the
 * audit trail: when
 * many questions match ("work": 1,138 of 5,910 pending), walking the questions newest first
 * and testing each stops after some (offset + limit) × questions / matches rows (0.9 ms instead
 * of 4 ms); when few do ("son": 166), reading the matches and sorting them is quicker.
 */
export async function listHrQuestions(
  db: Kysely<DB>,
  filter: { status: ResponseStatus; search?: string },
  page: QuestionPage,
  dataVersion: number | null = null,
) {
  const search = filter.search;
  // Planned once: each form reads alike whatever the values (a newest-first index walked, on
  // PostgreSQL that of `questions_search`, or the matches' ids fetched).
  const columns = [...QUESTION_COLUMNS, 'e.first_name', 'e.last_name', 'e.email'] as const;
  const rows = (walk: boolean) =>
    walk && search && isPostgres(db)
      ? plannedOnce(postgresWalkedPage(db, { status: filter.status, search }, page))
          .select(columns)
          .execute()
      : plannedOnce(hrQuestions(db, filter, { walk }))
          .select(columns)
          .orderBy('q.updated_at', 'desc')
          .orderBy('q.id', 'desc')
          .limit(page.limit)
          .offset(page.offset)
          .execute();
  const counting = !search
    ? null
    : isPostgres(db)
      ? postgresCount(search, filter.status)
      : sqliteIndexed(db, search)
        ? sqliteIndexedCount(db, search, filter.status)
        : null;
  if (counting) {
    const [total, questions] = await countAtVersion(
      db,
      dataVersion,
      `hr questions ${JSON.stringify(filter)}`,
      async () => {
        const [counted] = (await counting.execute(db)).rows;
        return [Number(counted!.total), Number(counted!.questions)] as const;
      },
    );
    return { rows: await rows(walkFindsPageSooner(total, questions, page)), total };
  }
  const [found, total] = await Promise.all([rows(false), countHrQuestions(db, filter)]);
  return { rows: found, total };
}
