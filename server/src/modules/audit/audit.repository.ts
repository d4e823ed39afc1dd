import { sql, type ExpressionBuilder, type Kysely, type RawBuilder } from 'kysely';
import type { AuditEntryRow, DB } from '../../db/schema';
import { isPostgres } from '../../db/dialect';
import { lowerContainsPattern } from '../../db/like';
import { queryByShape, recordById } from '../../db/prepared-query';
import {
  ftsIds,
  ftsPage,
  ftsPageIds,
  trigramQuery,
  usesTrigramTable,
  walkFindsPageSooner,
} from '../../db/text-search';
import type { PageKeys } from '../../lib/remembered-items';
import { countAuditMatches } from './audit-search-counts';
import { countAtVersion } from '../../db/remembered-counts';
import { listTotal } from '../list-totals/list-totals.repository';
import { entryKeys } from './audit-newest.repository';

/** Read-only queries over `audit_entries`. Appending lives in audit.writer.ts; nothing updates. */

export interface AuditFilter {
  search?: string;
}

/** The search's pattern is lowered by JavaScript (lowerContainsPattern), so is the needle. */
const FOLDING = 'unicode';
const TABLE = 'audit_entries_text';

/**
 * How an audit search is asked, made from the text once: SQLite's exact trigram table (migration
 * 0009, db/text-search.ts) answers a term of 3 characters or more, so no row is read to
 * recheck; otherwise, and on PostgreSQL (its trigram indexes on lower(name) and
 * lower(description), migration 0008, serve it), the LIKE on both lowered.
 */
function auditSearchTerm(db: Kysely<DB>, search: string) {
  const indexed = usesTrigramTable(db, search, FOLDING);
  return {
    index: indexed ? ('trigram' as const) : ('like' as const),
    fts: indexed ? trigramQuery(search, FOLDING) : '',
    pattern: lowerContainsPattern(search),
  };
}

type AuditSearchTerm = ReturnType<typeof auditSearchTerm>;

/**
 * How an entry is tested: in SQLite's trigram table; by the LIKE, which PostgreSQL may answer
 * from its trigram indexes; or by the LIKE on each entry as a walk meets it ('walk').
 */
type TermTest = AuditSearchTerm['index'] | 'walk';

/**
 * Case-insensitive substring match on name or description, the same on both engines: lower() on
 * both sides (SQLite's LIKE ignores case for ASCII only, PostgreSQL's never does), or SQLite's
 * trigram table, whose match is exactly a LIKE match (auditSearchTerm).
 */
function termMatches(
  db: Kysely<DB>,
  { index, fts, pattern }: Omit<AuditSearchTerm, 'index'> & { index: TermTest },
) {
  const lowered = (column: 'name' | 'description') => {
    if (index !== 'walk') return sql`lower(${sql.ref(column)})`;
    // `|| ''` keeps PostgreSQL's planner from the trigram indexes, so that a walk planned once
    // stays a walk: planned for unknown values it read every match of a common term through
    // them to sort them, where walking the newest finds the page after a few hundred entries.
    // SQLite's LIKE folds ASCII letters, all its lower() folds: its walk tests the texts as
    // 0029's index holds them, no copy lowered for each entry.
    return isPostgres(db) ? sql`(lower(${sql.ref(column)}) || '')` : sql.ref(column);
  };
  return (eb: ExpressionBuilder<DB, 'audit_entries'>) =>
    index === 'trigram'
      ? sql<boolean>`${eb.ref('audit_entries.id')} in (${ftsIds(TABLE, fts)})`
      : eb.or([
          sql<boolean>`${lowered('name')} like ${pattern} escape '\\'`,
          sql<boolean>`${lowered('description')} like ${pattern} escape '\\'`,
        ]);
}

/**
 * The entries matching a search. `useIndex: false` is the plain LIKE test of each row, for
 * walking the entries in time order.
 */
export function matchesSearch(db: Kysely<DB>, search: string, { useIndex = true } = {}) {
  const term = auditSearchTerm(db, search);
  return termMatches(db, useIndex ? term : { ...term, index: 'walk' });
}

type AuditSearchShape = { search: TermTest | null };
type AuditSearchValues = Omit<AuditSearchTerm, 'index'>;

