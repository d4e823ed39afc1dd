/* eslint-disable @typescript-eslint/no-explicit-any -- migrations work on any schema */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

/**
 * SQLite: the staff, account and audit trigram tables of 0009 hold each row at its position in
 * its list's order (rowid), so that a search reads its page in the list's order and stops after
 * it, instead of reading every match and sorting them. `<table>_positions` holds each row's
 * position by id, and its unique index the way back from a position to the id. (FTS5's own
 * unindexed column in a contentless table, `contentless_unindexed`, could hold the id, but
 * SQLite 3.53 leaves its shadow table behind when the table is dropped, and that table may not
 * be dropped then: the migration could not be run down and up again.)
 *
 * Why: a search page read all its matches from the trigram table, looked each one up and sorted
 * them (262 staff matching "son": about 100 µs of SQL), or walked the list testing each row when
 * many matched (the audit search for "bonus" passed every newer sign-in first). In the list's
 * order FTS5 reads a term's postings by rowid and stops after the page: 20 µs for "son".
 *
 * The positions are kept by triggers, whoever writes the row:
 * - a new row, or one whose order keys change (a rename), takes the middle of the gap between
 *   its neighbours' positions in the order, found through the order's index; a row before the
 *   first or after the last takes the next position 2^32 away (the newest account or audit
 *   entry, every time: 2^29 of them before the end of the range);
 * - the list is numbered as far apart as the range allows, around 0: 2^47 apart at 10,000 staff,
 *   2^43 at 200,000 entries, so rows added at one place halve that gap 43 to 47 times before it
 *   runs out; then the whole list is numbered again (`search_renumbers`), and its trigram table
 *   written again, in the same transaction: 10,000 staff in about 0.35 s, 200,000 entries in 4 s;
 * - positions stay within ±2^61, so that the difference of two never overflows.
 * Each table is numbered in its list's default order, first row lowest: staff by name, accounts
 * and entries newest first; FTS5 reads rowids in ascending order quicker (24 µs for 50 entries
 * matching "bonus", 34 µs descending). The other direction reads the rowids descending.
 * PostgreSQL's search tables are not FTS5; nothing changes there.
 */

/** A row added at either end is STEP from it; every position is within ±LIMIT. */
const STEP = 2n ** 32n;
const LIMIT = 2n ** 61n;

interface OrderedSearchTable {
  /** The FTS5 table (its name unchanged since 0009). */
  table: string;
  source: string;
  /** Its text columns, as [name, expression over the source row `R`]. */
  columns: [string, string][];
  /** The source columns a text is made of. */
  textFrom: string[];
  /** The list's default order, the id last, as expressions over `R`; the columns it is made of. */
  order: [string, 'asc' | 'desc'][];
  orderFrom: string[];
}

const ORDERED_SEARCH_TABLES: OrderedSearchTable[] = [
  {
    table: 'employees_search',
    source: 'employees',
    columns: [['search_text', 'R.search_text']],
    // employees.search_text is generated: any change of what it is made of changes it.
    textFrom: ['first_name', 'last_name', 'email', 'position', 'employee_code'],
    order: [
      ['lower(R.last_name)', 'asc'],
      ['lower(R.first_name)', 'asc'],
      ['R.id', 'asc'],
    ],
    orderFrom: ['last_name', 'first_name'],
  },
  {
    table: 'users_search',
    source: 'users',
    columns: [
      ['full_name', `lower(R.firstname || ' ' || R.lastname)`],
      ['email', 'lower(R.email)'],
    ],
    textFrom: ['firstname', 'lastname', 'email'],
    order: [
      ['R.created_at', 'desc'],
      ['R.id', 'desc'],
    ],
    orderFrom: ['created_at'],
  },
  {
    table: 'audit_entries_text',
    source: 'audit_entries',
    columns: [
      ['name', 'lower(R.name)'],
      ['description', 'lower(R.description)'],
    ],
    textFrom: ['name', 'description'],
    order: [
      ['R.created_at', 'desc'],
      ['R.id', 'desc'],
    ],
    orderFrom: ['created_at'],
  },
];

const over = (expressions: string[], row: string) =>
  expressions.map((expression) => expression.replaceAll('R.', `${row}.`));

const positions = (table: string) => `${table}_positions`;

const keysOf = (order: OrderedSearchTable['order'], row: string) =>
  over(
    order.map(([key]) => key),
    row,
  );

/**
 * The id of the row just before (or after) `new` in the list's order, through the order's
 * index: one seek per key, the nearest first (a row value comparison scans an expression index).
 */
function neighbour({ source, order }: OrderedSearchTable, side: 'before' | 'after'): string {
  const keys = keysOf(order, 'r');
  const values = keysOf(order, 'new');
  const seeks = keys.map((_, i) => {
    const equal = keys.slice(0, i).map((key, j) => `${key} = ${values[j]}`);
    // Before, in a key's ascending order, is less; walking back from `new` is descending.
    const ascending = order[i]![1] === 'asc';
    const where = [
      ...equal,
      `${keys[i]} ${ascending === (side === 'before') ? '<' : '>'} ${values[i]}`,
    ];
    const orderBy = order.slice(i).map(([, direction], j) => {
      const towards = (direction === 'asc') === (side === 'after') ? 'asc' : 'desc';
      return `${keys[i + j]} ${towards}`;
    });
    return `(select r.id from ${source} as r where ${where.join(' and ')}
      order by ${orderBy.join(', ')} limit 1)`;
  });
  return `coalesce(${seeks.reverse().join(', ')})`;
}

