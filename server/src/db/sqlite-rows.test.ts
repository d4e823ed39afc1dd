import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withStatementCache } from './prepared-statements';

describe('SQLite rows made objects from arrays', () => {
  let sqlite: SQLite.Database;
  let cache: ReturnType<typeof withStatementCache>;
  /** What better-sqlite3 itself answers, in its own object mode. */
  const asBetterSqlite = (sql: string, parameters: unknown[] = []) =>
    sqlite.prepare(sql).all(parameters);
  const viaCache = (sql: string, parameters: unknown[] = []) => cache.prepare(sql).all(parameters);

  beforeEach(() => {
    sqlite = new SQLite(':memory:');
    cache = withStatementCache(sqlite);
    sqlite.exec(`create table t (id integer primary key, name text, score real, note text);
      insert into t values (1, 'Ada', 4.5, null), (2, 'Bea', null, 'x"y'), (3, 'Cy', 3, '');`);
  });
  afterEach(() => sqlite.close());

  it('gives the same rows as better-sqlite3, values and key order', () => {
    for (const sql of [
      'select * from t order by id',
      'select id, name as "first name", score * 2 as doubled from t where id > ?',
      'select 1 as a, 2 as a, 3 as b',
      'select 2 as "constructor", 3 as """; throw 1; //"',
      'select * from t where id = 99',
    ]) {
      const parameters = sql.includes('?') ? [1] : [];
      const rows = viaCache(sql, parameters);
      expect(rows).toEqual(asBetterSqlite(sql, parameters));
      for (const [i, row] of rows.entries()) {
        expect(Object.keys(row as object)).toEqual(
          Object.keys(asBetterSqlite(sql, parameters)[i] as object),
        );
      }
    }
    // better-sqlite3 itself would set the row's prototype from a column named so.
    const [odd] = viaCache('select 1 as "__proto__", 2 as b') as Record<string, unknown>[];
    expect(Object.getPrototypeOf(odd)).toBe(Object.prototype);
    expect(Object.entries(odd!)).toEqual([
      ['__proto__', 1],
      ['b', 2],
    ]);
  });

  it('streams the same rows', () => {
    const streamed = [...cache.prepare('select * from t order by id').iterate([])];
    expect(streamed).toEqual(asBetterSqlite('select * from t order by id'));
  });

  it('runs writes and answers RETURNING as rows', () => {
    const inserted = viaCache("insert into t (name) values ('Di') returning id, name");
    expect(inserted).toEqual([{ id: 4, name: 'Di' }]);
    expect(cache.prepare("update t set name = 'Dee' where id = 4").run([]).changes).toBe(1);
  });

  it('shows the columns as they are after a schema change', () => {
    expect(Object.keys(viaCache('select * from t limit 1')[0] as object)).toEqual([
      'id',
      'name',
      'score',
      'note',
    ]);
    cache.prepare('alter table t rename column note to remark').run([]);
    expect(viaCache('select * from t limit 1')[0]).toHaveProperty('remark', null);
    cache.prepare('alter table t add column team text').run([]);
    expect(Object.keys(viaCache('select * from t limit 1')[0] as object)).toEqual([
      'id',
      'name',
      'score',
      'remark',
      'team',
    ]);
  });
});
