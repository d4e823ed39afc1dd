/* eslint-disable @typescript-eslint/no-explicit-any -- migrations work on any schema */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

/**
 * PostgreSQL's account and question searches (SQLite has had its own tables since 0009).
 *
 * 0008's GIN trigram indexes on `firstname || ' ' || lastname`, `email` and `question` serve an
 * ILIKE, which lower-cases every candidate row again to recheck it: at 20,000 questions, "work"
 * rechecked 3,993 rows in 2.7 ms, and both the page and its count did so. These narrow tables
 * hold each text already lower-cased, so the recheck is a plain LIKE (0.9 ms) over a table of
 * a few columns. `questions_search` also holds whether the question is pending and its
 * employee's search_text, so the HR search (question or employee) and the pager's count of
 * pending matches read this table alone: one bitmap over two trigram indexes, in proportion to
 * the matches, where going from each matching employee to their questions cost 41 ms for "exa"
 * (all 10,000 staff match their example.com addresses) in the generic plan of a prepared count.
 * Same names as SQLite's tables of 0009; kept by row triggers; the text is lower-cased by the
 * database, as ILIKE lowers it (server/src/db/text-search.ts says why the LIKE then matches
 * exactly what the ILIKE did).
 */

/** The question's employee's search_text (migration 0002), for the HR search by name or email. */
const EMPLOYEE_TEXT = '(select e.search_text from employees as e where e.id = row.employee_id)';

/** [table, source, columns as [name, type, expression over `row`], columns that change it]. */
const SEARCH_TABLES = [
  [
    'users_search',
    'users',
    [
      ['full_name', 'text', `lower(row.firstname || ' ' || row.lastname)`],
      ['email', 'text', 'lower(row.email)'],
    ],
    'firstname, lastname, email',
  ],
  [
    'questions_search',
    'questions',
    [
      ['question', 'text', 'lower(row.question)'],
      ['employee_text', 'text', EMPLOYEE_TEXT],
      ['pending', 'boolean', 'row.responded_at is null'],
    ],
    'question, employee_id, responded_at',
  ],
] as const;

/**
 * `questions_search.employee_text` follows its employee's search_text. That is a generated
 * column, never in an UPDATE's SET list, so the trigger watches what it is made of (as 0009's
 * do) and compares the computed values, which an AFTER trigger sees.
 */
const EMPLOYEE_TEXT_FOLLOWS = [
  `create function questions_search_employee_text() returns trigger language plpgsql as $$
   begin
     update questions_search as s set employee_text = new.search_text
       from questions as q where q.employee_id = new.id and s.id = q.id;
     return null;
   end $$`,
  `create trigger questions_search_employee_text
     after update of first_name, last_name, email, position, employee_code on employees
     for each row when (old.search_text is distinct from new.search_text)
     execute function questions_search_employee_text()`,
];

/** [index, table, column]: the trigram indexes the searches use. */
const TRIGRAM_INDEXES = [
  ['users_search_full_name_trgm_idx', 'users_search', 'full_name'],
  ['users_search_email_trgm_idx', 'users_search', 'email'],
  ['questions_search_question_trgm_idx', 'questions_search', 'question'],
  ['questions_search_employee_text_trgm_idx', 'questions_search', 'employee_text'],
] as const;

/** 0008's indexes the tables replace, as 0008 made them (recreated by `down`). */
const REPLACED_INDEXES = [
  ['users_full_name_trgm_idx', 'users', `(firstname || ' ' || lastname)`],
  ['users_email_trgm_idx', 'users', 'email'],
  ['questions_question_trgm_idx', 'questions', 'question'],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const [table, source, columns, changedBy] of SEARCH_TABLES) {
    const names = columns.map(([name]) => name).join(', ');
    const values = (row: string) =>
      columns.map(([, , expression]) => expression.replaceAll('row.', `${row}.`)).join(', ');
    const statements = [
      `create table ${table} (id integer primary key,
         ${columns.map(([name, type]) => `${name} ${type} not null`).join(', ')})`,
      `insert into ${table} (id, ${names}) select id, ${values(source)} from ${source}`,
      `create function ${table}_write() returns trigger language plpgsql as $$
       begin
         if tg_op <> 'INSERT' then delete from ${table} where id = old.id; end if;
         if tg_op <> 'DELETE' then
           insert into ${table} (id, ${names}) values (new.id, ${values('new')});
         end if;
         return null;
       end $$`,
      `create trigger ${table}_write after insert or delete or update of id, ${changedBy}
         on ${source} for each row execute function ${table}_write()`,
    ];
    for (const statement of statements) await sql.raw(statement).execute(db);
  }
  for (const statement of EMPLOYEE_TEXT_FOLLOWS) await sql.raw(statement).execute(db);
  for (const [name, table, column] of TRIGRAM_INDEXES) {
    await sql
      .raw(`create index ${name} on ${table} using gin (${column} gin_trgm_ops)`)
      .execute(db);
  }
  for (const [name] of REPLACED_INDEXES) await sql.raw(`drop index ${name}`).execute(db);
  for (const [table] of SEARCH_TABLES) await sql.raw(`analyze ${table}`).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const [name, table, expression] of REPLACED_INDEXES) {
    await sql
      .raw(`create index ${name} on ${table} using gin ((${expression}) gin_trgm_ops)`)
      .execute(db);
  }
  await sql`drop trigger questions_search_employee_text on employees`.execute(db);
  await sql`drop function questions_search_employee_text()`.execute(db);
  for (const [table, source] of SEARCH_TABLES) {
    await sql.raw(`drop trigger ${table}_write on ${source}`).execute(db);
    await sql.raw(`drop function ${table}_write()`).execute(db);
    await sql.raw(`drop table ${table}`).execute(db);
  }
}
