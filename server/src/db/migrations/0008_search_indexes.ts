/* eslint-disable @typescript-eslint/no-explicit-any -- migrations work on any schema */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

/**
 * Trigram indexes for the text searches, which are substring matches (`like '%term%'`) and so
 * scanned whole tables: an audit search over 200,000 entries cost 43 ms of CPU per request.
 *
 * - PostgreSQL: the `pg_trgm` extension (trusted since PostgreSQL 13, so the database owner may
 *   create it) and GIN trigram indexes on exactly the expressions the searches compare, which
 *   the planner uses for LIKE and ILIKE '%term%' (rechecking each candidate row).
 * - SQLite: an FTS5 table with the trigram tokenizer over the audit entries' name and
 *   description, external content kept by triggers, which the audit search asks for candidates
 *   when the term has 3 characters or more (audit.repository.ts), rechecking each with LIKE.
 */

/** [index, table, expression]: each expression exactly as the search writes it. */
const POSTGRES_INDEXES = [
  ['audit_entries_name_trgm_idx', 'audit_entries', 'lower(name)'],
  ['audit_entries_description_trgm_idx', 'audit_entries', 'lower(description)'],
  ['employees_search_text_trgm_idx', 'employees', 'search_text'],
  ['users_full_name_trgm_idx', 'users', `(firstname || ' ' || lastname)`],
  ['users_email_trgm_idx', 'users', 'email'],
  ['questions_question_trgm_idx', 'questions', 'question'],
] as const;

/** SQLite: the audit search's FTS5 table and its triggers (also 0009's way back to 0008). */
export const SQLITE_AUDIT_SEARCH = [
  `create virtual table audit_entries_search using fts5(
     name, description,
     content = 'audit_entries', content_rowid = 'id',
     tokenize = 'trigram case_sensitive 0')`,
  `insert into audit_entries_search (audit_entries_search) values ('rebuild')`,
  `create trigger audit_entries_search_insert after insert on audit_entries begin
     insert into audit_entries_search (rowid, name, description)
     values (new.id, new.name, new.description);
   end`,
  `create trigger audit_entries_search_delete after delete on audit_entries begin
     insert into audit_entries_search (audit_entries_search, rowid, name, description)
     values ('delete', old.id, old.name, old.description);
   end`,
  `create trigger audit_entries_search_update after update of id, name, description
   on audit_entries begin
     insert into audit_entries_search (audit_entries_search, rowid, name, description)
     values ('delete', old.id, old.name, old.description);
     insert into audit_entries_search (rowid, name, description)
     values (new.id, new.name, new.description);
   end`,
];

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    for (const [name, table, expression] of POSTGRES_INDEXES) {
      await sql
        .raw(`create index ${name} on ${table} using gin ((${expression}) gin_trgm_ops)`)
        .execute(db);
    }
    return;
  }
  for (const statement of SQLITE_AUDIT_SEARCH) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    for (const [name] of POSTGRES_INDEXES) await sql.raw(`drop index ${name}`).execute(db);
    // The extension stays: it may have been there before, and other objects may use it.
    return;
  }
  for (const event of ['insert', 'delete', 'update']) {
    await sql.raw(`drop trigger audit_entries_search_${event}`).execute(db);
  }
  await sql`drop table audit_entries_search`.execute(db);
}
