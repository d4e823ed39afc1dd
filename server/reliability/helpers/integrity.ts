import SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../src/db/schema';

/** Checks that stored data is whole by the engines' own measures (aggregates: consistency.ts). */

/** SQLite's own checks on a database file: `integrity_check` ok, no foreign key violations. */
export function sqliteIntegrityProblems(file: string): string[] {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const integrity = db.pragma('integrity_check') as { integrity_check: string }[];
    const problems = integrity
      .map((row) => row.integrity_check)
      .filter((message) => message !== 'ok');
    const foreignKeys = db.pragma('foreign_key_check') as unknown[];
    if (foreignKeys.length) problems.push(`foreign_key_check: ${JSON.stringify(foreignKeys)}`);
    return problems;
  } finally {
    db.close();
  }
}

export interface PostgresIntegrity {
  problems: string[];
  /** Whether amcheck verified the B-tree indexes (it needs a role allowed to create it). */
  amcheck: boolean;
  indexesChecked: number;
}

/**
 * PostgreSQL's checks: every B-tree index verified by amcheck (`bt_index_check` with its heap,
 * when the extension can be created), and in any case no row breaking a foreign key and no
 * duplicate under a unique index, read with index scans off so the table itself is read.
 */
export async function postgresIntegrityProblems(db: Kysely<DB>): Promise<PostgresIntegrity> {
  const problems: string[] = [];
  let amcheck = false;
  let indexesChecked = 0;
  try {
    await sql`create extension if not exists amcheck`.execute(db);
    amcheck = true;
  } catch {
    amcheck = false;
  }
  const indexes = await sql<{ index: string; table: string; unique: boolean; columns: string[] }>`
    select i.indexrelid::regclass::text as index, i.indrelid::regclass::text as table,
           i.indisunique as unique,
           array(select a.attname::text from unnest(i.indkey) k join pg_attribute a
                 on a.attrelid = i.indrelid and a.attnum = k) as columns
    from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am am on am.oid = c.relam
    join pg_namespace n on n.oid = c.relnamespace
    where am.amname = 'btree' and n.nspname = current_schema()`.execute(db);
  for (const index of indexes.rows) {
    if (amcheck) {
      try {
        await sql`select bt_index_check(${index.index}::regclass, true)`.execute(db);
      } catch (error) {
        problems.push(`amcheck ${index.index}: ${(error as Error).message}`);
      }
    }
    if (index.unique && index.columns.length > 0 && index.columns.every(Boolean)) {
      const columns = sql.join(index.columns.map((c) => sql.ref(c)));
      const duplicates = await db.transaction().execute(async (trx) => {
        await sql`set local enable_indexscan = off`.execute(trx);
        await sql`set local enable_indexonlyscan = off`.execute(trx);
        await sql`set local enable_bitmapscan = off`.execute(trx);
        return sql<{ n: number }>`select count(*)::int as n from (
            select ${columns} from ${sql.table(index.table)}
            where (${columns}) is not null group by ${columns} having count(*) > 1) d`.execute(trx);
      });
      if (duplicates.rows[0]!.n > 0) problems.push(`${index.index}: duplicate keys`);
    }
    indexesChecked += 1;
  }
  const foreignKeys = await sql<{
    name: string;
    child: string;
    parent: string;
    fk: string;
    pk: string;
  }>`
    select con.conname as name, con.conrelid::regclass::text as child,
           con.confrelid::regclass::text as parent, a.attname as fk, pa.attname as pk
    from pg_constraint con
    join pg_attribute a on a.attrelid = con.conrelid and a.attnum = con.conkey[1]
    join pg_attribute pa on pa.attrelid = con.confrelid and pa.attnum = con.confkey[1]
    where con.contype = 'f' and array_length(con.conkey, 1) = 1
      and con.connamespace = current_schema()::regnamespace`.execute(db);
  for (const fk of foreignKeys.rows) {
    const orphans = await sql<{ n: number }>`
      select count(*)::int as n from ${sql.table(fk.child)} c
      where c.${sql.ref(fk.fk)} is not null and not exists (
        select 1 from ${sql.table(fk.parent)} p where p.${sql.ref(fk.pk)} = c.${sql.ref(fk.fk)})`.execute(
      db,
    );
    if (orphans.rows[0]!.n > 0) problems.push(`${fk.name}: ${orphans.rows[0]!.n} orphan rows`);
  }
  if (foreignKeys.rows.length === 0) problems.push('no foreign keys found to check');
  return { problems, amcheck, indexesChecked };
}