/** `new`'s position: the middle of its neighbours' gap, or null when there is none left. */
function newPosition(search: OrderedSearchTable): string {
  const at = (side: 'before' | 'after') =>
    `(select p.position from ${positions(search.table)} as p where p.id = ${neighbour(search, side)})`;
  return `(select case
      when b.before is null and b.after is null then 0
      when b.before is null then case when b.after - ${STEP} >= -${LIMIT} then b.after - ${STEP} end
      when b.after is null then case when b.before + ${STEP} <= ${LIMIT} then b.before + ${STEP} end
      when b.after - b.before >= 2 then b.before + (b.after - b.before) / 2
    end from (select ${at('before')} as before, ${at('after')} as after) as b)`;
}

/** The table's text columns by name, and their values over a row (`new`, `r`). */
function textColumns(columns: OrderedSearchTable['columns']) {
  const expressions = columns.map(([, expression]) => expression);
  return {
    names: columns.map(([name]) => name).join(', '),
    texts: (row: string) => over(expressions, row).join(', '),
  };
}

function triggers(search: OrderedSearchTable): string[] {
  const { table, source, columns, textFrom, order, orderFrom } = search;
  const { names, texts } = textColumns(columns);
  const positionsTable = positions(table);
  // The new row's text at its position, unless it has none (a numbering then writes every row).
  const insertText = `insert into ${table} (rowid, ${names})
      select p.position, ${texts('new')} from ${positionsTable} as p
      where p.id = new.id and p.position is not null;
    insert into search_renumbers (name)
      select '${table}' from ${positionsTable} as p where p.id = new.id and p.position is null;`;
  const deleteText = (row: string) =>
    `delete from ${table} where rowid = (select position from ${positionsTable} where id = ${row}.id);`;
  const orderMoved = keysOf(order, 'old')
    .map((key, i) => `${key} is not ${keysOf(order, 'new')[i]}`)
    .join(' or ');
  const sortKeys = order
    .map(([key, direction]) => `${over([key], 'r')[0]} ${direction}`)
    .join(', ');
  return [
    `create table ${positionsTable} (id integer primary key, position integer)`,
    `create unique index ${positionsTable}_idx on ${positionsTable} (position)`,
    `create virtual table ${table} using fts5(${names}, content = '',
       contentless_delete = 1, tokenize = 'trigram case_sensitive 1')`,
    `create trigger ${table}_insert after insert on ${source} begin
       insert into ${positionsTable} (id, position) values (new.id, ${newPosition(search)});
       ${insertText}
     end`,
    `create trigger ${table}_update after update of ${[...new Set([...textFrom, ...orderFrom])].join(', ')}
       on ${source} begin
       ${deleteText('old')}
       update ${positionsTable} set position = ${newPosition(search)}
         where id = new.id and (${orderMoved});
       ${insertText}
     end`,
    `create trigger ${table}_delete after delete on ${source} begin
       ${deleteText('old')}
       delete from ${positionsTable} where id = old.id;
     end`,
    // Every row numbered again in order, as far apart as half the range allows, and the
    // trigram table written again at the new positions, its segments merged into one (a page
    // reads fewer: 44 µs for 50 staff matching "son" before, 28 after).
    `create trigger ${table}_renumber after insert on search_renumbers
       when new.name = '${table}' begin
       delete from ${positionsTable};
       insert into ${positionsTable} (id, position)
         select r.id, (row_number() over (order by ${sortKeys})
             - (select (count(*) + 1) / 2 from ${source}))
           * (select ${LIMIT} / (count(*) + 1) from ${source})
         from ${source} as r;
       insert into ${table} (${table}) values ('delete-all');
       insert into ${table} (rowid, ${names})
         select p.position, ${texts('r')}
         from ${source} as r join ${positionsTable} as p on p.id = r.id;
       insert into ${table} (${table}) values ('optimize');
       delete from search_renumbers where name = new.name;
     end`,
  ];
}

/** 0009's table, rowid the row's id, and its triggers: what `down` puts back. */
function exactSearchTable({ table, source, columns, textFrom }: OrderedSearchTable): string[] {
  const { names, texts } = textColumns(columns);
  return [
    `create virtual table ${table} using fts5(${names}, content = '',
       contentless_delete = 1, tokenize = 'trigram case_sensitive 1')`,
    `insert into ${table} (rowid, ${names}) select id, ${texts('R')} from ${source} as R`,
    `create trigger ${table}_insert after insert on ${source} begin
       insert into ${table} (rowid, ${names}) values (new.id, ${texts('new')});
     end`,
    `create trigger ${table}_delete after delete on ${source} begin
       delete from ${table} where rowid = old.id;
     end`,
    `create trigger ${table}_update after update of id, ${textFrom.join(', ')} on ${source} begin
       delete from ${table} where rowid = old.id;
       insert into ${table} (rowid, ${names}) values (new.id, ${texts('new')});
     end`,
  ];
}

async function dropSearchTable(db: Kysely<any>, table: string, events: string[]) {
  for (const event of events) await sql.raw(`drop trigger ${table}_${event}`).execute(db);
  await sql.raw(`drop table ${table}`).execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  await sql`create table search_renumbers (name text not null)`.execute(db);
  for (const search of ORDERED_SEARCH_TABLES) {
    await dropSearchTable(db, search.table, ['insert', 'delete', 'update']);
    for (const statement of triggers(search)) await sql.raw(statement).execute(db);
    // The first numbering, by the trigger that numbers the list again.
    await sql`insert into search_renumbers (name) values (${search.table})`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  for (const search of ORDERED_SEARCH_TABLES) {
    await dropSearchTable(db, search.table, ['insert', 'delete', 'update', 'renumber']);
    await sql.raw(`drop table ${positions(search.table)}`).execute(db);
    for (const statement of exactSearchTable(search)) await sql.raw(statement).execute(db);
  }
  await sql`drop table search_renumbers`.execute(db);
}
