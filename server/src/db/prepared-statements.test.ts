import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withLimitComputedAtRun, withStatementCache } from './prepared-statements';

describe('SQLite LIMIT computed when the statement runs', () => {
  it('writes a bound LIMIT as an expression, and nothing else', () => {
    expect(withLimitComputedAtRun('select * from t order by id limit ? offset ?')).toBe(
      'select * from t order by id limit cast(? as integer) offset ?',
    );
    expect(withLimitComputedAtRun('select a from (select a from t LIMIT ?) limit 5')).toBe(
      'select a from (select a from t limit cast(? as integer)) limit 5',
    );
    expect(withLimitComputedAtRun("select 'no limit ?' as x where sublimit = ?")).toBe(
      "select 'no limit ?' as x where sublimit = ?",
    );
  });

  it('still limits the rows as the value says', () => {
    const sqlite = new SQLite(':memory:');
    try {
      sqlite.exec('create table t (id integer primary key); insert into t values (1), (2), (3);');
      const page = withStatementCache(sqlite).prepare(
        'select id from t order by id limit ? offset ?',
      );
      expect(page.all([2, 1])).toEqual([{ id: 2 }, { id: 3 }]);
      expect(page.all([1, 0])).toEqual([{ id: 1 }]);
      expect(page.all([-1, 1])).toEqual([{ id: 2 }, { id: 3 }]);
    } finally {
      sqlite.close();
    }
  });
});
