/* eslint-disable @typescript-eslint/no-explicit-any -- migrations work on any schema */
import { sql, type Kysely } from 'kysely';
import { SQLITE_AUDIT_SEARCH } from './0008_search_indexes';
import { isPostgres } from './helpers';

/**
 * Search and list costs left after 0008 (docs/benchmarks.md): the staff, account and question
 * searches still scanned on SQLite, the audit search rechecked every trigram candidate against
 * its row, and counting the matches of a common term (the pager's total) cost more than the page.
 *
 * - SQLite: one contentless FTS5 trigram table per searched text, holding exactly the lower-cased
 *   text the LIKE compares and matching case-sensitively. A phrase of 3 characters or more then
 *   matches exactly the rows the LIKE does (see server/src/db/text-search.ts), so neither the
 *   page nor the count reads a row to recheck it: counting 262 staff matching "son" reads one
 *   doclist instead of 10,000 rows. Kept by triggers; the audit table replaces 0008's (which
 *   folded case its own way and so needed the recheck). `questions_search` also holds each
 *   question's state as one trigram, so counting the pending questions that match is one FTS5
 *   query instead of a row lookup per match.
 * - Both engines: (department, status, salary) for the staff list filtered by department and
 *   status and sorted by salary (the bench's filter), which sorted 10,000 rows on SQLite.
 */

/** What `questions_search.state` holds: one trigram each (three characters). */
const QUESTION_STATES = { pending: 'pen', answered: 'ans' } as const;

/** [fts table, source table, columns as [name, expression over `row`], columns that change it]. */
const SEARCH_TABLES = [
  ['employees_search', 'employees', [['search_text', 'row.search_text']], null],
  [
    'users_search',
    'users',
    [
      ['full_name', `lower(row.firstname || ' ' || row.lastname)`],
      ['email', 'lower(row.email)'],
    ],
    'firstname, lastname, email',
  ],
  [
    'questions_search',
    'questions',
    [
      ['question', 'lower(row.question)'],
      // One trigram per state, so "pending questions matching" is one FTS5 AND.
      [
        'state',
        `case when row.responded_at is null then '${QUESTION_STATES.pending}' else '${QUESTION_STATES.answered}' end`,
      ],
    ],
    'question, responded_at',
  ],
  [
    'audit_entries_text',
    'audit_entries',
    [
      ['name', 'lower(row.name)'],
      ['description', 'lower(row.description)'],
    ],
    'name, description',
  ],
] as const;

/** The salary sort within department and status: the expression the list orders by first. */
const SALARY_INDEX = `create index employees_department_status_salary_idx on employees
  (department, status, (case when salary_cents is null then 1 else 0 end), salary_cents desc, id desc)`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(SALARY_INDEX).execute(db);
  if (isPostgres(db)) return;

  for (const event of ['insert', 'delete', 'update']) {
    await sql.raw(`drop trigger audit_entries_search_${event}`).execute(db);
  }
  await sql`drop table audit_entries_search`.execute(db);

  for (const [table, source, columns, changedBy] of SEARCH_TABLES) {
    const names = columns.map(([name]) => name).join(', ');
    const values = (row: string) =>
      columns.map(([, expression]) => expression.replaceAll('row.', `${row}.`)).join(', ');
    // employees.search_text is generated: any change of what it is made of changes it.
    const watched = changedBy ?? 'first_name, last_name, email, position, employee_code';
    const statements = [
      `create virtual table ${table} using fts5(${names}, content = '',
         contentless_delete = 1, tokenize = 'trigram case_sensitive 1')`,
      `insert into ${table} (rowid, ${names}) select id, ${values(source)} from ${source}`,
      `create trigger ${table}_insert after insert on ${source} begin
         insert into ${table} (rowid, ${names}) values (new.id, ${values('new')});
       end`,
      `create trigger ${table}_delete after delete on ${source} begin
         delete from ${table} where rowid = old.id;
       end`,
      `create trigger ${table}_update after update of id, ${watched} on ${source} begin
         delete from ${table} where rowid = old.id;
         insert into ${table} (rowid, ${names}) values (new.id, ${values('new')});
       end`,
    ];
    for (const statement of statements) await sql.raw(statement).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index employees_department_status_salary_idx`.execute(db);
  if (isPostgres(db)) return;
  for (const [table] of SEARCH_TABLES) {
    for (const event of ['insert', 'delete', 'update']) {
      await sql.raw(`drop trigger ${table}_${event}`).execute(db);
    }
    await sql.raw(`drop table ${table}`).execute(db);
  }
  // 0008's audit table as it was.
  for (const statement of SQLITE_AUDIT_SEARCH) await sql.raw(statement).execute(db);
}
