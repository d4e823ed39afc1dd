import { sql, type Kysely, type RawBuilder } from 'kysely';
import { isPostgres } from './dialect';

/* eslint-disable @typescript-eslint/no-explicit-any -- works on any schema */

/**
 * SQLite's exact trigram tables (migration 0009): `employees_search`, `users_search`,
 * `questions_search` and `audit_entries_text`, and 0012's `pending_questions_search` (the
 * pending questions alone), each holding the lower-cased text a search's LIKE compares,
 * tokenized into trigrams case-sensitively.
 *
 * Why a phrase match there is exactly the LIKE: SQLite's lower() and LIKE fold ASCII letters
 * only. The indexed text has no ASCII capitals (lower() removed them), and neither has the
 * phrase (`needle` lowers them the way the LIKE's pattern is lowered), so "LIKE '%needle%'"
 * holds exactly when the text contains the needle character for character. A trigram phrase of
 * 3 characters or more matches exactly then: its trigrams at consecutive positions spell it. A
 * shorter needle has no trigram, and the search falls back to the LIKE scan.
 */
export type SearchTable =
  | 'employees_search'
  | 'users_search'
  | 'questions_search'
  | 'pending_questions_search'
  | 'audit_entries_text';

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

/**
 * The tables of 0023, which hold each row at its position in its list's default order (rowid):
 * staff by name, accounts and audit entries newest first. `<table>_positions` maps a position
 * back to its row's id.
 */
export type OrderedSearchTable = 'employees_search' | 'users_search' | 'audit_entries_text';

const ORDERED: ReadonlySet<SearchTable> = new Set<OrderedSearchTable>([
  'employees_search',
  'users_search',
  'audit_entries_text',
]);

/** The table mapping a position of 0023's `table` back to its row's id. */
const positions = (table: OrderedSearchTable) => sql.table(`${table}_positions`);

/**
 * The ids of the rows whose text contains the needle, for `id in (<this>)`, from an FTS5 query
 * made before (trigramQuery): a compiled query's value.
 */
export function ftsIds(table: SearchTable, query: string): RawBuilder<number> {
  const matches = sql<number>`select rowid from ${sql.table(table)}
    where ${sql.table(table)} match ${query}`;
  if (!ORDERED.has(table)) return matches;
  return sql<number>`select ps.id from (${matches}) as m
    join ${positions(table as OrderedSearchTable)} as ps on ps.position = m.rowid`;
}

/**
 * A page of the rows whose text contains the needle, in the list's default order (`first`: its
 * first row first) or the reverse: FTS5 reads the needle's postings by position and stops after
 * the page, however many match. `from` is FROM-clause text naming the page's matches `m` (rowid
 * their position) and their ids `ps.id`; ordered by `order`, SQLite keeps the order it read
 * them in rather than sorting them, where reading the matches by id and sorting them by name
 * costs in proportion to the matches.
 */
export function ftsPage(
  table: OrderedSearchTable,
  query: string,
  { limit, offset, first }: { limit: number; offset: number; first: boolean },
): { from: RawBuilder<unknown>; order: RawBuilder<unknown> } {
  const direction = sql.raw(first ? 'asc' : 'desc');
  return {
    from: sql`(select rowid from ${sql.table(table)} where ${sql.table(table)} match ${query}
        order by rowid ${direction} limit ${limit} offset ${offset}) as m
      join ${positions(table)} as ps on ps.position = m.rowid`,
    order: sql`m.rowid ${direction}`,
  };
}

/** The ids of such a page (ftsPage), for `id in (<this>)`. */
export function ftsPageIds(
  table: OrderedSearchTable,
  query: string,
  page: { limit: number; offset: number; first: boolean },
): RawBuilder<number> {
  return sql<number>`(select ps.id from ${ftsPage(table, query, page).from})`;
}

/** The tables of 0023 that also hold their trigrams as B-tree postings (migration 0025). */
export type PostedSearchTable = 'employees_search' | 'users_search';

/** Each posted table's rows and texts, as 0023's trigram table holds them, over the row `te`. */
const POSTED_TEXTS: Record<PostedSearchTable, { source: string; texts: string[] }> = {
  employees_search: { source: 'employees', texts: ['te.search_text'] },
  users_search: {
    source: 'users',
    texts: [`lower(te.firstname || ' ' || te.lastname)`, 'lower(te.email)'],
  },
};

