import { sql, type Kysely, type RawBuilder } from 'kysely';
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

/**
 * SQLite: a page of the staff whose text contains the needle, in name order (`first`: its first
 * row first) or the reverse, from the trigram postings of migration 0025, which hold each
 * employee's trigrams at their position in that order. A needle of one trigram is one range of
 * its postings, read in order and stopped after the page; a longer one walks its first
 * trigram's postings in order and tests each employee's text with the whole needle. Same
 * contract as ftsPage (db/text-search.ts): `from` names the page's positions `m.rowid` and ids
 * `ps.id`, to be ordered by `order`.
 */
export function staffPostingsPage(
  needle: string,
  { limit, offset, first }: { limit: number; offset: number; first: boolean },
  oneTrigram: boolean,
): { from: RawBuilder<unknown>; order: RawBuilder<unknown> } {
  const direction = sql.raw(first ? 'asc' : 'desc');
  const positions = oneTrigram
    ? sql`select position as rowid from employees_search_postings where trigram = ${needle}`
    : sql`select t.position as rowid from employees_search_postings as t
        join employees_search_positions as tp on tp.position = t.position
        join employees as te on te.id = tp.id
        where t.trigram = substr(${needle}, 1, 3) and instr(te.search_text, ${needle}) > 0`;
  return {
    from: sql`(${positions} order by rowid ${direction} limit ${limit} offset ${offset}) as m
      join employees_search_positions as ps on ps.position = m.rowid`,
    order: sql`m.rowid ${direction}`,
  };
}
