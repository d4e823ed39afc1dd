import { sql, type Kysely } from 'kysely';
import { lowerContainsPattern } from '../../db/like';
import type { DB } from '../../db/schema';
import { ftsIds, needle, trigramQuery, usesTrigramTable } from '../../db/text-search';

// How a staff search is asked and tested, for the staff list and for lists naming staff.

/**
 * How a staff search is asked, made from the text once: SQLite's exact trigram table of
 * migration 0009 answers for 3 characters or more (db/text-search.ts), so no row is scanned;
 * otherwise, and on PostgreSQL (its GIN trigram indexes of 0008 and 0016 serve it), a LIKE on
 * search_text (name, email, position, code, lower-cased by the database, migration 0002),
 * lower-cased too. Both are made, since a list may walk its rows with the LIKE even where the
 * table answers.
 */
export function staffSearchTerm(db: Kysely<DB>, text: string) {
  const trigram = usesTrigramTable(db, text, 'unicode');
  return {
    index: trigram ? ('trigram' as const) : ('like' as const),
    fts: trigram ? trigramQuery(text, 'unicode') : '',
    /** The text as the trigram table holds texts (SQLite). */
    needle: trigram ? needle(text, 'unicode') : '',
    pattern: lowerContainsPattern(text),
  };
}

type StaffSearch = ReturnType<typeof staffSearchTerm>;

/** The staff matching a search term (staffSearchTerm), as a test of `alias`'s row. */
export function staffTermMatch(
  { index, fts, pattern }: Omit<StaffSearch, 'needle'>,
  alias = 'e',
  idColumn = 'id',
) {
  return index === 'trigram'
    ? sql<boolean>`${sql.ref(`${alias}.${idColumn}`)} in (${ftsIds('employees_search', fts)})`
    : sql<boolean>`${sql.ref(`${alias}.search_text`)} like ${pattern} escape '\\'`;
}
