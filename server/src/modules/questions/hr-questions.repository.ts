import { sql, type AliasedExpression, type Kysely } from 'kysely';
import type { ResponseStatus } from '#contract/questions';
import { pageKeysText, tableVersions } from '../../db/page-keys';
import { queryByShape } from '../../db/prepared-query';
import { countAtVersion } from '../../db/remembered-counts';
import type { DB } from '../../db/schema';
import { listTotalValue } from '../list-totals/list-totals.repository';
import { ftsCount, ftsIds, walkFindsPageSooner } from '../../db/text-search';
import { anyStaffHolds } from '../employees/staff-search';
import { QUESTION_COLUMNS, type QuestionPage } from './questions.repository';
import {
  hrQuestionFilters,
  hrQuestions,
  postgresInState,
  postgresMatches,
  postgresTextMatch,
  staffMatchOf,
  type HrFilterShape,
  type HrFilterValues,
} from './hr-question-filters';

/**
 * HR's question list: its pages (keys or rows) and its counts. What a question must be to match
 * is in hr-question-filters.ts.
 */

type HrPageShape = HrFilterShape & { walk: boolean };
type HrPageValues = HrFilterValues & { limit: number; offset: number };

/**
 * PostgreSQL, walking: the page's ids found in `questions_search` alone, walked newest first
 * through its own index of the list's order (0017; for pending questions that of the pending
 * rows, which the literal `s.pending` lets the planner choose) and each tested as the walk
 * meets it; then only the page's questions and employees are read. Walking the questions and
 * testing each against its row here in a subquery visited both rows of every question walked,
 * about twice the work (migration 0017). The test is wrapped in `is true` so that the planner
 * cannot serve it from the trigram indexes: after an autovacuum's statistics it read every
 * match through them and sorted them instead.
 */
function postgresWalkedPage(db: Kysely<DB>, status: ResponseStatus, values: HrPageValues) {
  return db
    .selectFrom(postgresWalk(status, values).as('p'))
    .innerJoin('questions as q', 'q.id', 'p.id')
    .innerJoin('employees as e', 'e.id', 'q.employee_id')
    .orderBy(sql.ref('p.updated_at'), 'desc')
    .orderBy(sql.ref('p.id'), 'desc');
}

/**
 * The walk itself: the page's rows of `questions_search`, each with its question's version
 * (migration 0031), so the page's keys need no question read.
 */
function postgresWalk(status: ResponseStatus, values: HrPageValues) {
  return sql<{ id: number; row_version: number; updated_at: string }>`(select s.id,
    s.row_version, s.updated_at
    from questions_search as s
    where ${postgresTextMatch(values)} is true ${postgresInState(status)}
    order by s.updated_at desc, s.id desc
    limit ${values.limit} offset ${values.offset})`;
}

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
  shape: HrPageShape,
  values: HrPageValues,
  { employees = true } = {},
) {
  if (shape.walk && shape.search === 'postgres') {
    // The same two tables under the same names, with the page's ids before them.
    return postgresWalkedPage(db, shape.status, values) as unknown as ReturnType<
      typeof hrQuestions
    >;
  }
  return hrQuestions(db, shape, values, shape.walk, { employees })
    .orderBy('q.updated_at', 'desc')
    .orderBy('q.id', 'desc')
    .limit(values.limit)
    .offset(values.offset);
}

/**
 * One page, compiled once per shape (db/prepared-query.ts). Planned once: each form reads alike
 * whatever the values (a newest-first index walked, on PostgreSQL that of `questions_search`,
 * or the matches' ids fetched).
 */
