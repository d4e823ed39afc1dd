import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../../src/db/dialect';
import type { DB } from '../../src/db/schema';

export type TableSnapshot = Record<string, { rows: number; digest: string }>;

/** Every table of the database, read from its catalogue so a new table is covered unasked. */
export async function tableNames(db: Kysely<DB>): Promise<string[]> {
  const { rows } = isPostgres(db)
    ? await sql<{ name: string }>`
        select tablename as name from pg_tables where schemaname = current_schema()`.execute(db)
    : await sql<{ name: string }>`
        select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(
        db,
      );
  return rows.map((row) => row.name).sort();
}

/**
 * The row count and a digest of the full contents of every table: two snapshots are equal
 * exactly when nothing stored changed (rows are compared in a stable order, whatever order the
 * engine answers them in). For small test databases: it reads every row.
 */
export async function tableSnapshot(
  db: Kysely<DB>,
  { omit = {} }: { omit?: Readonly<Record<string, readonly string[]>> } = {},
): Promise<TableSnapshot> {
  const snapshot: TableSnapshot = {};
  for (const table of await tableNames(db)) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(
      db,
    );
    // `omit`: columns left out of a table's rows, as if it had none (one added since).
    const kept = (row: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(row).filter(([key]) => !omit[table]?.includes(key)));
    const lines = rows.map((row) => JSON.stringify(kept(row))).sort();
    snapshot[table] = {
      rows: rows.length,
      digest: createHash('sha256').update(lines.join('\n')).digest('hex'),
    };
  }
  return snapshot;
}

/** The tables holding `text` anywhere in a row (to prove a value was never stored). */
export async function tablesContaining(db: Kysely<DB>, text: string): Promise<string[]> {
  const found: string[] = [];
  for (const table of await tableNames(db)) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(
      db,
    );
    if (rows.some((row) => JSON.stringify(row).includes(text))) found.push(table);
  }
  return found;
}
