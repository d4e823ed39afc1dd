import { createHash } from 'node:crypto';
import type SQLite from 'better-sqlite3';
import type { SqliteStatement } from 'kysely';
import pg from 'pg';
import { isSchemaChange, withObjectRows } from './sqlite-rows';

/**
 * Kysely sends every query as new SQL text. Parsing and planning it again costs more than
 * running the short indexed queries the API is made of (a signed-in request's user lookup, the
 * rank lookup). Both engines therefore keep prepared statements for SQL they have seen.
 */

/**
 * SQLite SQL whose plan does not depend on the values bound to it, so that it is prepared once.
 * The SQLite better-sqlite3 bundles (3.53) plans with the value bound to a LIMIT, and to a LIKE
 * pattern compared with a column, and so prepares such a statement again every time that
 * parameter is bound, which is every run: for a short page, about half its statement's time.
 * Written as expressions,
 * `limit cast(? as integer)` and `like cast(? as text)`, the values are read when the statement
 * runs and the plan is made once, as SQLite did before for a bound LIMIT. Nothing is lost: our
 * LIKE patterns all begin with a wildcard, which no index serves. A bound OFFSET does not cause
 * it. Quoted text is left alone.
 */
export function withPlanIndependentOfValues(sql: string): string {
  return sql.replace(QUOTED_OR_PLANNED_WITH_VALUE, (match, keyword?: string) => {
    if (!keyword) return match;
    return keyword.toLowerCase() === 'limit' ? 'limit cast(? as integer)' : 'like cast(? as text)';
  });
}

/** A quoted string or name, or a LIMIT or LIKE given a bound parameter. */
const QUOTED_OR_PLANNED_WITH_VALUE = /'(?:[^']|'')*'|"(?:[^"]|"")*"|\b(limit|like) \?/gi;

/**
 * SQLite: prepared statements kept per SQL text (least recently used first out), their rows read
 * as arrays and made objects by a function of their own (db/sqlite-rows.ts). A statement still
 * being iterated (a streamed query) is never handed out twice. A schema change made through the
 * connection drops them all, since a statement SQLite prepares again may have other columns.
 */
export function withStatementCache(sqlite: SQLite.Database, capacity = 500) {
  const statements = new Map<string, SqliteStatement & { busy: boolean }>();
  const prepareFresh = (sql: string) => {
    const statement = sqlite.prepare(withPlanIndependentOfValues(sql));
    if (!isSchemaChange(sql)) return withObjectRows(statement);
    return {
      reader: statement.reader,
      busy: false,
      run(parameters: readonly unknown[]) {
        const result = statement.run(parameters);
        statements.clear();
        return result;
      },
      all: (parameters) => statement.all(parameters),
      iterate: (parameters) => statement.iterate(parameters),
    } satisfies SqliteStatement & { busy: boolean };
  };
  return {
    close: () => sqlite.close(),
    prepare(sql: string): SqliteStatement {
      const cached = statements.get(sql);
      if (cached && !cached.busy) {
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = prepareFresh(sql);
      if (!cached) {
        statements.set(sql, statement);
        if (statements.size > capacity) statements.delete(statements.keys().next().value!);
      }
      return statement;
    },
  };
}

/** Distinct SQL texts given a server-side name; beyond it, queries run unprepared. */
const MAX_NAMED_STATEMENTS = 1000;
const MAX_NAMED_SQL_LENGTH = 8000;
const names = new Map<string, string>();

/** Reads only: their texts are a small fixed set, unlike multi-row inserts of varying size. */
function statementName(text: string): string | undefined {
  const known = names.get(text);
  if (known) return known;
  if (names.size >= MAX_NAMED_STATEMENTS || text.length > MAX_NAMED_SQL_LENGTH) return undefined;
  if (!/^\s*(\/\*[^*]*\*\/\s*)?(select|with)\s/i.test(text)) return undefined;
  const name = `spms_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
  names.set(text, name);
  return name;
}

/**
 * Marks a short read (a page or a few rows, through keys) whose generic plan is as good as a plan
 * made for its values. Outside a transaction it runs on the connections shared by short reads
 * (db/postgres-pool.ts), which plan each statement once instead of on every run. Left to itself,
 * PostgreSQL plans every run of a list page anew, since a plan made for `limit 50` always looks
 * cheaper than one made for an unknown limit, and planning a page of staff with its manager and
 * account cost the database more than running it.
 *
 * Planned generically, an unknown LIMIT counts as a tenth of the rows, and the planner would
 * then hash whole tables to join a page to its employees (a page of one metric type's values
 * read the whole table). Such reads join their few rows through keys, so those connections also
 * have hash and merge joins turned off: nested loops remain.
 */
export const PLANNED_ONCE = '/* planned once */';

/**
 * PostgreSQL: a pg client that runs parameterised reads as named prepared statements, which
 * the server parses once per connection and plans from its plan cache. Kysely calls
 * `query(text, values)`; other call forms pass through untouched.
 *
 * A connection pooler must therefore run in session mode: in transaction mode another client
 * could find this connection's prepared statements and planner settings (README, "Scaling out").
 */
export class PreparingClient extends pg.Client {
  override query(...args: unknown[]): never {
    const [text, values] = args;
    if (args.length !== 2 || typeof text !== 'string' || !Array.isArray(values)) {
      return (super.query as (...rest: unknown[]) => never)(...args);
    }
    const name = statementName(text);
    if (!name) return super.query(text, values) as never;
    // pg's Query made from text and values, then named: given `{ name, text, values }`, pg
    // first copies the object through its property descriptors on every query, which showed in
    // a profile of the staff page under load. `name` is the field pg reads
    // to prepare; planned-once.test.ts checks that reads still arrive prepared under it.
    const run = () =>
      new Promise((resolve, reject) => {
        const query = new pg.Query(text, values, (error, result) => {
          if (error) reject(error);
          else resolve(result);
        });
        (query as pg.Query & { name: string }).name = name;
        super.query(query);
      });
    return run()
      .catch(async (error: Error) => {
        if (!isStalePlan(error)) throw error;
        // A migration changed the columns of a table the statement reads (`select *`) since
        // it was prepared on this connection: prepared again, it reads the new ones.
        await super.query(`deallocate ${name}`);
        delete (this as unknown as PreparedOnConnection).connection.parsedStatements[name];
        return run();
      })
      .catch((error: Error) => {
        // As pg does for the queries it makes: a stack back to the caller, not the socket's read.
        Error.captureStackTrace(error);
        throw error;
      }) as never;
  }
}

/** What pg's client keeps of the statements it prepared on its connection. */
interface PreparedOnConnection {
  connection: { parsedStatements: Record<string, string> };
}

function isStalePlan(error: Error): boolean {
  return (
    (error as Error & { code?: string }).code === '0A000' &&
    error.message === 'cached plan must not change result type'
  );
}
