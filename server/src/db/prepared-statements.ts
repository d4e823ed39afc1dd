import { createHash } from 'node:crypto';
import type SQLite from 'better-sqlite3';
import type { SqliteStatement } from 'kysely';
import pg from 'pg';
import { isSchemaChange, withObjectRows } from './sqlite-rows';

/**
 * Kysely sends every query as new SQL text. Parsing and planning it again costs more than
 * running the short indexed queries the API is made of (measured at 10,000 staff: a signed-in
 * request's user lookup 97 µs on PostgreSQL unprepared, 47 µs prepared; the rank lookup 261 µs
 * against 65 µs). Both engines therefore keep prepared statements for SQL they have seen.
 */

/**
 * SQLite: prepared statements kept per SQL text (least recently used first out), their rows read
 * as arrays and made objects by a function of their own (db/sqlite-rows.ts). A statement still
 * being iterated (a streamed query) is never handed out twice. A schema change made through the
 * connection drops them all, since a statement SQLite prepares again may have other columns.
 */
export function withStatementCache(sqlite: SQLite.Database, capacity = 500) {
  const statements = new Map<string, SqliteStatement & { busy: boolean }>();
  const prepareFresh = (sql: string) => {
    const statement = sqlite.prepare(sql);
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
  if (!/^\s*(select|with)\s/i.test(text)) return undefined;
  const name = `spms_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
  names.set(text, name);
  return name;
}

/**
 * PostgreSQL: a pg client that runs parameterised reads as named prepared statements, which
 * the server parses once per connection and plans from its plan cache (PostgreSQL switches to a
 * generic plan only where it costs no more than a custom one). Kysely calls
 * `query(text, values)`; other call forms pass through untouched.
 *
 * A connection pooler in transaction mode must support prepared statements (PgBouncer 1.21+
 * with max_prepared_statements), as with any driver that prepares.
 */
export class PreparingClient extends pg.Client {
  override query(...args: unknown[]): never {
    const [text, values] = args;
    if (args.length === 2 && typeof text === 'string' && Array.isArray(values)) {
      const name = statementName(text);
      if (name) return super.query({ name, text, values } as never) as never;
    }
    return (super.query as (...rest: unknown[]) => never)(...args);
  }
}
