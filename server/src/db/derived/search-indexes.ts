import { anyOf, disagreements } from './compare';
import { declare, trigger, type DdlStatement } from './declaration';

/**
 * SQLite: one FTS5 trigram index per searched text (migration 0005), under its row's id, each
 * holding the lowered text its search's LIKE compares: the staff's search_text (a column of
 * employees, so an external-content index reading it there), the accounts' name and email, the
 * questions' text, the audit entries' name and description (expressions: contentless indexes).
 * PostgreSQL keeps no such table: each searched text is a stored generated column of its own
 * table with a pg_trgm GIN index on it (a data table's column, not a derived table).
 */

/** A contentless index's rows: `texts` (SQL of the source row `new`/`old`) under its id. */
function contentless(
  source: string,
  index: string,
  columns: readonly string[],
  texts: (row: 'new' | 'old') => readonly string[],
  watched: string,
): DdlStatement[] {
  const insert = `insert into ${index} (rowid, ${columns.join(', ')}) values (new.id, ${texts('new').join(', ')});`;
  return [
    trigger(
      source,
      `${index}_insert`,
      `
      CREATE TRIGGER ${index}_insert after insert on ${source} begin
          ${insert}
        end`,
    ),
    trigger(
      source,
      `${index}_delete`,
      `
      CREATE TRIGGER ${index}_delete after delete on ${source} begin
          delete from ${index} where rowid = old.id;
        end`,
    ),
    trigger(
      source,
      `${index}_update`,
      `
      CREATE TRIGGER ${index}_update after update of ${watched} on ${source} begin
          delete from ${index} where rowid = old.id;
          ${insert}
        end`,
    ),
  ];
}

/** The texts of each contentless index, over its source row `r` (as its triggers write them). */
const CONTENTLESS = {
  users_search: {
    source: 'users',
    columns: ['full_name', 'email'],
    texts: (r: string) => [`lower(${r}.firstname || ' ' || ${r}.lastname)`, `lower(${r}.email)`],
    watched: 'id, firstname, lastname, email',
  },
  questions_search: {
    source: 'questions',
    columns: ['question'],
    texts: (r: string) => [`lower(${r}.question)`],
    watched: 'id, question',
  },
  audit_entries_text: {
    source: 'audit_entries',
    columns: ['name', 'description'],
    texts: (r: string) => [`lower(${r}.name)`, `lower(${r}.description)`],
    watched: 'id, name, description',
  },
} as const;

const contentlessEntries = Object.entries(CONTENTLESS);

/** Every source row is indexed under its id, and nothing else is (the index has no text to read). */
const indexedRows = (table: string, stored: string, source: string) =>
  disagreements(
    'sqlite',
    table,
    { key: 'cast(id as text)', value: "'indexed'", from: `from ${stored}` },
    { key: 'cast(id as text)', value: "'indexed'", from: `from ${source}` },
  );

export const searchIndexes = declare({
  name: 'search-indexes',
  purpose:
    'The staff, accounts, HR questions and audit searches find a term of 3 characters or more.',
  tables: {
    sqlite: ['employees_search', ...contentlessEntries.map(([index]) => index)],
    postgres: [],
  },
  sources: ['employees', 'users', 'questions', 'audit_entries'],
  keptBy: 'the triggers below',
  change: {
    sqlite: [
      trigger(
        'employees',
        'employees_search_insert',
        `
      CREATE TRIGGER employees_search_insert after insert on employees begin
          insert into employees_search (rowid, search_text) values (new.id, new.search_text);
        end`,
      ),
      trigger(
        'employees',
        'employees_search_delete',
        `
      CREATE TRIGGER employees_search_delete after delete on employees begin
          insert into employees_search (employees_search, rowid, search_text)
            values ('delete', old.id, old.search_text);
        end`,
      ),
      trigger(
        'employees',
        'employees_search_update',
        `
      CREATE TRIGGER employees_search_update after update of id, first_name, last_name, email, position, employee_code on employees begin
          insert into employees_search (employees_search, rowid, search_text)
            values ('delete', old.id, old.search_text);
          insert into employees_search (rowid, search_text) values (new.id, new.search_text);
        end`,
      ),
      ...contentlessEntries.flatMap(([index, { source, columns, texts, watched }]) =>
        contentless(source, index, columns, (row) => texts(row), watched),
      ),
    ],
    postgres: [],
  },
  rebuild: {
    sqlite: [
      "insert into employees_search (employees_search) values ('rebuild')",
      ...contentlessEntries.flatMap(([index, { source, columns, texts }]) => [
        `insert into ${index} (${index}) values ('delete-all')`,
        `insert into ${index} (rowid, ${columns.join(', ')})
      select r.id, ${texts('r').join(', ')} from ${source} as r`,
      ]),
    ],
    postgres: [],
  },
  check: {
    // The external-content index keeps one size row per indexed row; a contentless one answers
    // its rowids.
    sqlite: anyOf(
      indexedRows('employees_search', 'employees_search_docsize', 'employees'),
      ...contentlessEntries.map(([index, { source }]) =>
        disagreements(
          'sqlite',
          index,
          { key: 'cast(rowid as text)', value: "'indexed'", from: `from ${index}` },
          { key: 'cast(id as text)', value: "'indexed'", from: `from ${source}` },
        ),
      ),
    ),
    postgres: null,
  },
  limits: 'SQLite: the rows each index holds are checked, not the text it holds for them.',
});
