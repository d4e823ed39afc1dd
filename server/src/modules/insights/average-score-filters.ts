import { sql, type Compilable, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { DB } from '../../db/schema';
import { lowerContainsPattern } from '../../db/like';
import { plannedOnce, queryByShape } from '../../db/prepared-query';

/** What the average-score list and its export keep of the staff: a search and a department. */

export interface AverageScoreFilters {
  search?: string | undefined;
  department?: string | undefined;
}

/** Which filters apply: what decides a list's SQL text (db/prepared-query.ts). */
export interface FilterShape {
  search: boolean;
  department: boolean;
}

/**
 * The filters' values: the search as its LIKE pattern, made before the query. A type alias, as
 * queryByShape's values must be a record (an interface has no index signature).
 */
export type FilterValues = {
  pattern: string;
  department: string;
};

export const shapeOf = (filters: AverageScoreFilters): FilterShape => ({
  search: filters.search !== undefined,
  department: filters.department !== undefined,
});

export const valuesOf = (filters: AverageScoreFilters): FilterValues => ({
  pattern: filters.search === undefined ? '' : lowerContainsPattern(filters.search),
  department: filters.department ?? '',
});

export function filteredByShape(db: Kysely<DB>, shape: FilterShape, values: FilterValues) {
  let query = db.selectFrom('employees as e');
  if (shape.department) query = query.where('e.department', '=', values.department);
  if (shape.search) {
    const matches = (expression: Expression<string>) =>
      sql<SqlBool>`lower(${expression}) like ${values.pattern} escape '\\'`;
    query = query.where((eb) =>
      eb.or([
        matches(sql`${eb.ref('e.first_name')} || ' ' || ${eb.ref('e.last_name')}`),
        matches(eb.ref('e.email')),
      ]),
    );
  }
  return query;
}

/** The staff the filters keep, for a query built with their values (the CSV exports). */
export function filteredEmployees(db: Kysely<DB>, filters: AverageScoreFilters) {
  const shape = shapeOf(filters);
  const query = filteredByShape(db, shape, valuesOf(filters));
  return shape.search ? query : plannedOnce(query);
}

/**
 * The list's queries, compiled once per shape and direction (db/prepared-query.ts). Without a
 * search, each list walks its index (name or rank) whatever the values, so it is planned once;
 * a search's pattern decides how many rows match, so it is planned for each.
 */
export function byShape<Shape extends FilterShape, Values extends Record<string, unknown>, Row>(
  build: (db: Kysely<DB>, shape: Shape, values: FilterValues & Values) => Compilable<Row>,
) {
  return queryByShape(build, { plannedOnce: (shape) => !shape.search });
}
