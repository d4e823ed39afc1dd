import { sql, type Kysely } from 'kysely';
import { lowerContainsPattern } from '../../db/like';
import { queryByShape } from '../../db/prepared-query';
import type { DB } from '../../db/schema';
import { needle, postingsIds, trigramQuery, usesTrigramTable } from '../../db/text-search';

// How a staff search is asked and tested, for the staff list and for lists naming staff.

/**
 * How a staff search is asked, made from the text once: on SQLite for 3 characters or more, the
 * trigram postings of migration 0025 find the matches and the exact trigram table of 0009
 * counts them (db/text-search.ts), so no other row is scanned; otherwise, and on PostgreSQL
 * (its GIN trigram indexes of 0008 and 0016 serve it), a LIKE on search_text (name, email,
 * position, code, lower-cased by the database, migration 0002), lower-cased too. Both are
 * made, since a list may walk its rows with the LIKE even where the postings answer.
 */
export function staffSearchTerm(db: Kysely<DB>, text: string) {
  const trigram = usesTrigramTable(db, text, 'unicode');
  const folded = needle(text, 'unicode');
  const length = [...folded].length;
  return {
    index: trigram ? ('trigram' as const) : ('like' as const),
    fts: trigram ? trigramQuery(text, 'unicode') : '',
    /** Whether the trigram postings hold the needle's first trigram (0025, and 0027 on PostgreSQL). */
    posted: length >= 3,
    /** The text as the postings hold texts. */
    needle: length >= 3 ? folded : '',
    /** The needle is a single trigram, so its postings are its matches. */
    oneTrigram: length === 3,
    pattern: lowerContainsPattern(text),
  };
}

type StaffSearch = ReturnType<typeof staffSearchTerm>;

/** The staff matching a search term (staffSearchTerm), as a test of `alias`'s row. */
export function staffTermMatch(
  { index, needle, oneTrigram, pattern }: Omit<StaffSearch, 'fts' | 'posted'>,
  alias = 'e',
  idColumn = 'id',
) {
  if (index === 'like') {
    return sql<boolean>`${sql.ref(`${alias}.search_text`)} like ${pattern} escape '\\'`;
  }
  const matching = postingsIds('employees_search', needle, oneTrigram);
  return sql<boolean>`${sql.ref(`${alias}.${idColumn}`)} in (${matching})`;
}

/**
 * SQLite: whether any employee's text contains the needle (0025's postings). A list naming
 * staff then leaves their test out of its statements while none does: for HR's question search
 * "work", setting up the list of no staff was a visible share of every page.
 */
const anyStaffHolding = queryByShape(
  (db: Kysely<DB>, shape: { oneTrigram: boolean }, values: { needle: string }) =>
    db.selectNoFrom(
      sql<number>`exists (${postingsIds('employees_search', values.needle, shape.oneTrigram)})`.as(
        'found',
      ),
    ),
);

export async function anyStaffHolds(
  db: Kysely<DB>,
  needle: string,
  oneTrigram: boolean,
): Promise<boolean> {
  const [row] = await anyStaffHolding(db, { oneTrigram }, { needle });
  return Boolean(row?.found);
}