/**
 * SQLite: the rows whose text contains the needle (folded as the table's texts are), from the
 * trigram postings of migration 0025, which hold each row's trigrams at its position
 * in its list's default order: `rowid` their position, `id` their row's, over the postings `t`
 * (so in position order when read by them). A needle of one trigram (`oneTrigram`) is one range
 * of its postings; a longer one is its first trigram's postings, each row's texts tested with
 * the whole needle (`instr`, exactly the phrase match of the trigram table, which matches
 * within one text). Same answers as the trigram table's phrase match, but no FTS5 query: its
 * setup on every query cost the staff search's whole request more than reading the page did
 * (docs/performance-log.md).
 */
function postedMatches(table: PostedSearchTable, needle: string, oneTrigram: boolean) {
  const { source, texts } = POSTED_TEXTS[table];
  const from = sql`select t.position as rowid, tp.id from ${sql.table(`${table}_postings`)} as t
    join ${positions(table)} as tp on tp.position = t.position`;
  if (oneTrigram) return sql`${from} where t.trigram = ${needle}`;
  const holds = sql.join(
    texts.map((text) => sql`instr(${sql.raw(text)}, ${needle}) > 0`),
    sql` or `,
  );
  return sql`${from} join ${sql.table(source)} as te on te.id = tp.id
    where t.trigram = substr(${needle}, 1, 3) and (${holds})`;
}

/** The ids of the rows whose text contains the needle (postedMatches), for `id in (<this>)`. */
export function postingsIds(
  table: PostedSearchTable,
  needle: string,
  oneTrigram: boolean,
): RawBuilder<number> {
  return sql<number>`select m.id from (${postedMatches(table, needle, oneTrigram)}) as m`;
}

/**
 * A page of those rows (postedMatches) in the list's default order (`first`: its first row
 * first) or the reverse: the postings are read by position and stop after the page, however
 * many match. `from` is FROM-clause text naming the page's matches `ps` (`rowid` their
 * position, `id` their row's); ordered by `order`, SQLite keeps the order it read them in
 * rather than sorting them.
 */
export function postingsPage(
  table: PostedSearchTable,
  needle: string,
  { limit, offset, first }: { limit: number; offset: number; first: boolean },
  oneTrigram: boolean,
): { from: RawBuilder<unknown>; order: RawBuilder<unknown> } {
  const direction = sql.raw(first ? 'asc' : 'desc');
  const page = sql`${postedMatches(table, needle, oneTrigram)}
    order by rowid ${direction} limit ${limit} offset ${offset}`;
  return { from: sql`(${page}) as ps`, order: sql`ps.rowid ${direction}` };
}

/** PostgreSQL: each posted table's order keys after the trigram in 0027's postings, the id last. */
const POSTGRES_POSTING_KEYS: Record<PostedSearchTable, string[]> = {
  employees_search: ['last_key', 'first_key', 'id'],
  users_search: ['created_at', 'id'],
};

/**
 * PostgreSQL: a page of the rows whose texts hold `trigram` (an expression: the needle's first
 * trigram) and pass `recheck` (a test of the table's row `s`, null when the trigram alone is the
 * match), in the list's default order's keys (`direction`, theirs), from the B-tree postings of
 * migration 0027, which hold each trigram's rows by those keys: read in order and stopped after
 * the page, however many match, and only rechecked rows looked up. FROM-clause text naming the
 * page `t`, with the id and the order's keys of each row.
 */
export function postgresPostingsPage(
  table: PostedSearchTable,
  trigram: RawBuilder<string>,
  recheck: RawBuilder<boolean> | null,
  { limit, offset, direction }: { limit: number; offset: number; direction: 'asc' | 'desc' },
): RawBuilder<unknown> {
  const towards = sql.raw(direction === 'desc' ? 'desc' : 'asc');
  const keys = POSTGRES_POSTING_KEYS[table].map((key) => sql.ref(`t.${key}`));
  // The recheck as each posting's own subquery, so that the postings drive the plan in order:
  // as a join, a generic plan read every match of "son" through the trigram indexes (or every
  // row) to hash them, and sorted them, whatever the page.
  const rechecked = recheck
    ? sql`and (select ${recheck} from ${sql.table(table)} as s where s.id = t.id)`
    : sql``;
  return sql`(select ${sql.join(keys)} from ${sql.table(`${table}_postings`)} as t
    where t.trigram = ${trigram} ${rechecked}
    order by ${sql.join(keys.map((key) => sql`${key} ${towards}`))}
    limit ${limit} offset ${offset}) as t`;
}

