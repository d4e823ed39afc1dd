import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { PerformanceMetric } from '#contract/performance-metrics';
import { isPostgres } from '../../db/dialect';
import { preparedQuery } from '../../db/prepared-query';
import type { DB } from '../../db/schema';
import { pageThrough, rememberedItemsPerDatabase } from '../../lib/remembered-items';
import { listTotal } from '../list-totals/list-totals.repository';
import {
  toPerformanceMetric,
  type ValueFilter,
  type ValueRow,
} from './performance-metrics.repository';

/**
 * Metric values are read newest first, a page at a time, through one of the
 * (user_id, created_at), (metric_type_id, created_at) or (created_at) indexes. The page is cut
 * from performance_metrics alone in a subquery, and only its rows are joined with their employee
 * and type by primary key, in one statement compiled once per filter. (Joining before the limit
 * let PostgreSQL hash-join the page against every employee: 1.7 ms of a 1.9 ms page at 10,000
 * employees.) A deep page finds its ids first (valuePage). Totals come from the totals kept on
 * every write, never from counting the values.
 */

export interface PageWindow {
  limit: number;
  offset: number;
}

type EnrichedRow = ValueRow & {
  metric_name: string;
  measurement_unit: string | null;
  first_name: string;
  last_name: string;
  email: string;
};

/** Rows skipped past which a page finds its ids first (valuePage). */
export const DEEP_PAGE_OFFSET = 300;

/** The versions an item of the list shows (migration 0020): its value, type and employee. */
const KEY_COLUMNS = sql`p.id, p.row_version as value_version, t.row_version as type_version,
  e.row_version as employee_version`;
const ROW_COLUMNS = sql`${KEY_COLUMNS}, p.user_id, p.metric_type_id, p.value_hundredths,
  p.comment, p.created_at, p.updated_at, t.metric_name, t.measurement_unit, e.first_name,
  e.last_name, e.email`;

interface ValueKey {
  id: number;
  value_version: number;
  type_version: number;
  employee_version: number;
  list_total: number | string;
}

/**
 * The page queries for one filter, with the filter's total kept on every write beside each row
 * (one statement instead of two: on PostgreSQL each is a round trip): `keys` reads each value's
 * id and versions, `rows` the values whole. `where` and `total` may only interpolate their own
 * parameters.
 *
 * A deep page (`DEEP_PAGE_OFFSET` rows skipped or more) finds the page's ids first and reads
 * only those rows: the rows it skips are then index entries, not whole rows. On PostgreSQL,
 * planned once as it runs, page 20 of all values went from 0.34-0.35 to 0.23-0.24 ms a
 * statement (pgbench, one connection), but the first page from 0.16-0.18 to 0.19-0.20, the two
 * meeting near 300 rows skipped; on SQLite the ids-first form was as quick or quicker at every
 * depth (page 20: 95 against 80 µs).
 */
function valuePage<P extends unknown[]>(
  where: (...params: P) => RawBuilder<unknown>,
  total: (...params: P) => RawBuilder<unknown>,
) {
  const joinedInOrder = (filter: RawBuilder<unknown>) => sql`join employees e on e.id = p.user_id
    join metric_types t on t.id = p.metric_type_id
    ${filter}
    order by p.created_at desc, p.id desc`;
  const pageIds = (limit: number, offset: number, params: P) => sql`select id
    from performance_metrics ${where(...params)}
    order by created_at desc, id desc limit ${limit} offset ${offset}`;
  function reading<Row>(columns: RawBuilder<unknown>) {
    const shallow = preparedQuery(
      (limit: number, offset: number, ...params: P) => sql<Row>`
        select ${columns}, coalesce(${total(...params)}, 0) as list_total
        from (
          select id, row_version, user_id, metric_type_id, value_hundredths, comment,
            created_at, updated_at
          from performance_metrics ${where(...params)}
          order by created_at desc, id desc limit ${limit} offset ${offset}
        ) p
        ${joinedInOrder(sql``)}`,
    );
    const deep = {
      // The ids as an array: the planner, planning once without the limit, would otherwise take
      // them for a tenth of the table and hash-join all of it (88 ms).
      postgres: preparedQuery(
        (limit: number, offset: number, ...params: P) => sql<Row>`
          select ${columns}, coalesce(${total(...params)}, 0) as list_total
          from performance_metrics p
          ${joinedInOrder(sql`where p.id = any(array(${pageIds(limit, offset, params)}))`)}`,
      ),
      // `cross join` keeps the ids first: SQLite, not knowing the limit, walked every value in
      // the list's order to spare the final sort, probing the ids for each (1.9 s).
      sqlite: preparedQuery(
        (limit: number, offset: number, ...params: P) => sql<Row>`
          select ${columns}, coalesce(${total(...params)}, 0) as list_total
          from (${pageIds(limit, offset, params)}) ids
          cross join performance_metrics p on p.id = ids.id
          ${joinedInOrder(sql``)}`,
      ),
    };
    return (db: Kysely<DB>, limit: number, offset: number, ...params: P) =>
      (offset < DEEP_PAGE_OFFSET ? shallow : isPostgres(db) ? deep.postgres : deep.sqlite)(
        db,
        limit,
        offset,
        ...params,
      );
  }
  return {
    keys: reading<ValueKey>(KEY_COLUMNS),
    rows: reading<ValueKey & EnrichedRow>(ROW_COLUMNS),
  };
}

