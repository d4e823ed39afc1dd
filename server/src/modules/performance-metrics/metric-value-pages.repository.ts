import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { PageCursor } from '#contract/page-cursor';
import type { PerformanceMetric } from '#contract/performance-metrics';
import { isPostgres } from '../../db/dialect';
import { afterCursor, NEWEST_FIRST_KEYS, pageAndMore, type ListWindow } from '../../db/keyset';
import { pageFromNearerEnd, type KeptList } from '../../db/nearer-end-pages';
import { pageKeyColumns, tableVersions } from '../../db/page-keys';
import { preparedQuery } from '../../db/prepared-query';
import type { DB } from '../../db/schema';
import {
  itemKey,
  pageThrough,
  rememberedItemsPerDatabase,
  type PageKeys,
} from '../../lib/remembered-items';
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
 * let PostgreSQL hash-join the page against every employee, most of the page's time.) A deep
 * page finds its ids first (valuePage). Totals come from the totals kept on every write, never
 * from counting the values.
 */

type EnrichedRow = ValueRow & {
  row_version: number;
  tables: string | null;
  metric_name: string;
  measurement_unit: string | null;
  first_name: string;
  last_name: string;
  email: string;
};

/** Rows skipped past which a page finds its ids first (valuePage). */
export const DEEP_PAGE_OFFSET = 300;

/** The tables whose rows an item shows beside its value's own (migration 0021). */
const SHOWN_TABLES = ['employees', 'metric_types'] as const;
const ROW_COLUMNS = sql`p.id, p.row_version, ${tableVersions(SHOWN_TABLES)} as tables, p.user_id,
  p.metric_type_id, p.value_hundredths, p.comment, p.created_at, p.updated_at, t.metric_name,
  t.measurement_unit, e.first_name, e.last_name, e.email`;
const NEWEST_FIRST = sql`p.created_at desc, p.id desc`;

type KeysRow = PageKeys & { list_total: number | string };

/** All values, as many as insight_totals keeps counted. */
const ALL_VALUES: KeptList = {
  table: 'performance_metrics',
  total: sql`(select cast(sum(value) as bigint) from insight_totals where name = 'metric_values')`,
};

/**
 * The page queries for one filter: `keys` reads the page's keys in one row, with the filter's
 * total kept on every write (one statement instead of two: on PostgreSQL each is a round trip);
 * `rows` reads the values whole with their employees and types, each as a page (`page`) or after
 * a cursor (`after`). `filter` and `total` may only interpolate their own parameters.
 *
 * A deep page (`DEEP_PAGE_OFFSET` rows skipped or more) finds the page's ids first and reads
 * only those rows: the rows it skips are then index entries, not whole rows. On PostgreSQL,
 * planned once as it runs, that is quicker for deep pages but slower for the first, the two
 * meeting near 300 rows skipped; on SQLite the ids-first form was as quick or quicker at every
 * depth. Not the keys of all values on PostgreSQL (`keysIndexed`):
 * since migration 0030 their index holds each value's version, so no row is read at any depth.
 * A deep page of all values (`fromNearerEnd`) is read from whichever end of the list is nearer
 * (db/nearer-end-pages.ts), so the last pages skip as few rows as the first.
 */