function searchedEntries(db: Kysely<DB>, shape: AuditSearchShape, values: AuditSearchValues) {
  const entries = db.selectFrom('audit_entries');
  return shape.search
    ? entries.where(termMatches(db, { ...values, index: shape.search }))
    : entries;
}

/**
 * How a search's page is found: on SQLite, in the trigram table of 0023 for a term of 3
 * characters or more, which holds the entries newest first, so that it reads the page's
 * matches alone however many match; otherwise by
 * walking the entries newest first and testing each until the page is full ('walk'; on
 * PostgreSQL in 0028's narrow table of their lowered texts), or, on PostgreSQL for a term few
 * entries hold, as its planner finds best for the term ('like').
 */
type PageShape = { search: 'ordered' | 'like' | 'walk' };
type PageValues = AuditSearchValues & { limit: number; offset: number };

/**
 * PostgreSQL, walking: the page's ids, from 0028's narrow table of the entries' texts already
 * lowered, walked newest first through its index and each entry tested as the walk meets it
 * (the table has no trigram index to tempt the planner away from the walk).
 */
function postgresWalkedIds({ pattern, limit, offset }: PageValues): RawBuilder<number> {
  return sql<number>`(select s.id from audit_entries_search as s
    where s.name like ${pattern} escape '\\' or s.description like ${pattern} escape '\\'
    order by s.created_at desc, s.id desc limit ${limit} offset ${offset})`;
}

/** Whether the page is the ids of postgresWalkedIds. */
const walksSearchTable = (db: Kysely<DB>, shape: PageShape) =>
  shape.search === 'walk' && isPostgres(db);

/** The entries of a page, newest first, before what is read of them is chosen. */
function pageOfEntries(db: Kysely<DB>, shape: PageShape, values: PageValues) {
  const newestFirst = (entries: ReturnType<typeof searchedEntries>) =>
    entries.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(values.limit);
  if (shape.search === 'ordered' || walksSearchTable(db, shape)) {
    const page =
      shape.search === 'ordered'
        ? ftsPageIds(TABLE, values.fts, { ...values, first: true })
        : postgresWalkedIds(values);
    return newestFirst(db.selectFrom('audit_entries').where('id', 'in', page));
  }
  return newestFirst(searchedEntries(db, { search: shape.search }, values)).offset(values.offset);
}

/** A walk reads alike whatever the term: planned once (db/prepared-statements.ts). */
const walkPlannedOnce = { plannedOnce: (shape: PageShape) => shape.search === 'walk' };

/** A page of entries, compiled once per shape (db/prepared-query.ts). */
const entriesPage = queryByShape(
  (db: Kysely<DB>, shape: PageShape, values: PageValues) =>
    pageOfEntries(db, shape, values).selectAll(),
  walkPlannedOnce,
);

/**
 * Its keys alone, in one row (entryKeys): what the service needs to give the entries it
 * remembers (audit.service.ts).
 */
const entryKeysPage = queryByShape((db: Kysely<DB>, shape: PageShape, values: PageValues) => {
  const keys = [entryKeys.as('keys'), sql<null>`null`.as('tables')];
  if (shape.search === 'ordered') {
    // The ids alone, as the trigram table gives them, in its order: no entry is read.
    const { from, order } = ftsPage(TABLE, values.fts, { ...values, first: true });
    return db.selectFrom(sql`(select ps.id from ${from} order by ${order})`.as('p')).select(keys);
  }
  if (walksSearchTable(db, shape)) {
    // The ids alone, as the walk gives them: no entry is read.
    return db.selectFrom(sql`${postgresWalkedIds(values)}`.as('p')).select(keys);
  }
  return db
    .selectFrom(pageOfEntries(db, shape, values).select(['id', 'created_at']).as('p'))
    .select(keys);
}, walkPlannedOnce);

/**
 * One page of the entries matching a search, newest first, found as PageShape says;
 * `useIndex: false` walks the entries whatever the term (tests compare the two ways).
 */
export async function listAuditEntries(
  db: Kysely<DB>,
  filter: Required<AuditFilter>,
  page: { limit: number; offset: number },
  { useIndex = true } = {},
): Promise<AuditEntryRow[]> {
  return entriesPage(db, ...pageShape(db, filter, page, useIndex));
}

