import { sql, type Expression, type Kysely, type RawBuilder } from 'kysely';
import type { Employee, ListEmployeesQuery } from '#contract/employees';
import { NO_OWN_VERSION, pageKeyColumns, tableVersions } from '../../db/page-keys';
import { queryByShape } from '../../db/prepared-query';
import { countAtVersion } from '../../db/remembered-counts';
import type { DB } from '../../db/schema';
import {
  itemKey,
  pageThrough,
  rememberedItemsPerDatabase,
  type PageKeys,
} from '../../lib/remembered-items';
import { toEmployee } from './employee.mapper';
import { withDetails, type EmployeeScope } from './employees.repository';
import {
  allStaff,
  filteredByShape,
  SORT_KEYS,
  staffFilters,
  type StaffFilterShape,
  type StaffFilterValues,
} from './staff-list-filters';
import {
  sortKey,
  type PageOrder,
  type PageTable,
  type StaffPageShape,
  type StaffPageValues,
} from './staff-list-pages';

/**
 * The staff list: pages (keys or rows) and totals, in SQL; its filters and sort keys are in
 * staff-list-filters.ts.
 */

/**
 * One page of the list. The page's ids, with the values they are ordered by, are found first
 * from the filtered table alone (an index serves the name orders; a search, its trigram index),
 * and only those rows are joined with their record, manager and account, in the order the keys
 * already give: a deep page then costs no more joins than the first, and the page is not sorted
 * again. (Asking for the employees whose id was `in` the page cost PostgreSQL a hash of the ids
 * and a sort of the page's rows, and SQLite a sort through a temporary B-tree.)
 *
 * The page so found is read as its keys first (one row: its ids as one text, the versions of the
 * tables its items show, and the kept total), and as its rows whole only when an employee is not
 * remembered at the versions read (lib/remembered-items.ts). The items are answered as they are:
 * the serialiser writes each one's text once (lib/response-serializer.ts). A search's total is
 * counted beside the page, and remembered at the data version (db/remembered-counts.ts).
 */
export async function listEmployees(
  db: Kysely<DB>,
  query: ListEmployeesQuery,
  dataVersion: number | null = null,
) {
  const page = { limit: query.limit, offset: (query.page - 1) * query.limit };
  const filters = staffFilters(db, query);
  const count = () =>
    countAtVersion(db, dataVersion, `staff ${JSON.stringify(filters)}`, () =>
      countFiltered(db, filters),
    );
  const shape = { ...filters.shape, sort: query.sort, order: query.order };
  const values = { ...filters.values, ...page };
  const kept = keepsTotal(filters.shape);
  const [[keys], matching] = await Promise.all([
    staffPageKeys(db, shape, values),
    kept ? null : count(),
  ]);
  // The keys' one row brings the kept total even for an empty page (past the end, or no staff).
  const total = matching ?? Number(keys!.list_total ?? 0);
  const rows = await pageThrough(
    rememberedStaff(db),
    keys!,
    () => staffPage(db, shape, values),
    (row) => ({ key: itemKey(row.id, NO_OWN_VERSION, row.tables), item: () => toEmployee(row) }),
    `${query.sort} ${query.order}`,
  );
  return { rows, total };
}

/** The staff this instance has answered, at the versions of what each shows. */
const rememberedStaff = rememberedItemsPerDatabase<Employee>(10_000);

const keepsTotal = (shape: StaffFilterShape) => !shape.search && !shape.status;

/**
 * The total the triggers of 0004 keep for the list (everyone, or one department), as an
 * expression the page's keys statement reads beside its keys: one statement for the page instead
 * of two. On PostgreSQL each statement is a round trip, which cost more than reading the total.
 */
function keptTotal(
  shape: StaffFilterShape,
  values: StaffFilterValues,
): RawBuilder<number | string | null> | null {
  if (!keepsTotal(shape)) return null;
  return shape.department
    ? sql<number | string>`(select cast(sum(staff_count) as bigint) from department_totals
        where department = ${values.department})`
    : allStaff;
}

