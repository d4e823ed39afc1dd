import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { DB } from '../../db/schema';
import { lowerContainsPattern } from '../../db/like';
import { plannedOnce } from '../../db/prepared-query';

/**
 * The average-score list: every employee with their score totals (0 when they have none).
 * Filtering, ordering and paging all happen in SQL. Sorting by score walks the rank index for
 * the scored staff and the name index for the others, so no page sorts the whole staff.
 */

export interface AverageScoreFilters {
  search?: string | undefined;
  department?: string | undefined;
}

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

export type Direction = 'asc' | 'desc';

/**
 * Without a search, each list walks its index (name or rank) whatever the values, so it is
 * planned once; a search's pattern decides how many rows match, so it is planned for each.
 */
export function filteredEmployees(db: Kysely<DB>, filters: AverageScoreFilters) {
  let query = db.selectFrom('employees as e');
  if (filters.search === undefined) query = plannedOnce(query);
  if (filters.department !== undefined)
    query = query.where('e.department', '=', filters.department);
  if (filters.search !== undefined) {
    const pattern = lowerContainsPattern(filters.search);
    const matches = (expression: Expression<string>) =>
      sql<SqlBool>`lower(${expression}) like ${pattern} escape '\\'`;
    query = query.where((eb) =>
      eb.or([
        matches(sql`${eb.ref('e.first_name')} || ' ' || ${eb.ref('e.last_name')}`),
        matches(eb.ref('e.email')),
      ]),
    );
  }
  return query;
}

export const EMPLOYEE_COLUMNS = [
  'e.id',
  'e.first_name',
  'e.last_name',
  'e.email',
  'e.position',
  'e.department',
] as const;

export async function countEmployees(db: Kysely<DB>, filters: AverageScoreFilters) {
  const row = await filteredEmployees(db, filters)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countScoredEmployees(db: Kysely<DB>, filters: AverageScoreFilters) {
  const row = await filteredEmployees(db, filters)
    .innerJoin('employee_scores as s', 's.employee_id', 'e.id')
    .where('s.metric_count', '>', 0)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Staff in name order (last name, first name, id), with their scores if any. */
export function listByName(
  db: Kysely<DB>,
  filters: AverageScoreFilters,
  direction: Direction,
  page: { limit: number; offset: number },
): Promise<AverageScoreRow[]> {
  return filteredEmployees(db, filters)
    .leftJoin('employee_scores as s', 's.employee_id', 'e.id')
    .select([...EMPLOYEE_COLUMNS, 's.average_score', 's.metric_count'])
    .orderBy('e.last_name', direction)
    .orderBy('e.first_name', direction)
    .orderBy('e.id', direction)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** Scored staff by average score, then metric count, in `direction`; ties by name, then id. */
export function listScored(
  db: Kysely<DB>,
  filters: AverageScoreFilters,
  direction: Direction,
  page: { limit: number; offset: number },
): Promise<AverageScoreRow[]> {
  return filteredEmployees(db, filters)
    .innerJoin('employee_scores as s', 's.employee_id', 'e.id')
    .where('s.metric_count', '>', 0)
    .select([...EMPLOYEE_COLUMNS, 's.average_score', 's.metric_count'])
    .orderBy('s.average_score', direction)
    .orderBy('s.metric_count', direction)
    .orderBy('e.last_name')
    .orderBy('e.first_name')
    .orderBy('e.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** Staff with no metric value yet (score 0), by name. */
export function listUnscored(
  db: Kysely<DB>,
  filters: AverageScoreFilters,
  page: { limit: number; offset: number },
): Promise<AverageScoreRow[]> {
  return filteredEmployees(db, filters)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('employee_scores as s')
            .select('s.employee_id')
            .whereRef('s.employee_id', '=', 'e.id')
            .where('s.metric_count', '>', 0),
        ),
      ),
    )
    .select([
      ...EMPLOYEE_COLUMNS,
      sql<null>`null`.as('average_score'),
      sql<null>`null`.as('metric_count'),
    ])
    .orderBy('e.last_name')
    .orderBy('e.first_name')
    .orderBy('e.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** Staff and scored staff from the maintained totals, when no search makes them unknowable. */
export async function maintainedCounts(
  db: Kysely<DB>,
  department: string | undefined,
): Promise<{ total: number; scored: number }> {
  if (department !== undefined) {
    const row = await plannedOnce(db.selectFrom('department_totals'))
      .select(['staff_count', 'scored_staff_count'])
      .where('department', '=', department)
      .executeTakeFirst();
    return { total: Number(row?.staff_count ?? 0), scored: Number(row?.scored_staff_count ?? 0) };
  }
  const row = await plannedOnce(
    db.selectNoFrom((eb) => [
      eb.selectFrom('insight_totals').select('value').where('name', '=', 'employees').as('total'),
      eb
        .selectFrom('score_histogram')
        .select((inner) => inner.fn.sum<number>('staff_count').as('n'))
        .as('scored'),
    ]),
  ).executeTakeFirstOrThrow();
  return { total: Number(row.total ?? 0), scored: Number(row.scored ?? 0) };
}
