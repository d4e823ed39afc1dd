import { describe, expect, it } from 'vitest';
import { openPostgresPool } from './postgres-pool';

// Nothing here sends a statement, so no connection to PostgreSQL is ever opened.
const UNUSED_URL = 'postgres://nobody@127.0.0.1:1/none';

describe('PostgreSQL pool for Kysely', () => {
  it('hands a released connection out again, so Kysely meets as many as were in use at once', async () => {
    const pool = openPostgresPool(UNUSED_URL, 2);
    const first = await pool.connect();
    first.release();
    const again = await pool.connect();
    expect(again).toBe(first);

    const beside = await pool.connect();
    expect(beside).not.toBe(again);
    again.release();
    beside.release();
    const handedOut = new Set(await Promise.all([1, 2, 3].map(() => pool.connect())));
    expect(handedOut.size).toBe(3);
    expect(handedOut.has(first) && handedOut.has(beside)).toBe(true);
    await pool.end();
  });

  it('never lends one connection twice at once, even when released twice', async () => {
    const pool = openPostgresPool(UNUSED_URL, 2);
    const connection = await pool.connect();
    connection.release();
    connection.release();
    const [a, b] = await Promise.all([pool.connect(), pool.connect()]);
    expect(a).not.toBe(b);
    await pool.end();
  });
});
