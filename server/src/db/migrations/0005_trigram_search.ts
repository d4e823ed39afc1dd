/* eslint-disable @typescript-eslint/no-explicit-any -- migrations work on any schema */
import { sql, type Kysely } from 'kysely';
import { derivedStatement } from '../derived';
import {
  searchPostgresFunctions,
  searchPostgresTables,
  searchPostgresTriggers,
  searchRebuild,
  searchSqliteTables,
  searchSqliteTriggers,
} from './baseline-search';
import { isPostgres } from './helpers';

/**
 * The searches read one trigram index per searched text instead of the custom search tables
 * (their copies of the texts, trigram postings, positions in each list's order, renumbering).
 * PostgreSQL: each text the search compares, lowered as today, is a stored generated column of
 * its own table (employees' search_text already was) with a pg_trgm GIN index, and the search
 * tables and their 10 triggers go. SQLite: one FTS5 trigram index per searched text, under the
 * row's id: the staff's external-content over search_text, the others contentless.
 */

const run = async (db: Kysely<any>, statements: readonly string[]) => {
  for (const statement of statements) await sql.raw(statement).execute(db);
};
const split = (key: string) => key.split('.') as [string, string];

/** PostgreSQL: the stored lowered texts, and the GIN index of each. */
const POSTGRES_COLUMNS = [
  { table: 'users', column: 'search_name', text: "lower(firstname || ' ' || lastname)" },
  { table: 'users', column: 'search_email', text: 'lower(email)' },
  { table: 'questions', column: 'search_question', text: 'lower(question)' },
  { table: 'audit_entries', column: 'search_name', text: 'lower(name)' },
  { table: 'audit_entries', column: 'search_description', text: 'lower(description)' },
];

/** The audit trail's expression indexes, which the stored columns' indexes replace. */
const AUDIT_EXPRESSION_INDEXES = [
  'create index audit_entries_name_trgm_idx on audit_entries using gin (lower(name) gin_trgm_ops)',
  'create index audit_entries_description_trgm_idx on audit_entries using gin (lower(description) gin_trgm_ops)',
];

const POSTGRES_SEARCH_TABLES = [
  'employees_search_postings',
  'employees_search',
  'users_search_postings',
  'users_search',
  'questions_search',
  'audit_entries_search',
];

async function postgresUp(db: Kysely<any>): Promise<void> {
  for (const [table, name] of Object.keys(searchPostgresTriggers).map(split)) {
    await sql.raw(`drop trigger ${name} on ${table}`).execute(db);
  }
  for (const name of Object.keys(searchPostgresFunctions)) {
    await sql.raw(`drop function ${name}`).execute(db);
  }
  await sql.raw(`drop table ${POSTGRES_SEARCH_TABLES.join(', ')}`).execute(db);
  for (const { table, column, text } of POSTGRES_COLUMNS) {
    await sql
      .raw(`alter table ${table} add column ${column} text generated always as (${text}) stored`)
      .execute(db);
    await sql
      .raw(
        `create index ${table}_${column}_trgm_idx on ${table} using gin (${column} gin_trgm_ops)`,
      )
      .execute(db);
  }
  await run(db, [
    'drop index audit_entries_name_trgm_idx',
    'drop index audit_entries_description_trgm_idx',
  ]);
}

async function postgresDown(db: Kysely<any>): Promise<void> {
  for (const { table, column } of POSTGRES_COLUMNS) {
    await sql.raw(`alter table ${table} drop column ${column}`).execute(db);
  }
  await run(db, AUDIT_EXPRESSION_INDEXES);
  await run(db, searchPostgresTables.all);
  await run(db, Object.values(searchPostgresFunctions));
  await run(db, Object.values(searchPostgresTriggers));
  await run(db, searchRebuild.postgres);
}

/** SQLite's tables that go: positions, postings, renumbering, and the pending questions' index. */
const SQLITE_DROPPED_TABLES = [
  'employees_search_postings',
  'users_search_postings',
  'employees_search_positions',
  'users_search_positions',
  'audit_entries_text_positions',
  'search_renumbers',
  'search_text_offsets',
  'pending_questions_search',
];

/** SQLite's indexes made anew: the staff's over employees, the questions' without the state. */
const SQLITE_NEW_TABLES = [
  `create virtual table employees_search using fts5 (
  search_text,
  content = 'employees',
  content_rowid = 'id',
  tokenize = 'trigram case_sensitive 1'
)`,
  `create virtual table questions_search using fts5 (
  question,
  content = '',
  contentless_delete = 1,
  tokenize = 'trigram case_sensitive 1'
)`,
];

/** SQLite's triggers of the indexes under the rows' ids (derived/search-indexes.ts). */
const SQLITE_NEW_TRIGGERS = [
  'employees_search',
  'users_search',
  'questions_search',
  'audit_entries_text',
].flatMap((index) => ['insert', 'delete', 'update'].map((op) => `${index}_${op}`));
const SOURCES: Record<string, string> = {
  employees_search: 'employees',
  users_search: 'users',
  questions_search: 'questions',
  audit_entries_text: 'audit_entries',
};

/** The indexes' rows under their ids, from their sources (as the triggers write them). */
const SQLITE_FILL = [
  "insert into employees_search (employees_search) values ('rebuild')",
  "insert into users_search (users_search) values ('delete-all')",
  `insert into users_search (rowid, full_name, email)
  select id, lower(firstname || ' ' || lastname), lower(email) from users`,
  'insert into questions_search (rowid, question) select id, lower(question) from questions',
  "insert into audit_entries_text (audit_entries_text) values ('delete-all')",
  `insert into audit_entries_text (rowid, name, description)
  select id, lower(name), lower(description) from audit_entries`,
];

async function sqliteUp(db: Kysely<any>): Promise<void> {
  for (const [, name] of Object.keys(searchSqliteTriggers).map(split)) {
    await sql.raw(`drop trigger ${name}`).execute(db);
  }
  await run(
    db,
    [...SQLITE_DROPPED_TABLES, 'employees_search', 'questions_search'].map(
      (t) => `drop table ${t}`,
    ),
  );
  await run(db, SQLITE_NEW_TABLES);
  for (const name of SQLITE_NEW_TRIGGERS) {
    const index = name.slice(0, name.lastIndexOf('_'));
    await sql.raw(derivedStatement('sqlite', 'trigger', name, SOURCES[index])).execute(db);
  }
  await run(db, SQLITE_FILL);
}

async function sqliteDown(db: Kysely<any>): Promise<void> {
  for (const name of SQLITE_NEW_TRIGGERS) await sql.raw(`drop trigger ${name}`).execute(db);
  await run(db, [
    'drop table employees_search',
    'drop table questions_search',
    'drop table users_search',
    'drop table audit_entries_text',
  ]);
  await run(db, [...searchSqliteTables.questions, ...searchSqliteTables.rest]);
  await run(db, Object.values(searchSqliteTriggers));
  await run(db, searchRebuild.sqlite);
}

export async function up(db: Kysely<any>): Promise<void> {
  await (isPostgres(db) ? postgresUp(db) : sqliteUp(db));
}

export async function down(db: Kysely<any>): Promise<void> {
  await (isPostgres(db) ? postgresDown(db) : sqliteDown(db));
}
