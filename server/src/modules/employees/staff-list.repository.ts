import { sql, type Expression, type Kysely, type RawBuilder } from 'kysely';
import type { Employee, ListEmployeesQuery } from '#contract/employees';
import { NO_OWN_VERSION, pageKeyColumns, tableVersions } from '../../db/page-keys';
import { queryByShape } from '../../db/prepared-query';
import { countAtVersion } from '../../db/remembered-counts';
import { isPostgres } from '../../db/dialect';
import { ftsCount, walkFindsPageSooner } from '../../db/text-search';
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
  inNameOrder,
  nameOrderPage,
  searchTablePage,
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
 * from the filtered table alone (an index serves the name orders), and only those rows are
 * joined with their record, manager and account, in the order the keys already give: a deep
 * page then costs no more joins than the first, and the page is not sorted again. (Asking for
 * the employees whose id was `in` the page cost PostgreSQL a hash of the ids and a sort of the
 * page's rows, and SQLite a sort through a temporary B-tree.) A search counts first (it needs
 * the count anyway, except a short one on SQLite) and picks from the count how to find the
 * page: walking the list's order and testing each row when many match, reading the matches and
 * sorting them otherwise. PostgreSQL's planner, planning for the actual term, walked for "son"
 * (262 of 10,000) testing 3,968 rows; planning generically, as for a prepared statement, it
 * sorted all 10,000 matches of "exa". SQLite's walk tests each row with the LIKE itself, exact
 * by definition: through the trigram table it read all 10,000 matches of "exa" first and sorted
 * them, where the walk stops after the page's rows. On SQLite a search alone in name order
 * needs neither: its trigram table holds the staff in name order (inNameOrder).
 *
 * The page so found is read as its keys first (one row: its ids as one text, the versions of the
 * tables its items show, and the kept total), and as its rows whole only when an employee is not
 * remembered at the versions read (lib/remembered-items.ts). The items are answered as they are:
 * the serialiser writes each one's text once (lib/response-serializer.ts).
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
  const ordered = inNameOrder(filters.shape, query);
  const countsFirst = isPostgres(db) || (filters.shape.search === 'trigram' && !ordered);
  const counted = query.search && countsFirst ? await count() : null;
  const walk = !ordered && (!counted || walkFindsPageSooner(counted.total, counted.staff, page));
  const search = walk && filters.shape.search === 'trigram' ? 'like' : filters.shape.search;
  const shape = {
    ...filters.shape,
    search,
    sort: query.sort,
    order: query.order,
    readFirst: !walk && isPostgres(db),
    ordered,
  };
  const values = { ...filters.values, ...page };
  const kept = keepsTotal(filters.shape);
  const [[keys], matching] = await Promise.all([
    staffPageKeys(db, shape, values),
    counted ?? (kept ? null : count()),
  ]);
  // The keys' one row brings the kept total even for an empty page (past the end, or no staff).
  const total = matching ? matching.total : Number(keys!.list_total ?? 0);
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

/**
 * The page `p`: a search's in PostgreSQL's search table or postings, or SQLite's postings; or
 * among the employees.
 */
function pageTable(
  db: Kysely<DB>,
  shape: StaffPageShape,
  values: StaffPageValues,
  order: PageOrder,
  { idsOnly }: { idsOnly: boolean },
): PageTable {
  const searched = isPostgres(db)
    ? searchTablePage(shape, values)
    : nameOrderPage(shape, values, { idsOnly });
  return searched ?? employeesPage(db, shape, values, order);
}

// Every page of a shape is read alike whatever the values (through the sort's index, a sort of
// the department's or status's rows, of the matches read first, or of a page cut in name order),
// except a walk with a search, where the planner would guess from the term how many rows match.
const plannedOnce = (shape: StaffPageShape) => !shape.search || shape.readFirst || shape.ordered;

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
    const page = pageTable(db, shape, values, order, { idsOnly: true });
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
    const page = pageTable(db, shape, values, order, { idsOnly: false });
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
  // PostgreSQL, read first: the matches as a derived table with `offset 0`, which the planner
  // plans on its own (from the trigram index) before the order applies, instead of walking
  // the name index.
  const filtered = filteredByShape(db, shape, values);
  const matches: EmployeeScope = shape.readFirst
    ? (db.selectFrom(filtered.selectAll('e').offset(sql.lit(0)).as('e')) as EmployeeScope)
    : filtered;
  let page = matches.select('e.id');
  order.forEach(([key], i) => {
    page = page.select(sql`${key}`.as(sortKey(i)));
  });
  for (const [key, direction] of order) page = page.orderBy(key, direction);
  return page.orderBy('e.id', shape.order).limit(values.limit).offset(values.offset).as('p');
}

/** The staff matching, counted, and all staff (kept by 0004's triggers), in one statement. */
async function countFiltered(db: Kysely<DB>, { shape, values }: ReturnType<typeof staffFilters>) {
  const [row] = await staffMatchCount(db, shape, values);
  return { total: Number(row!.total), staff: Number(row!.staff) };
}

/** A search alone that SQLite's trigram table answers is counted there, without a staff row. */
const staffMatchCount = queryByShape(
  (db: Kysely<DB>, shape: StaffFilterShape, values: StaffFilterValues) =>
    shape.search === 'trigram' && !shape.department && !shape.status
      ? db.selectNoFrom([
          ftsCount('employees_search', values.fts).as('total'),
          allStaff.as('staff'),
        ])
      : filteredByShape(db, shape, values)
          .select((eb) => eb.fn.countAll<number | string>().as('total'))
          .select(allStaff.as('staff')),
  // Counted through the filters' indexes whatever the values (a term most staff hold takes
  // the trigram bitmap of them all rather than a scan: 10,000 rows either way).
  { plannedOnce: () => true },
);