function valuePage<P extends unknown[]>(
  filter: ((...params: P) => RawBuilder<SqlBool>) | null,
  total: (...params: P) => RawBuilder<unknown>,
  { keysIndexed = false, fromNearerEnd = false } = {},
) {
  /** The values of the filter that also meet `conditions`. */
  const where = (params: P, ...conditions: RawBuilder<SqlBool>[]) => {
    const all = filter ? [filter(...params), ...conditions] : conditions;
    return all.length === 0 ? sql`` : sql`where ${sql.join(all, sql` and `)}`;
  };
  /**
   * The page's `columns`: in the list's order, or for a `deep` one of the list of all values
   * (`fromNearerEnd`, which has no filter) in no order, read from the nearer end.
   */
  const cut = (
    columns: RawBuilder<unknown>,
    limit: number,
    offset: number,
    params: P,
    deep = false,
  ) =>
    fromNearerEnd && deep
      ? pageFromNearerEnd(ALL_VALUES, columns, limit, offset)
      : sql`select ${columns}
        from performance_metrics ${where(params)}
        order by created_at desc, id desc limit ${limit} offset ${offset}`;
  /**
   * The `limit` values after the cursor's row, in the list's order: a range of the filter's
   * index from that row on, at any depth (db/keyset.ts).
   */
  const cutAfter = (
    columns: RawBuilder<unknown>,
    limit: number,
    createdAt: string,
    id: number,
    params: P,
  ) => sql`select ${columns}
    from performance_metrics ${where(params, afterCursor(NEWEST_FIRST_KEYS, [createdAt, id]))}
    order by created_at desc, id desc limit ${limit}`;
  const ids = sql`id`;
  /** The page's values `p`: what to read them from, and which (shallow, or deep on either engine). */
  const pageRows = {
    shallow: (limit: number, offset: number, params: P, columns: RawBuilder<unknown>) => ({
      from: sql`(${cut(columns, limit, offset, params)}) p`,
      which: sql``,
    }),
    // A page that PostgreSQL's index holds the columns of: one range of it.
    deepPostgresIndexed: (
      limit: number,
      offset: number,
      params: P,
      columns: RawBuilder<unknown>,
    ) => ({
      from: sql`(${cut(columns, limit, offset, params, true)}) p`,
      which: sql``,
    }),
    // The ids as an array: the planner, planning once without the limit, would otherwise take
    // them for a tenth of the table and hash-join all of it.
    deepPostgres: (limit: number, offset: number, params: P) => ({
      from: sql`performance_metrics p`,
      which: sql`where p.id = any(array(${cut(ids, limit, offset, params, true)}))`,
    }),
    // `cross join` keeps the ids first: SQLite, not knowing the limit, walked every value in
    // the list's order to spare the final sort, probing the ids for each, seconds a page.
    deepSqlite: (limit: number, offset: number, params: P) => ({
      from: sql`(${cut(ids, limit, offset, params, true)}) ids
        cross join performance_metrics p on p.id = ids.id`,
      which: sql``,
    }),
  };
  type PageRows = ReturnType<(typeof pageRows)['shallow']>;
  /**
   * `statement` on the page's values, of which a shallow page reads `columns` alone; `indexed`:
   * on PostgreSQL the filter's index holds those columns, so a deep page too reads them from
   * the index, without finding its ids first. `after` runs it on the values after a cursor.
   */
  const compiled = <Row>(
    columns: RawBuilder<unknown>,
    statement: (page: PageRows, params: P) => RawBuilder<Row>,
    indexed = false,
  ) => {
    const form = (shape: keyof typeof pageRows) =>
      preparedQuery((limit: number, offset: number, ...params: P) =>
        statement(pageRows[shape](limit, offset, params, columns), params),
      );
    const [shallow, deepPostgresIndexed, deepPostgres, deepSqlite] = [
      form('shallow'),
      form('deepPostgresIndexed'),
      form('deepPostgres'),
      form('deepSqlite'),
    ];
    const afterForm = preparedQuery((limit: number, createdAt: string, id: number, ...params: P) =>
      statement(
        { from: sql`(${cutAfter(columns, limit, createdAt, id, params)}) p`, which: sql`` },
        params,
      ),
    );
    const page = (db: Kysely<DB>, limit: number, offset: number, ...params: P) => {
      const deep = isPostgres(db) ? (indexed ? deepPostgresIndexed : deepPostgres) : deepSqlite;
      return (offset < DEEP_PAGE_OFFSET ? shallow : deep)(db, limit, offset, ...params);
    };
    const after = (db: Kysely<DB>, limit: number, cursor: PageCursor, ...params: P) =>
      afterForm(db, limit, cursor.createdAt, cursor.id, ...params);
    return { page, after };
  };
  return {
    keys: compiled(
      sql`id, row_version, created_at`,
      ({ from, which }, params) => sql<KeysRow>`select
        ${pageKeyColumns(sql`p.id`, sql`p.row_version`, SHOWN_TABLES)},
        coalesce(${total(...params)}, 0) as list_total
        from ${from} ${which}`,
      keysIndexed,
    ),
    rows: compiled(
      sql`id, row_version, user_id, metric_type_id, value_hundredths, comment, created_at,
        updated_at`,
      ({ from, which }) => sql<EnrichedRow>`select ${ROW_COLUMNS}
        from ${from}
        join employees e on e.id = p.user_id
        join metric_types t on t.id = p.metric_type_id
        ${which}
        order by ${NEWEST_FIRST}`,
    ),
  };
}

const pageQueries = {
  // Migration 0030: on PostgreSQL the (created_at, id) index holds each value's version.
  all: valuePage(null, () => ALL_VALUES.total, { keysIndexed: true, fromNearerEnd: true }),
  ofEmployee: valuePage(
    (userId: number) => sql<SqlBool>`user_id = ${userId}`,
    (userId: number) => sql`(select metric_count from employee_scores
      where employee_id = ${userId})`,
  ),
  ofType: valuePage(
    (typeId: number) => sql<SqlBool>`metric_type_id = ${typeId}`,
    // cast: SQLite gets a JavaScript number as a real, which would be written "26.0".
    (typeId: number) => sql`(select cast(sum(value) as bigint) from list_totals
      where name = 'metric_values:type:' || cast(${typeId} as integer))`,
  ),
  ofEmployeeAndType: valuePage(
    (userId: number, typeId: number) =>
      sql<SqlBool>`user_id = ${userId} and metric_type_id = ${typeId}`,
    (userId: number, typeId: number) => sql`(select metric_count
      from employee_metric_type_scores where employee_id = ${userId} and metric_type_id = ${typeId})`,
  ),
};

/**
 * A filter's page: its keys, or its values whole. After a cursor, one value more than the
 * limit is read, to tell whether any follow the page.
 */
function pageOf(db: Kysely<DB>, filter: ValueFilter, window: ListWindow) {
  const { userId, metricTypeId } = filter;
  const reading = <P extends unknown[]>(queries: ReturnType<typeof valuePage<P>>, ...params: P) => {
    const { limit } = window;
    if ('cursor' in window) {
      return {
        keys: () => queries.keys.after(db, limit + 1, window.cursor, ...params),
        rows: () => queries.rows.after(db, limit + 1, window.cursor, ...params),
      };
    }
    return {
      keys: () => queries.keys.page(db, limit, window.offset, ...params),
      rows: () => queries.rows.page(db, limit, window.offset, ...params),
    };
  };
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

/**
 * One page of values with their types and employees, newest first (ties broken by id so pages
 * never overlap), how many values match, and whether any follow the page. The page's keys are
 * read first, and its rows only when a value is not remembered at the versions read
 * (lib/remembered-items.ts).
 */
export async function pageOfEnrichedValues(
  db: Kysely<DB>,
  filter: ValueFilter,
  window: ListWindow,
): Promise<{ rows: PerformanceMetric[]; total: number; more: boolean }> {
  const page = pageOf(db, filter, window);
  const [keys] = await page.keys();
  const rows = await pageThrough(rememberedValues(db), keys!, page.rows, (row) => ({
    key: itemKey(row.id, row.row_version, row.tables),
    item: () => toPerformanceMetric(row, row, row),
  }));
  const total = Number(keys!.list_total);
  return { total, ...pageAndMore(rows, window, total) };
}