const pageQueries = {
  all: valuePage(
    () => sql``,
    () => sql`(select value from insight_totals where name = 'metric_values')`,
  ),
  ofEmployee: valuePage(
    (userId: number) => sql`where user_id = ${userId}`,
    (userId: number) => sql`(select metric_count from employee_scores
      where employee_id = ${userId})`,
  ),
  ofType: valuePage(
    (typeId: number) => sql`where metric_type_id = ${typeId}`,
    // cast: SQLite gets a JavaScript number as a real, which would be written "26.0".
    (typeId: number) => sql`(select value from list_totals
      where name = 'metric_values:type:' || cast(${typeId} as integer))`,
  ),
  ofEmployeeAndType: valuePage(
    (userId: number, typeId: number) =>
      sql`where user_id = ${userId} and metric_type_id = ${typeId}`,
    (userId: number, typeId: number) => sql`(select metric_count
      from employee_metric_type_scores where employee_id = ${userId} and metric_type_id = ${typeId})`,
  ),
};

/** A filter's page: its keys, or its values whole. */
function pageOf(db: Kysely<DB>, filter: ValueFilter, { limit, offset }: PageWindow) {
  const { userId, metricTypeId } = filter;
  const reading = <P extends unknown[]>(
    queries: ReturnType<typeof valuePage<P>>,
    ...params: P
  ) => ({
    keys: () => queries.keys(db, limit, offset, ...params),
    rows: () => queries.rows(db, limit, offset, ...params),
  });
  if (userId === undefined) {
    return metricTypeId === undefined
      ? reading(pageQueries.all)
      : reading(pageQueries.ofType, metricTypeId);
  }
  return metricTypeId === undefined
    ? reading(pageQueries.ofEmployee, userId)
    : reading(pageQueries.ofEmployeeAndType, userId, metricTypeId);
}

/** The values this instance has answered, at the versions of what each shows. */
const rememberedValues = rememberedItemsPerDatabase<PerformanceMetric>(20_000);
const keyOf = (row: ValueKey) => ({
  id: row.id,
  version: `${row.value_version}.${row.type_version}.${row.employee_version}`,
});

/**
 * One page of values with their types and employees, newest first (ties broken by id so pages
 * never overlap), and how many values match. The page's keys are read first, and its rows only
 * when a value is not remembered at the versions read (lib/remembered-items.ts). A page past
 * the end, with no row to bring the total, reads it alone.
 */
export async function pageOfEnrichedValues(
  db: Kysely<DB>,
  filter: ValueFilter,
  window: PageWindow,
): Promise<{ rows: PerformanceMetric[]; total: number }> {
  const page = pageOf(db, filter, window);
  const keys = await page.keys();
  const total = keys[0] ? Number(keys[0].list_total) : await countValues(db, filter);
  const rows = await pageThrough(rememberedValues(db), keys.map(keyOf), page.rows, (row) => ({
    key: keyOf(row),
    item: toPerformanceMetric(row, row, row),
  }));
  return { rows, total };
}

const allValuesCount = preparedQuery(
  () => sql<{ total: number }>`select value as total from insight_totals
    where name = 'metric_values'`,
);
const employeeValuesCount = preparedQuery(
  (userId: number) => sql<{ total: number }>`select metric_count as total from employee_scores
    where employee_id = ${userId}`,
);
const employeeTypeValuesCount = preparedQuery(
  (userId: number, typeId: number) => sql<{ total: number }>`select metric_count as total
    from employee_metric_type_scores where employee_id = ${userId} and metric_type_id = ${typeId}`,
);

/**
 * How many values match, read from totals kept in the same transaction as every value write
 * (one row, however many values there are).
 */
async function countValues(db: Kysely<DB>, filter: ValueFilter): Promise<number> {
  const { userId, metricTypeId } = filter;
  if (userId === undefined && metricTypeId !== undefined) {
    return listTotal(db, `metric_values:type:${metricTypeId}`);
  }
  const [row] =
    userId === undefined
      ? await allValuesCount(db)
      : metricTypeId === undefined
        ? await employeeValuesCount(db, userId)
        : await employeeTypeValuesCount(db, userId, metricTypeId);
  return Number(row?.total ?? 0);
}
