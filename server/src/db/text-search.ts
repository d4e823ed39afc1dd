import { sql, type Kysely, type RawBuilder } from 'kysely';
import { isPostgres } from './dialect';

/* eslint-disable @typescript-eslint/no-explicit-any -- works on any schema */

/**
 * The searches' trigram indexes (migration 0005). PostgreSQL: each searched text, lowered, is a
 * stored generated column with a pg_trgm GIN index, tested by a plain LIKE. SQLite: an FTS5
 * trigram index per searched text (`employees_search`, `users_search`, `questions_search`,
 * `audit_entries_text`), under its row's id, holding the lower-cased text the search's LIKE
 * compares, tokenized into trigrams case-sensitively.
 *
 * Why a phrase match there is exactly the LIKE: SQLite's lower() and LIKE fold ASCII letters
 * only. The indexed text has no ASCII capitals (lower() removed them), and neither has the
 * phrase (`needle` lowers them the way the LIKE's pattern is lowered), so "LIKE '%needle%'"
 * holds exactly when the text contains the needle character for character. A trigram phrase of
 * 3 characters or more matches exactly then: its trigrams at consecutive positions spell it. A
 * shorter needle has no trigram, and the search falls back to the LIKE scan.
 */
export type SearchIndex =
  'employees_search' | 'users_search' | 'questions_search' | 'audit_entries_text';

/** Which lowering the LIKE's pattern gets: JavaScript's (Unicode) or only ASCII's (LIKE's own). */
export type Folding = 'unicode' | 'ascii';

export function needle(text: string, folding: Folding): string {
  return folding === 'unicode'
    ? text.toLowerCase()
    : text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

/** Whether SQLite's trigram index answers this search (PostgreSQL's GIN indexes serve any). */
export function usesTrigramIndex(db: Kysely<any>, text: string, folding: Folding): boolean {
  return !isPostgres(db) && [...needle(text, folding)].length >= 3;
}

/**
 * Whether the text has a trigram (3 characters or more), which a GIN index can look up. A
 * shorter one has none: the index would be read whole, and a scan serves it better, so its
 * statements are planned for their values (db/prepared-statements.ts, PLANNED_ONCE).
 */
export function hasTrigram(text: string): boolean {
  return [...text].length >= 3;
}

/** An FTS5 query for the needle: one phrase, double quotes doubled, nothing else special. */
export function trigramQuery(text: string, folding: Folding): string {
  return `"${needle(text, folding).replace(/"/g, '""')}"`;
}

/**
 * SQLite: the ids of the rows whose text contains the needle, for `id in (<this>)`, from an FTS5
 * query made before (trigramQuery): a compiled query's value.
 */
export function ftsIds(index: SearchIndex, query: string): RawBuilder<number> {
  return sql<number>`select rowid from ${sql.table(index)} where ${sql.table(index)} match ${query}`;
}

/**
 * PostgreSQL: `column LIKE lower(pattern)`, for a lowered stored column and a pattern made by
 * containsPattern (`%text%`, wildcards literal): exactly what `text ILIKE pattern` matches. In a
 * multibyte (UTF-8) database ILIKE itself lower-cases the text and the pattern with lower(), in
 * the same collation, and then runs the very matcher LIKE runs (like.c, Generic_Text_IC_like).
 * The column holds the first lower() already, so the GIN index's candidates are rechecked by a
 * plain LIKE instead of lower-casing each row again. The pattern is lowered once, in a subquery
 * (an InitPlan, which the GIN index takes as its key too): in a plan made once, `lower($1)` was
 * computed again for every row tested. Backslash is PostgreSQL's own LIKE escape, so no ESCAPE.
 */
export function loweredContains(column: RawBuilder<unknown>, pattern: string): RawBuilder<boolean> {
  return sql<boolean>`${column} like (select lower(${pattern}))`;
}
