import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema';
import {
  byShape,
  filteredByShape,
  shapeOf,
  valuesOf,
  type AverageScoreFilters,
  type FilterShape,
  type FilterValues,
} from './average-score-filters';

// How many staff the average-score list holds, and how many of them have a score: counted for
// a search, read from the totals kept by triggers otherwise. The scored are where a page by
// score passes from one run to the other (average-scores.service.ts).

const employeesCount = byShape((db, shape: FilterShape, values) =>
  filteredByShape(db, shape, values).select((eb) => eb.fn.countAll<number>().as('n')),
);

const scoredEmployeesCount = byShape((db, shape: FilterShape, values) =>
  filteredByShape(db, shape, values)
    .innerJoin('employee_scores as s', 's.employee_id', 'e.id')
    .where('s.metric_count', '>', sql.lit(0))
    .select((eb) => eb.fn.countAll<number>().as('n')),
);

/** The staff a search keeps, counted. */
export async function countEmployees(db: Kysely<DB>, filters: AverageScoreFilters) {
  const [row] = await employeesCount(db, shapeOf(filters), valuesOf(filters));
  return Number(row?.n ?? 0);
}

/** The scored staff a search keeps, counted. */
export async function countScoredEmployees(db: Kysely<DB>, filters: AverageScoreFilters) {
  const [row] = await scoredEmployeesCount(db, shapeOf(filters), valuesOf(filters));
  return Number(row?.n ?? 0);
}

/**
 * The staff the filters keep, and the scored among them, as kept by 0004's triggers: for a
 * department, its totals' row; for everyone, the staff count and the score histogram's sum.
 * Only without a search, which makes them unknowable but by counting.
 */
export function keptCounts(shape: FilterShape, values: FilterValues) {
  if (shape.department) {
    const totals = (column: 'staff_count' | 'scored_staff_count') =>
      sql<number | string>`coalesce((select cast(sum(${sql.ref(column)}) as bigint)
        from department_totals where department = ${values.department}), 0)`;
    return { total: totals('staff_count'), scored: totals('scored_staff_count') };
  }
  return {
    total: sql<number | string>`coalesce((select cast(sum(value) as bigint) from insight_totals
      where name = 'employees'), 0)`,
    scored: sql<number | string>`coalesce((select sum(staff_count) from score_histogram), 0)`,
  };
}

/**
 * For a run read first with the counts (no search): whether the page starts inside it, tested
 * once before any entry is read (a constant condition), so a page past its end walks none of it.
 */
export function startsInRun(
  shape: FilterShape,
  values: FilterValues & { offset: number },
  run: 'scored' | 'unscored',
): RawBuilder<boolean> {
  const { total, scored } = keptCounts(shape, values);
  const size = run === 'scored' ? scored : sql`(${total} - ${scored})`;
  return sql<boolean>`${values.offset} < ${size}`;
}