/**
 * How many rows' text contains the needle, as a scalar subquery: the trigram table alone, no
 * row of the searched table read (looking up each match's row cost several times as much). The
 * FTS5 query is made before (trigramQuery).
 */
export function ftsCount(table: SearchTable, query: string): RawBuilder<number> {
  return sql<number>`(select count(*) from ${sql.table(table)}
    where ${sql.table(table)} match ${query})`;
}

/**
 * PostgreSQL's search tables (migration 0010): `users_search` (full_name, email) and
 * `questions_search` (question, pending), each text stored as lower() made it.
 *
 * Why "lower(text) LIKE lower(pattern)" is exactly "text ILIKE pattern": in a multibyte (UTF-8)
 * database PostgreSQL's ILIKE itself lower-cases the text and the pattern with lower(), in the
 * same collation, and then runs the very matcher LIKE runs (like.c, Generic_Text_IC_like). The
 * table holds the first lower() already, the query applies the second to the pattern, so each
 * trigram candidate is rechecked by a plain LIKE instead of lower-casing its row again.
 */
export type LoweredSearchTable = 'users_search' | 'questions_search';

/**
 * `column LIKE lower(pattern)`, for a pattern made by containsPattern (`%text%`, wildcards
 * literal): as one `ILIKE '%text%'` would match.
 */
export function loweredContains(column: RawBuilder<unknown>, pattern: string): RawBuilder<boolean> {
  return sql<boolean>`${column} like lower(${pattern}) escape '\\'`;
}

/**
 * The ids of the rows any of whose `columns` contains the pattern's text, as ILIKE would, with
 * the table's columns `read` beside them.
 */
export function loweredMatches(
  table: LoweredSearchTable,
  columns: readonly string[],
  pattern: string,
  read: readonly string[] = [],
): RawBuilder<number> {
  const ids = [sql.ref('s.id'), ...read.map((column) => sql.ref(`s.${column}`))];
  return sql<number>`select ${sql.join(ids)} from ${sql.table(table)} as s
    where ${loweredMatch(columns, pattern)}`;
}

/** Whether any of the `columns` of a search table's row `s` contains the pattern's text. */
export function loweredMatch(columns: readonly string[], pattern: string): RawBuilder<boolean> {
  const tests = columns.map((column) => loweredContains(sql.ref(`s.${column}`), pattern));
  return sql<boolean>`(${sql.join(tests, sql` or `)})`;
}

/**
 * Whether a list page is quicker found by walking the rows in the list's order and testing each
 * (about (offset + limit) × rows / matches of them) than by reading every match and sorting:
 * a common term fills the page within a few rows, a rare one is quicker read from its index.
 */
export function walkFindsPageSooner(
  matches: number,
  rows: number,
  page: { offset: number; limit: number },
): boolean {
  const walked = matches === 0 ? Infinity : ((page.offset + page.limit) * rows) / matches;
  return walked < 2 * matches;
}

/**
 * `column` is one of the ids the subquery answers, tested as the planner is told. `walk`: each
 * row as the list's order meets it, against the ids hashed once (`(… in …) is true` keeps the
 * planner from turning the test into a join, which it then plans from a guess: reading every
 * pending question that matches and sorting them, several times what the walk takes).
 * Otherwise the ids are read first (an InitPlan) and only their rows fetched through the
 * primary key, then sorted, which is what a search with few matches wants; the planner cannot
 * see the array's length, assumes ten rows and so never prefers walking the whole list.
 */
export function idAmong(
  column: string,
  ids: RawBuilder<number>,
  { walk }: { walk: boolean },
): RawBuilder<boolean> {
  return walk
    ? sql<boolean>`(${sql.ref(column)} in (${ids})) is true`
    : sql<boolean>`${sql.ref(column)} = any(array(${ids}))`;
}
