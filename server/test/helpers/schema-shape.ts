import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../../src/db/dialect';
import type { DB } from '../../src/db/schema';

/* eslint-disable @typescript-eslint/no-explicit-any -- the catalogues' rows */

/**
 * The schema a database holds, read from its catalogue, as DDL in a fixed order: what two
 * databases are compared by (after normalizeSql) and what the checked-in schema snapshots show.
 *
 * SQLite: every object of sqlite_master (tables with FTS5's own, indexes, then triggers in
 * creation order: SQLite fires a table's triggers newest first, so their order is behaviour).
 * PostgreSQL: extensions, sequences, tables rebuilt from their columns and constraints (the
 * columns in their order), indexes, functions and triggers, each sorted by name (PostgreSQL fires
 * a table's triggers in the order of their names).
 */
export async function schemaDdl(db: Kysely<DB>): Promise<string[]> {
  return isPostgres(db) ? postgresDdl(db) : sqliteDdl(db);
}

/** One statement's text without what does not change its meaning: comments, identifier
 * quotes, case and spacing outside string literals. */
export function normalizeSql(text: string): string {
  const parts: string[] = [];
  let code = '';
  const flush = () => {
    parts.push(
      code
        .replace(/"([a-z_][a-z0-9_]*)"/gi, '$1')
        .toLowerCase()
        .replace(/\s+/g, ' ')
        .replace(/ ?([(),;=]) ?/g, '$1'),
    );
    code = '';
  };
  for (let i = 0; i < text.length; i++) {
    if (text.startsWith('--', i)) {
      const end = text.indexOf('\n', i);
      i = end === -1 ? text.length : end;
      code += ' ';
    } else if (text[i] === "'") {
      const literal = /^'(?:[^']|'')*'/.exec(text.slice(i))![0];
      flush();
      parts.push(literal);
      i += literal.length - 1;
    } else {
      code += text[i];
    }
  }
  flush();
  return parts.join('').trim();
}

/** The schema as compared: every statement of schemaDdl, normalized. */
export async function schemaShape(db: Kysely<DB>): Promise<string[]> {
  return (await schemaDdl(db)).map(normalizeSql);
}

async function sqliteDdl(db: Kysely<DB>): Promise<string[]> {
  const { rows } = await sql<{ type: string; name: string; tbl_name: string; sql: string | null }>`
    select type, name, tbl_name, sql from sqlite_master order by rowid`.execute(db);
  const text = (row: (typeof rows)[number]) =>
    row.sql ?? `-- ${row.type} ${row.name} on ${row.tbl_name} (made by its table's constraints)`;
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
  return [
    ...rows.filter((row) => row.type === 'table').sort(byName),
    ...rows.filter((row) => row.type === 'view').sort(byName),
    ...rows.filter((row) => row.type === 'index').sort(byName),
    ...rows.filter((row) => row.type === 'trigger'),
  ].map(text);
}

async function postgresDdl(db: Kysely<DB>): Promise<string[]> {
  const query = async (text: string) => (await sql.raw<any>(text).execute(db)).rows as any[];
  const inPublic = `relnamespace = 'public'::regnamespace`;
  const statements: string[] = [];
  for (const { extname } of await query(
    `select extname from pg_extension where extname <> 'plpgsql' order by extname`,
  )) {
    statements.push(`create extension ${extname}`);
  }
  for (const s of await query(`select sequencename, data_type, start_value, increment_by,
      min_value, max_value, cycle from pg_sequences where schemaname = 'public' order by 1`)) {
    statements.push(
      `-- sequence ${s.sequencename} as ${s.data_type} start ${s.start_value} increment ` +
        `${s.increment_by} minvalue ${s.min_value} maxvalue ${s.max_value}${s.cycle ? ' cycle' : ''}`,
    );
  }
  const tables = await query(`select oid, relname, relkind, relpersistence, reloptions
    from pg_class where ${inPublic} and relkind in ('r', 'p', 'v', 'm', 'f') order by relname`);
  for (const table of tables) {
    const columns = await query(`select a.attname, format_type(a.atttypid, a.atttypmod) as type,
        a.attnotnull, a.attidentity, a.attgenerated, pg_get_expr(d.adbin, d.adrelid) as expr,
        (select collname from pg_collation c where c.oid = a.attcollation
          and a.attcollation <> 100) as collation
      from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where a.attrelid = ${table.oid} and a.attnum > 0 and not a.attisdropped order by a.attnum`);
    const items = columns.map((column) => {
      let item = `${column.attname} ${column.type}`;
      if (column.collation) item += ` collate "${column.collation}"`;
      if (column.attidentity)
        item += ` generated ${column.attidentity === 'a' ? 'always' : 'by default'} as identity`;
      if (column.attgenerated === 's') item += ` generated always as (${column.expr}) stored`;
      else if (column.expr !== null) item += ` default ${column.expr}`;
      if (column.attnotnull) item += ' not null';
      return item;
    });
    for (const constraint of await query(`select conname, pg_get_constraintdef(oid) as def
      from pg_constraint where conrelid = ${table.oid} order by conname`)) {
      items.push(`constraint ${constraint.conname} ${constraint.def}`);
    }
    const kind =
      table.relpersistence === 'u'
        ? 'unlogged table'
        : table.relkind === 'r'
          ? 'table'
          : `relation (${table.relkind})`;
    const options = table.reloptions ? ` with (${table.reloptions.join(', ')})` : '';
    statements.push(`create ${kind} ${table.relname} (\n  ${items.join(',\n  ')}\n)${options}`);
  }
  for (const { indexdef } of await query(`select indexdef from pg_indexes
    where schemaname = 'public' order by tablename, indexname`)) {
    statements.push(indexdef);
  }
  for (const { def } of await query(`select pg_get_functiondef(p.oid) as def from pg_proc p
    where p.pronamespace = 'public'::regnamespace and not exists (select 1 from pg_depend d
      where d.objid = p.oid and d.deptype = 'e')
    order by p.proname, pg_get_function_identity_arguments(p.oid)`)) {
    statements.push(def.trim());
  }
  for (const { def } of await query(`select pg_get_triggerdef(t.oid) as def from pg_trigger t
    where not t.tgisinternal order by t.tgrelid::regclass::text, t.tgname`)) {
    statements.push(def);
  }
  return statements;
}
