import {
  sql,
  type AliasedExpression,
  type Kysely,
  type RawBuilder,
  type SelectQueryBuilder,
} from 'kysely';
import type { DB } from '../../db/schema';
import { pageKeysText } from '../../db/page-keys';
import type { PageKeys } from '../../lib/remembered-items';
import { keptCounts, startsInRun } from './average-score-counts';
import { firstPageByName } from './average-score-first-page';
import {
  byShape,
  filteredByShape,
  shapeOf,
  valuesOf,
  type AverageScoreFilters,
  type FilterValues,
} from './average-score-filters';
import {
  VERSION,
  shownTables,
  type Direction,
  type Ordered,
  type PageValues,
} from './average-score-versions';

/**
 * The average-score list: every employee with their score totals (0 when they have none).
 * Filtering, ordering and paging all happen in SQL. Sorting by score walks the rank index for
 * the scored staff and the name index for the others, so no page sorts the whole staff.
 */

export interface AverageScoreRow {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  position: string;
  department: string;
  average_score: number | null;
  metric_count: number | null;
}

export const EMPLOYEE_COLUMNS = [
  'e.id',
  'e.first_name',
  'e.last_name',
  'e.email',
  'e.position',
  'e.department',
] as const;

/** A row of the list: the employee with their scores, and the version of what it shows. */
export type AverageScoreListRow = AverageScoreRow & { version: string; tables: string | null };

/** A row of the runs that read each employee's scores (the names' and the scored). */
const SCORED_ROW = [
  ...EMPLOYEE_COLUMNS,
  's.average_score',
  's.metric_count',
  VERSION.scored,
  shownTables(),
] as const;
const NO_SCORE = {
  average: sql<null>`null`.as('average_score'),
  count: sql<null>`null`.as('metric_count'),
};

function byNameOrder(db: Kysely<DB>, shape: Ordered, values: FilterValues & PageValues) {
  return filteredByShape(db, shape, values)
    .leftJoin('employee_scores as s', 's.employee_id', 'e.id')
    .orderBy('e.last_name', shape.direction)
    .orderBy('e.first_name', shape.direction)
    .orderBy('e.id', shape.direction)
    .limit(values.limit)
    .offset(values.offset);
}

/**
 * The scored run's page as `s`: the score rows of the staff the filters keep, in the run's
 * order, cut to the window, with what an entry's version shows of them. Without filters it is
 * read from the rank index alone, names and sum included (migration 0022): the rows a deep page
 * skips are never looked up, in the score rows or in `employees`.
 */
function scoredPage(db: Kysely<DB>, shape: Ordered, values: FilterValues & PageValues) {
  const scores =
    shape.search || shape.department
      ? (filteredByShape(db, shape, values).innerJoin(
          'employee_scores as r',
          'r.employee_id',
          'e.id',
        ) as unknown as ScoreRows)
      : db.selectFrom('employee_scores as r');
  return scores
    .where('r.metric_count', '>', sql.lit(0))
    .$if(Boolean(shape.counted), (q) => q.where(startsInRun(shape, values, 'scored')))
    .select([
      'r.employee_id',
      'r.average_score',
      'r.metric_count',
      'r.value_sum_hundredths',
      'r.last_name',
      'r.first_name',
    ])
    .orderBy('r.average_score', shape.direction)
    .orderBy('r.metric_count', shape.direction)
    .orderBy('r.last_name')
    .orderBy('r.first_name')
    .orderBy('r.employee_id')
    .limit(values.limit)
    .offset(values.offset)
    .as('s');
}

type ScoreRows = SelectQueryBuilder<DB & { r: DB['employee_scores'] }, 'r', object>;

/** The scored run's page joined with its employees, in the run's order (its rows). */
function scoredOrder(db: Kysely<DB>, shape: Ordered, values: FilterValues & PageValues) {
  return db
    .selectFrom(scoredPage(db, shape, values))
    .innerJoin('employees as e', 'e.id', 's.employee_id')
    .orderBy('s.average_score', shape.direction)
    .orderBy('s.metric_count', shape.direction)
    .orderBy('s.last_name')
    .orderBy('s.first_name')
    .orderBy('s.employee_id');
}

