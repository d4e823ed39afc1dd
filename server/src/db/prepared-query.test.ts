import Database from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DB } from './schema';
import { preparedQuery, queryByShape, recordById } from './prepared-query';

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
    await expect(query(db, 3)).rejects.toThrow(/only pass its values as they are/);
  });
});

describe('queryByShape', () => {
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: new Database(':memory:') }) });
  const staff = (shape: { byPosition: boolean; order: 'asc' | 'desc' }) => shape;

  it('compiles each shape once and runs it with each call’s values', async () => {
    await sql`create table people (id integer primary key, name text, position text)`.execute(db);
    await sql`insert into people (name, position) values
      ('Ada', 'Lead'), ('Bo', 'Analyst'), ('Cy', 'Lead'), ('Di', 'Analyst')`.execute(db);
    let builds = 0;
    const people = queryByShape(
      (
        kysely,
        shape: ReturnType<typeof staff>,
        values: { position: string; pattern: string; limit: number },
      ) => {
        builds += 1;
        let query = (kysely as unknown as Kysely<{ people: { name: string; position: string } }>)
          .selectFrom('people')
          .select('name')
          .where(sql<boolean>`name like ${values.pattern}`);
        if (shape.byPosition) query = query.where('position', '=', values.position);
        return query.orderBy('name', shape.order).limit(values.limit);
      },
    );
    const names = async (...args: Parameters<typeof people>) =>
      (await people(...args)).map((row) => row.name);

    const lead = staff({ byPosition: true, order: 'asc' });
    expect(await names(db, lead, { position: 'Lead', pattern: '%', limit: 5 })).toEqual([
      'Ada',
      'Cy',
    ]);
    expect(await names(db, lead, { position: 'Analyst', pattern: '%i', limit: 5 })).toEqual(['Di']);
    const everyone = staff({ byPosition: false, order: 'desc' });
    expect(await names(db, everyone, { position: 'Lead', pattern: '%', limit: 3 })).toEqual([
      'Di',
      'Cy',
      'Bo',
    ]);
    expect(await names(db, everyone, { position: 'Lead', pattern: 'A%', limit: 3 })).toEqual([
      'Ada',
    ]);
    expect(builds).toBe(2);
  });

  it('refuses a query that transforms a value or writes it into the SQL', async () => {
    const lowered = queryByShape((kysely, _shape: object, values: { name: string }) => ({
      compile: () => sql<{ x: string }>`select ${values.name.toLowerCase()} as x`.compile(kysely),
    }));
    await expect(lowered(db, {}, { name: 'Ada' })).rejects.toThrow(/as they are/);
    const inlined = queryByShape((kysely, _shape: object, values: { name: string }) => ({
      compile: () => sql<{ x: string }>`select ${sql.lit(values.name)} as x`.compile(kysely),
    }));
    await expect(inlined(db, {}, { name: 'Ada' })).rejects.toThrow(/into the SQL text/);
  });
});

describe('recordById', () => {
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: new Database(':memory:') }) });

  it('builds once and answers each id’s record, or nothing for an unknown id', async () => {
    await sql`create table users (id integer primary key, email text)`.execute(db);
    await sql`insert into users (id, email) values (1, 'one@example.com'), (2, 'two@example.com')`.execute(
      db,
    );
    let builds = 0;
    const findUser = recordById((kysely, id) => {
      builds += 1;
      return kysely.selectFrom('users').select(['id', 'email']).where('id', '=', id);
    });
    expect(await findUser(db, 2)).toEqual({ id: 2, email: 'two@example.com' });
    expect(await findUser(db, 1)).toEqual({ id: 1, email: 'one@example.com' });
    expect(await findUser(db, 3)).toBeUndefined();
    expect(builds).toBe(1);
  });
});
