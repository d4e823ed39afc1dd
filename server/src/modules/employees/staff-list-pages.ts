import { sql, type AliasedExpression, type Expression } from 'kysely';
import type { EmployeeSortField } from '#contract/employee-options';
import type { ListEmployeesQuery } from '#contract/employees';
import { postgresPostingsPage, postingsPage } from '../../db/text-search';
import type { StaffFilterShape, StaffFilterValues } from './staff-list-filters';

/**
 * The staff list's page as a derived table `p`, and the two ways a search alone in a name order
 * finds it in a table of its own instead of among the employees: PostgreSQL's staff search
 * table (migration 0016), SQLite's trigram table in name order (0023). staff-list.repository.ts
 * reads the page's keys or rows from it.
 */

export type StaffPageShape = StaffFilterShape &
  Pick<ListEmployeesQuery, 'sort' | 'order'> & { readFirst: boolean; ordered: boolean };
export type StaffPageValues = StaffFilterValues & { limit: number; offset: number };
export type PageOrder = [Expression<unknown>, 'asc' | 'desc'][];

/** The page's ids and the values they are ordered by (or its ids alone, when asked), as `p`. */
export type PageTable = AliasedExpression<{ id: number }, 'p'>;

/** The column of the page's derived table holding its `i`th sort key. */
export const sortKey = (i: number) => `sort_key_${i}`;

const sqlDirection = (direction: 'asc' | 'desc') => sql.raw(direction === 'desc' ? 'desc' : 'asc');

/**
 * Whether a search's page is read in name order from the trigram postings (SQLite: migrations
 * 0023 and 0025; PostgreSQL: 0027): a search of 3 characters or more alone, in the name order
 * the postings hold (either direction). The page's 50 matches are read in order and no more,
 * however many match: no choosing from the count between walking the list and sorting every
 * match.
 */
export function inNameOrder(shape: StaffFilterShape, query: ListEmployeesQuery): boolean {
  return shape.posted && !shape.department && !shape.status && query.sort === 'last_name';
}

/**
 * SQLite: a search alone in name order (inNameOrder): the page cut in its trigram postings, which
 * hold the staff in that order, and kept in it. Its ids alone are the postings' (the keys
 * statement reads no employee); otherwise the page's employees are read, by id, for the name
 * order's keys, which the rows statement orders the page's rows by.
 */
export function nameOrderPage(
  shape: StaffPageShape,
  values: StaffPageValues,
  { idsOnly }: { idsOnly: boolean },
): PageTable | null {
  if (!shape.ordered) return null;
  const page = { ...values, first: shape.order === 'asc' };
  const { from, order } = postingsPage('employees_search', values.needle, page, shape.oneTrigram);
  if (idsOnly) return sql<{ id: number }>`(select ps.id from ${from})`.as('p');
  return sql<{ id: number }>`(select e.id, lower(e.last_name) as ${sql.ref(sortKey(0))},
      lower(e.first_name) as ${sql.ref(sortKey(1))}
    from ${from} join employees as e on e.id = ps.id order by ${order})`.as('p');
}

/** The keys of the name orders in PostgreSQL's staff search table (migration 0016). */
const SEARCH_TABLE_KEYS: Partial<Record<EmployeeSortField, [string, string]>> = {
  last_name: ['s.last_key', 's.first_key'],
  first_name: ['s.first_key', 's.last_key'],
};

/**
 * PostgreSQL: a search alone in a name order, read first (see listEmployees) or in name order
 * (inNameOrder), finds and orders its page without reading the employees' rows; null for any
 * other list. Read first, in 0016's search table (that migration says what it saves); in name
 * order, in 0027's postings, the needle's first trigram's read in order and, for a longer
 * needle, each one's search text rechecked. Its keys are the name order's, lower-cased by the
 * tables. No employee's row is read: the keys statement needs their ids alone (the staff list's
 * items are versioned by the employees table's version, NO_OWN_VERSION in db/page-keys.ts).
 */
export function searchTablePage(shape: StaffPageShape, values: StaffPageValues): PageTable | null {
  const keys = SEARCH_TABLE_KEYS[shape.sort];
  if (!(shape.readFirst || shape.ordered) || shape.department || shape.status || !keys) {
    return null;
  }
  const direction = sqlDirection(shape.order);
  const matches = sql<boolean>`s.search_text like ${values.pattern} escape '\\'`;
  const page = shape.ordered
    ? sql`(select t.id, t.last_key as ${sql.ref(sortKey(0))}, t.first_key as ${sql.ref(sortKey(1))}
      from ${postgresPostingsPage(
        'employees_search',
        sql`substr(${values.needle}, 1, 3)`,
        shape.oneTrigram ? null : matches,
        { ...values, direction: shape.order },
      )})`
    : sql`(select s.id, ${sql.ref(keys[0])} as ${sql.ref(sortKey(0))},
      ${sql.ref(keys[1])} as ${sql.ref(sortKey(1))}
    from employees_search as s
    where ${matches}
    order by ${sql.ref(keys[0])} ${direction}, ${sql.ref(keys[1])} ${direction}, s.id ${direction}
    limit ${values.limit} offset ${values.offset})`;
  return sql<{ id: number }>`${page}`.as('p');
}
