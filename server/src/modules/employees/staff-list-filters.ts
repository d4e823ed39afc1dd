import { sql, type Expression, type Kysely } from 'kysely';
import type { EmployeeSortField } from '#contract/employee-options';
import type { ListEmployeesQuery } from '#contract/employees';
import type { DB } from '../../db/schema';
import { staffSearchTerm, staffTermMatch } from './staff-search';

/** What the staff list keeps and in which order: its filters and sort keys, as SQL. */

const ref = (column: string) => sql.ref(column);
const lower = (column: string) => sql`lower(${sql.ref(column)})`;
// Nulls last in either direction, on both engines (they disagree about where NULL sorts).
const nullsLast = (column: string) => sql`(case when ${sql.ref(column)} is null then 1 else 0 end)`;

/** What each sort key orders by, before the id that makes the order total. Text ignores case. */
export const SORT_KEYS: Record<
  EmployeeSortField,
  { keys: Expression<unknown>[]; fixed?: Expression<unknown>[] }
> = {
  last_name: { keys: [lower('e.last_name'), lower('e.first_name')] },
  first_name: { keys: [lower('e.first_name'), lower('e.last_name')] },
  email: { keys: [ref('e.email')] },
  position: { keys: [lower('e.position'), lower('e.last_name'), lower('e.first_name')] },
  department: { keys: [ref('e.department'), lower('e.last_name'), lower('e.first_name')] },
  join_date: { keys: [ref('e.join_date')] },
  status: { keys: [ref('e.status'), lower('e.last_name'), lower('e.first_name')] },
  salary: { fixed: [nullsLast('e.salary_cents')], keys: [ref('e.salary_cents')] },
  employee_code: { fixed: [nullsLast('e.employee_code')], keys: [ref('e.employee_code')] },
  created_at: { keys: [ref('e.created_at')] },
};

export type StaffFilters = Pick<ListEmployeesQuery, 'search' | 'department' | 'status'>;

/**
 * A staff list's filters as a compiled query needs them: what its SQL says (the shape: which
 * filters, which index answers the search) apart from what it is run with (the values).
 */
export function staffFilters(db: Kysely<DB>, filters: StaffFilters) {
  const search = filters.search ? staffSearchTerm(db, filters.search) : null;
  return {
    shape: {
      search: search?.index ?? null,
      trigrams: search?.trigrams ?? false,
      department: Boolean(filters.department),
      status: Boolean(filters.status),
    },
    values: {
      fts: search?.fts ?? '',
      pattern: search?.pattern ?? '',
      department: filters.department ?? '',
      status: filters.status ?? 'active',
    },
  };
}

export const allStaff = sql<
  number | string
>`(select cast(sum(value) as bigint) from insight_totals where name = 'employees')`;

export type StaffFilterShape = ReturnType<typeof staffFilters>['shape'];
export type StaffFilterValues = ReturnType<typeof staffFilters>['values'];

export function filteredByShape(
  db: Kysely<DB>,
  shape: StaffFilterShape,
  values: StaffFilterValues,
) {
  let builder = db.selectFrom('employees as e');
  if (shape.search) {
    builder = builder.where(staffTermMatch({ ...values, index: shape.search }));
  }
  if (shape.department) builder = builder.where('e.department', '=', values.department);
  if (shape.status) builder = builder.where('e.status', '=', values.status);
  return builder;
}

export function filteredEmployees(db: Kysely<DB>, filters: StaffFilters) {
  const { shape, values } = staffFilters(db, filters);
  return filteredByShape(db, shape, values);
}