function unscoredOrder(db: Kysely<DB>, shape: Ordered, values: FilterValues & PageValues) {
  return filteredByShape(db, shape, values)
    .$if(Boolean(shape.counted), (q) => q.where(startsInRun(shape, values, 'unscored')))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('employee_scores as s')
            .select('s.employee_id')
            .whereRef('s.employee_id', '=', 'e.id')
            .where('s.metric_count', '>', sql.lit(0)),
        ),
      ),
    )
    .orderBy('e.last_name')
    .orderBy('e.first_name')
    .orderBy('e.id')
    .limit(values.limit)
    .offset(values.offset);
}

/**
 * A page's keys in one row, from its rows `k` (each with its id and version), with the staff the
 * filters keep when no search makes them unknowable (keptCounts): one statement for the name
 * order instead of two; and, for the first run by score, the scored staff too, which tell where
 * the second run starts.
 */
function pageKeys(
  db: Kysely<DB>,
  page: AliasedExpression<{ id: number; version: string }, 'k'>,
  shape: Ordered,
  values: FilterValues,
) {
  const counts = shape.search ? null : keptCounts(shape, values);
  const none = sql<null>`null`;
  const total: RawBuilder<number | string | null> = counts?.total ?? none;
  const scored: RawBuilder<number | string | null> = shape.counted && counts ? counts.scored : none;
  return db
    .selectFrom(page)
    .select([
      pageKeysText(sql`k.id`, sql`k.version`).as('keys'),
      shownTables(),
      total.as('list_total'),
      scored.as('scored_total'),
    ]);
}

const pages = {
  byName: {
    rows: byShape((db, shape: Ordered, values: FilterValues & PageValues) =>
      byNameOrder(db, shape, values).select(SCORED_ROW),
    ),
    keys: byShape((db, shape: Ordered, values: FilterValues & PageValues) =>
      pageKeys(
        db,
        byNameOrder(db, shape, values).select(['e.id', VERSION.scored]).as('k'),
        shape,
        values,
      ),
    ),
  },
  scored: {
    rows: byShape((db, shape: Ordered, values: FilterValues & PageValues) =>
      scoredOrder(db, shape, values).select(SCORED_ROW),
    ),
    keys: byShape((db, shape: Ordered, values: FilterValues & PageValues) =>
      pageKeys(
        db,
        db
          .selectFrom(scoredPage(db, shape, values))
          .select([sql<number>`s.employee_id`.as('id'), VERSION.scored])
          .as('k'),
        shape,
        values,
      ),
    ),
  },
  unscored: {
    rows: byShape((db, shape: Ordered, values: FilterValues & PageValues) =>
      unscoredOrder(db, shape, values).select([
        ...EMPLOYEE_COLUMNS,
        NO_SCORE.average,
        NO_SCORE.count,
        VERSION.unscored,
        shownTables(),
      ]),
    ),
    keys: byShape((db, shape: Ordered, values: FilterValues & PageValues) =>
      pageKeys(
        db,
        unscoredOrder(db, shape, values).select(['e.id', VERSION.unscored]).as('k'),
        shape,
        values,
      ),
    ),
  },
};

export type AverageScorePage = 'byName' | 'scored' | 'unscored';

/**
 * A page of one of the list's runs, in `direction` (the unscored run is always by name): its
 * keys in one row, or its rows whole. byName: staff in name order (last name, first name, id),
 * with their scores if any; scored: scored staff by average score, then metric count, in
 * `direction`, ties by name, then id; unscored: staff with no metric value yet (score 0), by
 * name. `counted`: the first run by score with no search, its keys read with the kept counts
 * (`Ordered`).
 */
export const averageScorePage = {
  async keys(
    db: Kysely<DB>,
    which: AverageScorePage,
    filters: AverageScoreFilters,
    direction: Direction,
    window: PageValues,
    { counted = false } = {},
  ): Promise<
    PageKeys & { list_total: number | string | null; scored_total: number | string | null }
  > {
    const shape = { ...shapeOf(filters), direction, counted };
    const values = { ...valuesOf(filters), ...window };
    if (which === 'byName' && window.offset === 0 && !shape.search && !shape.department) {
      return { ...(await firstPageByName(db, shape, values)), scored_total: null };
    }
    const [keys] = await pages[which].keys(db, shape, values);
    return keys!;
  },
  rows(
    db: Kysely<DB>,
    which: AverageScorePage,
    filters: AverageScoreFilters,
    direction: Direction,
    window: PageValues,
  ): Promise<AverageScoreListRow[]> {
    return pages[which].rows(
      db,
      { ...shapeOf(filters), direction },
      { ...valuesOf(filters), ...window },
    );
  },
};