const hrQuestionPage = queryByShape(
  (db: Kysely<DB>, shape: HrPageShape, values: HrPageValues) =>
    hrPage(db, shape, values).select(PAGE_COLUMNS),
  { plannedOnce: () => true },
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
  (db: Kysely<DB>, shape: HrPageShape, values: HrPageValues) => {
    const page: KeyedPage =
      shape.walk && shape.search === 'postgres'
        ? postgresWalk(shape.status, values).as('k')
        : shape.search === null
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
  { plannedOnce: () => true },
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

/**
 * How many questions are in the state (0007's totals), as an expression a search's count reads
 * in its own statement: one trip less through the connection for the page's choice.
 */
function questionsInState(status: ResponseStatus) {
  const [all, answered] = [
    listTotalValue(sql.lit('questions')),
    listTotalValue(sql.lit('questions:answered')),
  ];
  return { all, pending: sql<number | string>`${all} - ${answered}`, answered }[status];
}

/**
 * Questions in the state matching, on PostgreSQL, counted in `questions_search` alone (it holds
 * the state and the employee's text): joining every question to its employee and testing each
 * pending one against both texts cost far more than the page. Read in the same statement: how
 * many questions are in the state, for the page's choice.
 */
function postgresCount(db: Kysely<DB>, status: ResponseStatus, values: HrFilterValues) {
  return db
    .selectFrom(sql<{ id: number }>`(${postgresMatches(status, values)})`.as('matches'))
    .select([sql<number | string>`count(*)`.as('total'), questionsInState(status).as('questions')]);
}

/**
 * Questions in the state matching, on SQLite: those whose text matches, counted by the trigram
 * tables alone (the pending ones in 0012's table of pending questions, rather than testing
 * each match's row; the answered ones as all the
 * matches less the pending), plus those in the state whose employee matches and whose text
 * does not (a disjoint part, usually empty or small; every question has its employee, a
 * foreign key, so no join). Read beside it, as on PostgreSQL: how many questions are in the
 * state.
 */
function sqliteIndexedCount(db: Kysely<DB>, shape: HrFilterShape, values: HrFilterValues) {
  const all = ftsCount('questions_search', values.questionFts);
  const pending = ftsCount('pending_questions_search', values.pendingFts);
  const byText = { all, pending, answered: sql`${all} - ${pending}` }[shape.status];
  const inState = sql.raw(
    {
      all: '',
      pending: 'and +q.responded_at is null',
      answered: 'and +q.responded_at is not null',
    }[shape.status],
  );
  const total = sql<number | string | bigint>`${byText}
    + (select count(*) from questions as q
        where ${staffMatchOf(shape, values, 'q', 'employee_id')} ${inState}
        and q.id not in (${ftsIds('questions_search', values.questionFts)}))`;
  return db.selectNoFrom([total.as('total'), questionsInState(shape.status).as('questions')]);
}

/**
 * A search's count, compiled once per shape, and how many questions are in the state: the
 * trigram tables' or `questions_search`'s count (which picks how to find the page), or, for a
 * short search on SQLite, the matching questions counted as the page finds them (no total of
 * the state, which only the choice needs).
 */
const hrQuestionCount = queryByShape(
  (db: Kysely<DB>, shape: HrFilterShape, values: HrFilterValues) =>
    shape.search === 'postgres'
      ? postgresCount(db, shape.status, values)
      : shape.search === 'trigram'
        ? sqliteIndexedCount(db, shape, values)
        : hrQuestions(db, shape, values).select([
            sql<number | string | bigint>`count(*)`.as('total'),
            sql.lit(0).as('questions'),
          ]),
  // The matches' bitmap whatever the term: planned once.
  { plannedOnce: (shape) => shape.search === 'postgres' },
);

/**
 * One page of HR's questions, newest activity first, and the total: the page's keys, and how to
 * read its rows when the service does not remember them all (questions.service.ts). On PostgreSQL, and on SQLite
 * with the trigram tables, the total comes first and picks how to find the page, as for the
 * audit trail: when many questions match ("work": 1,138 of 5,910 pending), walking the
 * questions newest first and testing each stops after some (offset + limit) × questions /
 * matches rows; when few do ("son": 166), reading the matches and
 * sorting them is quicker.
 */
export async function listHrQuestions(
  db: Kysely<DB>,
  filter: { status: ResponseStatus; search?: string },
  page: QuestionPage,
  dataVersion: number | null = null,
) {
  const { shape: filters, values } = hrQuestionFilters(db, filter);
  // SQLite: the staff left out of the test while none matches, as known at this data version.
  const shape =
    filters.search === 'trigram'
      ? {
          ...filters,
          anyStaff: await countAtVersion(
            db,
            dataVersion,
            `staff holding ${values.staffNeedle}`,
            () => anyStaffHolds(db, values.staffNeedle, filters.staffOneTrigram),
          ),
        }
      : filters;
  const pageOf = (walk: boolean) => {
    const [pageShape, pageValues] = [
      { ...shape, walk },
      { ...values, ...page },
    ];
    return {
      keys: () => hrQuestionKeys(db, pageShape, pageValues),
      rows: () => hrQuestionPage(db, pageShape, pageValues),
    };
  };
  const counted = async () => {
    const [row] = await hrQuestionCount(db, shape, values);
    return [Number(row!.total), Number(row!.questions)] as const;
  };
  if (shape.search === 'postgres' || shape.search === 'trigram') {
    const [total, questions] = await countAtVersion(
      db,
      dataVersion,
      `hr questions ${JSON.stringify(filter)}`,
      counted,
    );
    const found = pageOf(walkFindsPageSooner(total, questions, page));
    const [keys] = await found.keys();
    return { keys: keys!, rows: found.rows, total };
  }
  const found = pageOf(false);
  if (!shape.search) {
    const [keys] = await found.keys();
    return { keys: keys!, rows: found.rows, total: Number(keys!.list_total) };
  }
  const [[keys], [total]] = await Promise.all([found.keys(), counted()]);
  return { keys: keys!, rows: found.rows, total };
}
