import { sql, type Kysely, type RawBuilder } from 'kysely';
import { pageKeysText } from '../../db/page-keys';
import { queryByShape, recordById } from '../../db/prepared-query';
import type { MetricType, MetricTypeBody, MetricTypeListQuery } from '#contract/metric-types';
import type { DB, MetricTypeRow } from '../../db/schema';
import { toIso } from '../../lib/clock';
import { listTotalValue } from '../list-totals/list-totals.repository';

const COLUMNS = [
  'id',
  'metric_name',
  'description',
  'measurement_unit',
  'minimum_value',
  'maximum_value',
  'created_at',
  'updated_at',
] as const;

export function toMetricType(row: MetricTypeRow): MetricType {
  return {
    id: row.id,
    metric_name: row.metric_name,
    description: row.description,
    measurement_unit: row.measurement_unit,
    minimum_value: row.minimum_value === null ? null : Number(row.minimum_value),
    maximum_value: row.maximum_value === null ? null : Number(row.maximum_value),
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  };
}

/** `%` and `_` typed by a person are literal characters, not wildcards. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

interface MetricTypeListShape {
  search: boolean;
  sort: MetricTypeListQuery['sort'];
  order: MetricTypeListQuery['order'];
}

function filteredMetricTypes(db: Kysely<DB>, shape: { search: boolean }, pattern: string) {
  const all = db.selectFrom('metric_types');
  return shape.search
    ? all.where(sql<boolean>`lower(metric_name) like ${pattern} escape '\\'`)
    : all;
}

type PageValues = { pattern: string; limit: number; offset: number };

const sortKeyOf = (shape: MetricTypeListShape) =>
  shape.sort === 'metric_name' ? sql`lower(metric_name)` : sql.ref(`metric_types.${shape.sort}`);

/** The types of a page in the list's order, before what is read of them is chosen. */
function pageOfMetricTypes(db: Kysely<DB>, shape: MetricTypeListShape, values: PageValues) {
  return filteredMetricTypes(db, shape, values.pattern)
    .orderBy(sortKeyOf(shape), shape.order)
    .orderBy('id', shape.order)
    .limit(values.limit)
    .offset(values.offset);
}

/**
 * How many values a type has (`id` its id column): the total the triggers keep per type
 * (migration 0007, `metric_values:type:<id>`), one primary-key lookup, not a count of its values.
 */
function valueCountOf(id: RawBuilder<unknown>): RawBuilder<number | string> {
  return listTotalValue(sql`'metric_values:type:' || ${id}`);
}

/**
 * A listed type's version: its row's (migration 0020) and its value count, which moves without
 * the row. The keys statement and the rows read write it the same way (`listedVersion`).
 */
function listedVersionSql(id: RawBuilder<unknown>, version: RawBuilder<unknown>) {
  return sql`${version} || '.' || ${valueCountOf(id)}`;
}

export function listedVersion(row: { row_version: number; value_count: number | string }) {
  return `${row.row_version}.${Number(row.value_count)}`;
}

// Fifty-odd rows: planned once, unless a search's pattern decides what matches. Compiled once
// per shape (db/prepared-query.ts), not built with Kysely on every request.
const metricTypesPage = queryByShape(
  (db, shape: MetricTypeListShape, values: PageValues) =>
    pageOfMetricTypes(db, shape, values)
      .select(COLUMNS)
      .select('row_version')
      .select(valueCountOf(sql.ref('metric_types.id')).as('value_count')),
  { plannedOnce: (shape) => !shape.search },
);

/**
 * Its types' ids and versions alone (migration 0020, with their value counts), in one row
 * (db/page-keys.ts), with how many types match: what the service needs to give the types it remembers, in one statement
 * (each costs SQLite a read transaction of its own, two locking calls).
 */
const metricTypeKeysPage = queryByShape(
  (db, shape: MetricTypeListShape, values: PageValues) => {
    const page = pageOfMetricTypes(db, shape, values).select(['id', 'row_version']);
    const matching = filteredMetricTypes(db, shape, values.pattern).select((s) =>
      s.fn.countAll<number | string>().as('total'),
    );
    return db
      .selectFrom(page.as('p'))
      .select([
        pageKeysText(sql`p.id`, listedVersionSql(sql`p.id`, sql`p.row_version`)).as('keys'),
        sql<null>`null`.as('tables'),
        matching.as('list_total'),
      ]);
  },
  { plannedOnce: (shape) => !shape.search },
);

/**
 * A page of types and how many match. The page is read as its types' keys (id and version);
 * `rows` reads the same page's rows whole, for the types the service does not remember at
 * those versions.
 */
export async function listMetricTypes(db: Kysely<DB>, query: MetricTypeListQuery) {
  const shape = { search: Boolean(query.search), sort: query.sort, order: query.order };
  const pattern = query.search ? containsPattern(query.search) : '';
  const values = { pattern, limit: query.limit, offset: (query.page - 1) * query.limit };
  const [keys] = await metricTypeKeysPage(db, shape, values);
  return {
    keys: keys!,
    rows: () => metricTypesPage(db, shape, values),
    total: Number(keys!.list_total ?? 0),
  };
}

export const findMetricTypeById = recordById((db, id) =>
  db.selectFrom('metric_types').select(COLUMNS).where('id', '=', id),
);

/** The type whose name equals `name` ignoring case (served by the unique lower() index). */
export function findMetricTypeByName(db: Kysely<DB>, name: string) {
  return db
    .selectFrom('metric_types')
    .select(COLUMNS)
    .where(sql<string>`lower(metric_name)`, '=', sql<string>`lower(${name})`)
    .executeTakeFirst();
}

export async function insertMetricType(db: Kysely<DB>, body: MetricTypeBody, now: string) {
  const row = await db
    .insertInto('metric_types')
    .values({ ...body, created_at: now, updated_at: now })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return row;
}

export async function updateMetricType(
  db: Kysely<DB>,
  id: number,
  body: MetricTypeBody,
  now: string,
) {
  return db
    .updateTable('metric_types')
    .set({ ...body, updated_at: now })
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function deleteMetricType(db: Kysely<DB>, id: number) {
  await db.deleteFrom('metric_types').where('id', '=', id).execute();
}

/** How many values use a type, read from the (metric_type_id, created_at) index. */
export async function countValuesOfType(db: Kysely<DB>, metricTypeId: number): Promise<number> {
  const row = await db
    .selectFrom('performance_metrics')
    .select((s) => s.fn.countAll<number>().as('count'))
    .where('metric_type_id', '=', metricTypeId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Planned once, so on PostgreSQL it joins the other short reads on the shared connection
 * (db/postgres-pool.ts) instead of taking a pooled one for each request: the metric types are
 * few, and any plan reads them all.
 */
const unitsInUse = queryByShape(
  (db: Kysely<DB>) =>
    db
      .selectFrom('metric_types')
      .select('measurement_unit')
      .distinct()
      .where('measurement_unit', 'is not', null),
  { plannedOnce: () => true },
);

/** The distinct units the metric types use. */
export async function listUnitsInUse(db: Kysely<DB>): Promise<string[]> {
  const rows = await unitsInUse(db, null, {});
  return rows.map((row) => row.measurement_unit).filter((unit): unit is string => !!unit);
}
