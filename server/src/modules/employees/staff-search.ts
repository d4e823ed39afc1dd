import { sql, type Kysely } from 'kysely';
import { lowerContainsPattern } from '../../db/like';
import type { DB } from '../../db/schema';
import { ftsIds, hasTrigram, trigramQuery, usesTrigramIndex } from '../../db/text-search';

// How a staff search is asked and tested, for the staff list and for lists naming staff.

/**
 * How a staff search is asked, made from the text once: on SQLite for 3 characters or more,
 * the staff's FTS5 trigram index (migration 0005, db/text-search.ts) finds the matches, so no
 * other row is scanned; otherwise, and on PostgreSQL (search_text's GIN trigram index serves
 * it), a LIKE on search_text (name, email, position, code, lower-cased by the database),
 * lower-cased too.
 */
export function staffSearchTerm(db: Kysely<DB>, text: string) {
  const trigram = usesTrigramIndex(db, text, 'unicode');
  return {
    index: trigram ? ('trigram' as const) : ('like' as const),
    /** The needle has a trigram, so PostgreSQL's GIN index serves it. */
    trigrams: hasTrigram(text),
    fts: trigram ? trigramQuery(text, 'unicode') : '',
    pattern: lowerContainsPattern(text),
  };
}

type StaffSearch = ReturnType<typeof staffSearchTerm>;

/** The staff matching a search term (staffSearchTerm), as a test of `alias`'s row. */
export function staffTermMatch(
  { index, fts, pattern }: Pick<StaffSearch, 'index' | 'fts' | 'pattern'>,
  alias = 'e',
  idColumn = 'id',
) {
  if (index === 'like') {
    return sql<boolean>`${sql.ref(`${alias}.search_text`)} like ${pattern} escape '\\'`;
  }
  return sql<boolean>`${sql.ref(`${alias}.${idColumn}`)} in (${ftsIds('employees_search', fts)})`;
}
