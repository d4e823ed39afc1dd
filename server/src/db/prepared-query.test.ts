import Database from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DB } from './schema';
import { preparedQuery } from './prepared-query';

describe('preparedQuery', () => {
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: new Database(':memory:') }) });

  it('runs one compiled statement with fresh values, wherever each value appears', async () => {
    const query = preparedQuery(
      (a: number, b: string) => sql<{ x: number; y: string; z: number }>`
      select ${a} as x, ${b} as y, ${a} + 1 as z`,
    );
    expect(await query(db, 1, 'one')).toEqual([{ x: 1, y: 'one', z: 2 }]);
    expect(await query(db, 41, 'two')).toEqual([{ x: 41, y: 'two', z: 42 }]);
  });

  it('refuses a template that builds its SQL from a parameter', async () => {
    const query = preparedQuery((a: number) => sql<{ x: number }>`select ${a * 2} as x`);
    await expect(query(db, 3)).rejects.toThrow(/only interpolate/);
  });
});
