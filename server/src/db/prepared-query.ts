import {
  CompiledQuery,
  sql,
  type Compilable,
  type Expression,
  type Kysely,
  type RawBuilder,
} from 'kysely';
import { PLANNED_ONCE } from './prepared-statements';
import type { DB } from './schema';

/**
 * Queries compiled once and then run with fresh values, for the queries run on every request or
 * page load (the guard's user lookup, rank, top-10 status, the dashboards, list pages), where
 * building and compiling the query with Kysely cost as much as running it.
 *
 * Both kinds are compiled with unique markers in place of the values; each run then puts the
 * real values where the markers ended up, whether a value appears once, several times or not at
 * all. Compiling refuses a query whose SQL or parameters are anything but markers and text that
 * does not depend on the values: a value transformed, computed with or inlined into the SQL
 * would otherwise be frozen into every later run.
 */

interface Compiled<Key> {
  sql: string;
  /** Which value each parameter of `sql` is. */
  slots: Key[];
}

/**
 * What stands for a value while compiling: text that the usual ways of making a value into a
 * term change (lower or upper case, trimmed, LIKE or FTS5 escapes, wrapped in wildcards), so a
 * transformed value is found out rather than replaced unchanged.
 */
const marker = (key: string | number) => ` \u0000Vv%_"'\\${key}\u0000 `;

export interface PlanOptions {
  /**
   * PostgreSQL plans the statement once per connection (PLANNED_ONCE in
   * db/prepared-statements.ts): only for a query whose generic plan is as good as any. A
   * preparedQuery is, unless told otherwise: its fixed text reads a few rows through keys.
   */
  plannedOnce?: boolean;
}

/** A Kysely select built on every call, marked as PlanOptions' `plannedOnce` marks a query. */
export function plannedOnce<Query extends { modifyFront(modifier: Expression<unknown>): Query }>(
  query: Query,
): Query {
  return query.modifyFront(sql.raw(PLANNED_ONCE));
}

function compileWithMarkers<Key extends string | number>(
  keys: readonly Key[],
  compile: (markers: string[]) => CompiledQuery,
  { plannedOnce = false }: PlanOptions = {},
): Compiled<Key> {
  const markers = keys.map(marker);
  const query = compile(markers);
  const slots = query.parameters.map((value) => {
    const slot = markers.indexOf(value as string);
    if (slot < 0) throw new Error('a compiled-once query may only pass its values as they are');
    return keys[slot]!;
  });
  if (query.sql.includes('\u0000')) {
    throw new Error('a compiled-once query may not write its values into the SQL text');
  }
  return { sql: plannedOnce ? `${PLANNED_ONCE} ${query.sql}` : query.sql, slots };
}

async function run<Row, Key extends string | number>(
  db: Kysely<DB>,
  { sql, slots }: Compiled<Key>,
  values: Record<Key, unknown>,
): Promise<Row[]> {
  const parameters = slots.map((slot) => values[slot]);
  return (await db.executeQuery<Row>(CompiledQuery.raw(sql, parameters))).rows;
}

/**
 * A raw SQL statement of fixed text. `template` receives one placeholder per parameter and must
 * only interpolate them as values (`${employeeId}`), never as SQL.
 */
export function preparedQuery<Row, Params extends readonly unknown[]>(
  template: (...params: { [K in keyof Params]: Params[K] }) => RawBuilder<Row>,
  { plannedOnce = true }: PlanOptions = {},
) {
  const compiled = new WeakMap<Kysely<DB>, Compiled<number>>();

  function compile(db: Kysely<DB>, arity: number) {
    const slots = Array.from({ length: arity }, (_, i) => i);
    const entry = compileWithMarkers(
      slots,
      (markers) =>
        template(...(markers as unknown as { [K in keyof Params]: Params[K] })).compile(db),
      { plannedOnce },
    );
    compiled.set(db, entry);
    return entry;
  }

  return async (db: Kysely<DB>, ...params: Params): Promise<Row[]> =>
    run<Row, number>(db, compiled.get(db) ?? compile(db, params.length), params);
}

/** Shapes remembered per query and database, past which all are forgotten (none expected). */
const MAX_SHAPES = 1000;

/**
 * A Kysely query whose SQL text depends only on its shape (which filters apply, which order,
 * which index answers a search), built and compiled once per shape and then run with each
 * request's values. `build` receives markers in place of the values and must hand them to
 * Kysely as values (`.where('e.status', '=', values.status)`, `.limit(values.limit)`,
 * `${values.term}` in `sql`): a search term's pattern is made before, and passed as a value;
 * a constant is written into the SQL (`sql.lit(0)`).
 * The shape is told apart by its JSON, so it holds plain data only.
 */
export function queryByShape<Shape, Values extends Record<string, unknown>, Row>(
  build: (db: Kysely<DB>, shape: Shape, values: Values) => Compilable<Row>,
  options: { plannedOnce?: (shape: Shape) => boolean } = {},
) {
  const compiled = new WeakMap<Kysely<DB>, Map<string, Compiled<keyof Values & string>>>();

  function compile(db: Kysely<DB>, shape: Shape, keys: (keyof Values & string)[]) {
    return compileWithMarkers(
      keys,
      (markers) => {
        const values = Object.fromEntries(keys.map((key, i) => [key, markers[i]])) as Values;
        return build(db, shape, values).compile();
      },
      { plannedOnce: options.plannedOnce?.(shape) ?? false },
    );
  }

  return async (db: Kysely<DB>, shape: Shape, values: Values): Promise<Row[]> => {
    let shapes = compiled.get(db);
    if (!shapes) compiled.set(db, (shapes = new Map()));
    const key = JSON.stringify(shape);
    let entry = shapes.get(key);
    if (!entry) {
      if (shapes.size >= MAX_SHAPES) shapes.clear();
      entry = compile(db, shape, Object.keys(values) as (keyof Values & string)[]);
      shapes.set(key, entry);
    }
    return run<Row, keyof Values & string>(db, entry, values);
  };
}

/**
 * One record read by its id, compiled once (queryByShape, with no shape) and planned once: the
 * first row, or undefined. `build` must pass the id as a value.
 */
export function recordById<Row>(build: (db: Kysely<DB>, id: number) => Compilable<Row>) {
  const query = queryByShape(
    (db: Kysely<DB>, _shape: null, values: { id: number }) => build(db, values.id),
    { plannedOnce: () => true },
  );
  return async (db: Kysely<DB>, id: number): Promise<Row | undefined> =>
    (await query(db, null, { id }))[0];
}
