import { CompiledQuery, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from './schema';

/**
 * A raw SQL statement compiled once per database and then run with fresh parameters, for the
 * queries run on every request or page load (the guard's user lookup, rank, top-10 status, the
 * dashboards, list pages), where building and compiling the query cost as much as running it.
 *
 * `template` receives one placeholder per parameter and must only interpolate them as values
 * (`${employeeId}`), never as SQL. It is compiled once with unique markers; each call then puts
 * the real values where the markers ended up, whether a parameter appears once or several times.
 */
export function preparedQuery<Row, Params extends readonly unknown[]>(
  template: (...params: { [K in keyof Params]: Params[K] }) => RawBuilder<Row>,
) {
  const compiled = new WeakMap<Kysely<DB>, { sql: string; slots: number[] }>();

  function compile(db: Kysely<DB>, arity: number) {
    const markers = Array.from({ length: arity }, (_, i) => `\u0000param${i}\u0000`);
    const query = template(...(markers as unknown as { [K in keyof Params]: Params[K] })).compile(
      db,
    );
    const slots = query.parameters.map((value) => {
      const slot = markers.indexOf(value as string);
      if (slot < 0) throw new Error('preparedQuery: a template may only interpolate its params');
      return slot;
    });
    const entry = { sql: query.sql, slots };
    compiled.set(db, entry);
    return entry;
  }

  return async (db: Kysely<DB>, ...params: Params): Promise<Row[]> => {
    const { sql, slots } = compiled.get(db) ?? compile(db, params.length);
    const result = await db.executeQuery<Row>(
      CompiledQuery.raw(
        sql,
        slots.map((slot) => params[slot]),
      ),
    );
    return result.rows;
  };
}
