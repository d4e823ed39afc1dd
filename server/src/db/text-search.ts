import { sql, type Kysely, type RawBuilder } from 'kysely';
import { isPostgres } from './dialect';

/* eslint-disable @typescript-eslint/no-explicit-any -- works on any schema */

/**
 * SQLite's exact trigram tables (migration 0009): `employees_search`, `users_search`,
 * `questions_search` and `audit_entries_text`, each holding the lower-cased text a search's
 * LIKE compares, tokenized into trigrams case-sensitively.
 *
 * Why a phrase match there is exactly the LIKE: SQLite's lower() and LIKE fold ASCII letters
 * only. The indexed text has no ASCII capitals (lower() removed them), and neither has the
 * phrase (`needle` lowers them the way the LIKE's pattern is lowered), so "LIKE '%needle%'"
 * holds exactly when the text contains the needle character for character. A trigram phrase of
 * 3 characters or more matches exactly then: its trigrams at consecutive positions spell it. A
 * shorter needle has no trigram, and the search falls back to the LIKE scan.
 */
export type SearchTable =
  'employees_search' | 'users_search' | 'questions_search' | 'audit_entries_text';

/** What `questions_search.state` holds, as migration 0009 writes it: one trigram each. */
export const QUESTION_STATES = { pending: 'pen', answered: 'ans' } as const;

/** Which lowering the LIKE's pattern gets: JavaScript's (Unicode) or only ASCII's (LIKE's own). */
export type Folding = 'unicode' | 'ascii';

export function needle(text: string, folding: Folding): string {
  return folding === 'unicode'
    ? text.toLowerCase()
    : text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

/** Whether SQLite's trigram table answers this search (PostgreSQL's GIN indexes serve any). */
export function usesTrigramTable(db: Kysely<any>, text: string, folding: Folding): boolean {
  return !isPostgres(db) && [...needle(text, folding)].length >= 3;
}

/** An FTS5 query for the exact text: one phrase, double quotes doubled, nothing else special. */
export function ftsPhrase(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/**
 * The FTS5 query for the needle, in one column of the table when `column` is given (a table
 * with more columns than the searched texts, such as `questions_search`'s state).
 */
export function trigramQuery(text: string, folding: Folding, column?: string): string {
  const phrase = ftsPhrase(needle(text, folding));
  return column ? `{${column}} : ${phrase}` : phrase;
}

/** The ids (rowids) of the rows whose text contains the needle: `id in (<this>)`. */
export function trigramMatches(
  table: SearchTable,
  text: string,
  folding: Folding,
  column?: string,
): RawBuilder<number> {
  return sql<number>`select rowid from ${sql.table(table)}
    where ${sql.table(table)} match ${trigramQuery(text, folding, column)}`;
}
