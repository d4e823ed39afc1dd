import type SQLite from 'better-sqlite3';
import type { SqliteStatement } from 'kysely';

/**
 * A better-sqlite3 statement as Kysely uses it, whose rows are read as arrays and turned into
 * objects by a function written for the statement's columns.
 *
 * better-sqlite3 builds each row object by adding its properties one by one, which costs more
 * than reading the values (read as arrays and turned into objects here, a page of rows takes
 * about half the time). An object literal of fixed keys is one allocation of a known shape.
 *
 * The keys are the statement's column names at preparation. A statement re-prepared by SQLite
 * after a schema change may have other columns: the cache drops every statement after any
 * schema change made through it (`isSchemaChange`), and a row of another width than expected
 * rebuilds the function from the columns as they are now.
 */
export function withObjectRows(statement: SQLite.Statement): SqliteStatement & { busy: boolean } {
  if (!statement.reader) return statement;
  const rows = statement.raw(true);
  let columns = -1;
  let toObject: (row: unknown[]) => Record<string, unknown> = () => ({});

  const objectMaker = () => {
    const names = rows.columns().map((column) => column.name);
    columns = names.length;
    // `__proto__` as a literal key would set the prototype instead of a property.
    if (names.includes('__proto__')) {
      toObject = (row) => Object.fromEntries(names.map((name, i) => [name, row[i]]));
    } else {
      const fields = names.map((name, i) => `${JSON.stringify(name)}: row[${i}]`).join(', ');
      toObject = new Function('row', `return { ${fields} };`) as typeof toObject;
    }
  };
  const toObjects = (found: unknown[][]) => {
    if (found.length > 0 && found[0]!.length !== columns) objectMaker();
    return found.map(toObject);
  };
  objectMaker();

  return {
    reader: true,
    get busy() {
      return rows.busy;
    },
    all: (parameters) => toObjects(rows.all(parameters) as unknown[][]),
    run: (parameters) => rows.run(parameters),
    *iterate(parameters) {
      for (const row of rows.iterate(parameters) as IterableIterator<unknown[]>) {
        if (row.length !== columns) objectMaker();
        yield toObject(row);
      }
    },
  };
}

/** DDL that may change the columns of a statement already prepared. */
export function isSchemaChange(sql: string): boolean {
  return /^\s*(create|alter|drop)\s/i.test(sql);
}