/** What the page is ordered by before its ids, in the shape's sort and direction. */
function pageOrder(shape: StaffPageShape): PageOrder {
  const { keys, fixed = [] } = SORT_KEYS[shape.sort];
  return [
    ...fixed.map((key) => [key, 'asc'] as [Expression<unknown>, 'asc']),
    ...keys.map((key) => [key, shape.order] as [Expression<unknown>, 'asc' | 'desc']),
  ];
}

// Every page of a shape is read alike whatever the values (through the sort's index, a sort of
// the department's or status's rows, or of a search's matches from its trigram index), except a
// search of 1-2 characters, planned for its term: it has no trigram, and a scan serves it.
const plannedOnce = (shape: StaffFilterShape) => !shape.search || shape.trigrams;

/**
 * The tables whose rows an item shows (migration 0021): the employee's own and their manager's
 * name (employees), whether they have an account, its id (users). The employees table's version
 * stands for each employee's own (NO_OWN_VERSION).
 */
const SHOWN_TABLES = ['employees', 'users'] as const;

type StaffKeys = PageKeys & { list_total: number | string | null };

/**
 * The page's keys in one row (db/page-keys.ts), from its derived table alone, with the kept
 * total: what pageThrough needs to know whether it is kept. An item's versions are those of the
 * tables it shows (NO_OWN_VERSION): no join.
 */
const staffPageKeys = queryByShape(
  (db: Kysely<DB>, shape: StaffPageShape, values: StaffPageValues) => {
    const order = pageOrder(shape);
    const page = employeesPage(db, shape, values, order);
    const statement = sql<StaffKeys>`select
        ${pageKeyColumns(sql`p.id`, sql.lit(NO_OWN_VERSION), SHOWN_TABLES)},
        ${keptTotal(shape, values) ?? sql`null`} as list_total
      from ${page}`;
    return { compile: () => statement.compile(db) };
  },
  { plannedOnce },
);

/**
 * The page's rows whole, joined with their record, manager and account, in the page's order,
 * with the shown tables' versions (as staffPageKeys reads them, in the same text).
 */
const staffPage = queryByShape(
  (db: Kysely<DB>, shape: StaffPageShape, values: StaffPageValues) => {
    const order = pageOrder(shape);
    const page = employeesPage(db, shape, values, order);
    // A left join keeps the page's rows first, in its order, on both engines; every id of the
    // page is an employee's, read in the same statement.
    const pageRows = db
      .selectFrom(page)
      .leftJoin('employees as e', 'e.id', 'p.id') as unknown as EmployeeScope;
    let rows = withDetails(pageRows).select(tableVersions(SHOWN_TABLES).as('tables'));
    order.forEach(([, direction], i) => {
      rows = rows.orderBy(sql.ref(`p.${sortKey(i)}`), direction);
    });
    return rows.orderBy(sql.ref('p.id'), shape.order);
  },
  { plannedOnce },
);

/** The page's ids and sort keys, from the employees themselves. */
function employeesPage(
  db: Kysely<DB>,
  shape: StaffPageShape,
  values: StaffPageValues,
  order: PageOrder,
): PageTable {
  let page = filteredByShape(db, shape, values).select('e.id');
  order.forEach(([key], i) => {
    page = page.select(sql`${key}`.as(sortKey(i)));
  });
  for (const [key, direction] of order) page = page.orderBy(key, direction);
  return page.orderBy('e.id', shape.order).limit(values.limit).offset(values.offset).as('p');
}

/** The staff matching, counted. */
async function countFiltered(db: Kysely<DB>, { shape, values }: ReturnType<typeof staffFilters>) {
  const [row] = await staffMatchCount(db, shape, values);
  return Number(row!.total);
}

/** The filters' matches counted, planned as the pages are. */
const staffMatchCount = queryByShape(
  (db: Kysely<DB>, shape: StaffFilterShape, values: StaffFilterValues) =>
    filteredByShape(db, shape, values).select((eb) =>
      eb.fn.countAll<number | string>().as('total'),
    ),
  { plannedOnce },
);
