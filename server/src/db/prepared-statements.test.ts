import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withPlanIndependentOfValues, withStatementCache } from './prepared-statements';

describe('SQLite statements planned without their values', () => {
  it('writes a bound LIMIT and LIKE pattern as expressions, and nothing else', () => {
    expect(withPlanIndependentOfValues('select * from t order by id limit ? offset ?')).toBe(
      'select * from t order by id limit cast(? as integer) offset ?',
    );
    expect(
      withPlanIndependentOfValues(
        "select a from (select a from t LIMIT ?) where b LIKE ? escape '\\'",
      ),
    ).toBe(
      "select a from (select a from t limit cast(? as integer)) where b like cast(? as text) escape '\\'",
    );
    for (const untouched of [
      "select 'no limit ?' as x where sublimit = ? and unlike = ?",
      'select "like ?" from t limit 5',
      "select a from t where a like '%x%'",
    ]) {
      expect(withPlanIndependentOfValues(untouched)).toBe(untouched);
    }
  });

  it('still limits and matches the rows as the values say', () => {
    const sqlite = new SQLite(':memory:');
    try {
      sqlite.exec(`create table t (id integer primary key, name text);
        insert into t values (1, 'Ada'), (2, 'Bea'), (3, 'Bo%');`);
      const page = withStatementCache(sqlite).prepare(
        'select id from t order by id limit ? offset ?',
      );
      expect(page.all([2, 1])).toEqual([{ id: 2 }, { id: 3 }]);
      expect(page.all([1, 0])).toEqual([{ id: 1 }]);
      expect(page.all([-1, 1])).toEqual([{ id: 2 }, { id: 3 }]);
      const search = withStatementCache(sqlite).prepare(
        "select id from t where name like ? escape '\\' order by id",
      );
      expect(search.all(['%a%'])).toEqual([{ id: 1 }, { id: 2 }]);
      expect(search.all(['%\\%%'])).toEqual([{ id: 3 }]);
    } finally {
      sqlite.close();
    }
  });
});