/** The keys of the entries listAuditEntries reads, alone. */
export async function listAuditEntryKeys(
  db: Kysely<DB>,
  filter: Required<AuditFilter>,
  page: { limit: number; offset: number },
  { useIndex = true } = {},
): Promise<PageKeys> {
  const [keys] = await entryKeysPage(db, ...pageShape(db, filter, page, useIndex));
  return keys!;
}

/**
 * A search's page (its keys, and its rows when asked) and how many entries match. The count is
 * remembered at the guard's data version (db/remembered-counts.ts): while nothing is written,
 * no statement asks for it; after a write, the term's count is brought up to date
 * (audit-search-counts.ts). A search the indexes serve (any on PostgreSQL, 3 characters or
 * more on SQLite) counts first, and the count chooses how the page is found: walking the newest
 * entries when the term is common enough to fill the page soon, planned once (SQLite: 0029's
 * index alone, cheaper than its trigram table's reader for a common term); otherwise from
 * SQLite's trigram table, or as PostgreSQL's planner finds best for the term, planned anew each
 * time. Left to choose for a common term, it walked too, but planning it cost the database as
 * much as running it.
 */
export async function searchAuditEntries(
  db: Kysely<DB>,
  filter: Required<AuditFilter>,
  page: { limit: number; offset: number },
  dataVersion: number | null = null,
): Promise<{ keys: PageKeys; total: number; rows: () => Promise<AuditEntryRow[]> }> {
  const counted = <T>(count: () => Promise<T>) =>
    countAtVersion(db, dataVersion, `audit ${filter.search}`, count);
  if (!isPostgres(db) && !usesTrigramTable(db, filter.search, FOLDING)) {
    const keys = await listAuditEntryKeys(db, filter, page);
    const total = await counted(() => countAuditEntries(db, filter));
    return { keys, total, rows: () => listAuditEntries(db, filter, page) };
  }
  const { matches, entries } = await counted(() => countAuditMatches(db, filter.search));
  const way = { useIndex: !walkFindsPageSooner(matches, entries, page) };
  const keys = await listAuditEntryKeys(db, filter, page, way);
  return { keys, total: matches, rows: () => listAuditEntries(db, filter, page, way) };
}

function pageShape(
  db: Kysely<DB>,
  filter: Required<AuditFilter>,
  page: { limit: number; offset: number },
  useIndex: boolean,
): [PageShape, PageValues] {
  const { index, ...term } = auditSearchTerm(db, filter.search);
  const search = !useIndex ? 'walk' : index === 'trigram' ? 'ordered' : 'like';
  return [{ search }, { ...term, ...page }];
}

/**
 * How many entries match; with no filter, the total kept by triggers (no count of the table); a
 * search's count is remembered and brought up to date (audit-search-counts.ts).
 */
export async function countAuditEntries(db: Kysely<DB>, filter: AuditFilter = {}): Promise<number> {
  if (!filter.search) return listTotal(db, 'audit_entries');
  if (isPostgres(db) || usesTrigramTable(db, filter.search, FOLDING)) {
    return (await countAuditMatches(db, filter.search)).matches;
  }
  const { index, ...term } = auditSearchTerm(db, filter.search);
  const [row] = await matchingCount(db, { search: index }, term);
  return Number(row!.total);
}

/** A search SQLite's trigram table does not answer, counted row by row (compiled once). */
const matchingCount = queryByShape(
  (db: Kysely<DB>, shape: AuditSearchShape, values: AuditSearchValues) =>
    searchedEntries(db, shape, values).select((eb) =>
      eb.fn.countAll<number | string | bigint>().as('total'),
    ),
);

export const findAuditEntry = recordById((db, id) =>
  db.selectFrom('audit_entries').selectAll().where('id', '=', id),
);

/** Entries with an id above `afterId`, oldest first: what one action wrote (tests use it). */
export function auditEntriesAfter(db: Kysely<DB>, afterId: number): Promise<AuditEntryRow[]> {
  return db
    .selectFrom('audit_entries')
    .selectAll()
    .where('id', '>', afterId)
    .orderBy('id')
    .execute();
}

/** The highest entry id so far (0 when there is none). */
export async function latestAuditEntryId(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('audit_entries')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}
