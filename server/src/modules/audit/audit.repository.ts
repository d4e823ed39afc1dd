import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { AuditEntryRow, DB } from '../../db/schema';
import { isPostgres } from '../../db/dialect';
import { lowerContainsPattern } from '../../db/like';
import { queryByShape, recordById } from '../../db/prepared-query';
import { ftsIds, hasTrigram, trigramQuery, usesTrigramIndex } from '../../db/text-search';
import type { PageKeys } from '../../lib/remembered-items';
import { countAtVersion } from '../../db/remembered-counts';
import { listTotal } from '../list-totals/list-totals.repository';
import { entryKeys } from './audit-newest.repository';

/** Read-only queries over `audit_entries`. Appending lives in audit.writer.ts; nothing updates. */

export interface AuditFilter {
  search?: string;
}

/** The search's pattern is lowered by JavaScript (lowerContainsPattern), so is the needle. */
const FOLDING = 'unicode';

/**
 * How an entry is tested: in SQLite's trigram index (migration 0005, db/text-search.ts), whose
 * match is exactly the LIKE's, for a term of 3 characters or more; on PostgreSQL by the LIKE on
 * the lowered name and description 0005 stores, each with its GIN trigram index; otherwise, and
 * as a walk of the entries in time order tests them ('walk'), by the LIKE on both lowered.
 */
type TermTest = 'trigram' | 'lowered' | 'walk';

function auditSearchTerm(db: Kysely<DB>, search: string) {
  const index: TermTest = usesTrigramIndex(db, search, FOLDING)
    ? 'trigram'
    : isPostgres(db)
      ? 'lowered'
      : 'walk';
  return {
    index,
    fts: index === 'trigram' ? trigramQuery(search, FOLDING) : '',
    pattern: lowerContainsPattern(search),
  };
}

type AuditSearchValues = Omit<ReturnType<typeof auditSearchTerm>, 'index'>;

/**
 * Case-insensitive substring match on name or description, the same on both engines: lower() on
 * both sides (SQLite's LIKE ignores case for ASCII only, PostgreSQL's never does), or SQLite's
 * trigram index, whose match is exactly a LIKE match.
 */
function termMatches(
  db: Kysely<DB>,
  { index, fts, pattern }: AuditSearchValues & { index: TermTest },
) {
  const lowered = (column: 'name' | 'description') => {
    if (index === 'lowered') return sql.ref(`search_${column}`);
    // SQLite's LIKE folds ASCII letters, all its lower() folds: its walk tests the texts as
    // they are, no copy lowered for each entry.
    return isPostgres(db) ? sql`lower(${sql.ref(column)})` : sql.ref(column);
  };
  return (eb: ExpressionBuilder<DB, 'audit_entries'>) =>
    index === 'trigram'
      ? sql<boolean>`${eb.ref('audit_entries.id')} in (${ftsIds('audit_entries_text', fts)})`
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

/** `trigrams`: the term has one, so PostgreSQL's GIN indexes serve it. */
type PageShape = { search: TermTest; trigrams: boolean };
type PageValues = AuditSearchValues & { limit: number; offset: number };

function searchedEntries(db: Kysely<DB>, shape: PageShape, values: AuditSearchValues) {
  return db.selectFrom('audit_entries').where(termMatches(db, { ...values, index: shape.search }));
}

/** The entries of a page, newest first, before what is read of them is chosen. */
function pageOfEntries(db: Kysely<DB>, shape: PageShape, values: PageValues) {
  return searchedEntries(db, shape, values)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(values.limit)
    .offset(values.offset);
}

/**
 * A walk reads alike whatever the term, and so does a term's page from its trigram indexes:
 * planned once (db/prepared-statements.ts). A term of 1-2 characters on PostgreSQL is planned for
 * its term: it has no trigram, and a scan serves it.
 */
const walkPlannedOnce = {
  plannedOnce: (shape: PageShape) => shape.search !== 'lowered' || shape.trigrams,
};

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
const entryKeysPage = queryByShape(
  (db: Kysely<DB>, shape: PageShape, values: PageValues) =>
    db
      .selectFrom(pageOfEntries(db, shape, values).select(['id', 'created_at']).as('p'))
      .select([entryKeys.as('keys'), sql<null>`null`.as('tables')]),
  walkPlannedOnce,
);

/**
 * One page of the entries matching a search, newest first; `useIndex: false` walks the entries
 * whatever the term (tests compare the two ways).
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
 * no statement asks for it again. On SQLite the count also chooses how the page is found
 * (walksSooner): FTS5 reads a common term's every match, where walking the newest entries
 * through the index that holds their texts finds the page after a few hundred.
 */
export async function searchAuditEntries(
  db: Kysely<DB>,
  filter: Required<AuditFilter>,
  page: { limit: number; offset: number },
  dataVersion: number | null = null,
): Promise<{ keys: PageKeys; total: number; rows: () => Promise<AuditEntryRow[]> }> {
  const count = () =>
    countAtVersion(db, dataVersion, `audit ${filter.search}`, () => countAuditEntries(db, filter));
  if (!usesTrigramIndex(db, filter.search, FOLDING)) {
    const [keys, total] = await Promise.all([listAuditEntryKeys(db, filter, page), count()]);
    return { keys, total, rows: () => listAuditEntries(db, filter, page) };
  }
  const [total, entries] = await Promise.all([count(), listTotal(db, 'audit_entries')]);
  const way = { useIndex: !walksSooner(total, entries, page) };
  const keys = await listAuditEntryKeys(db, filter, page, way);
  return { keys, total, rows: () => listAuditEntries(db, filter, page, way) };
}

/**
 * Whether walking the entries newest first, testing each (about (offset + limit) × entries /
 * matches of them), finds the page sooner than the trigram index reads every match.
 */
function walksSooner(matches: number, entries: number, page: { limit: number; offset: number }) {
  const walked = matches === 0 ? Infinity : ((page.offset + page.limit) * entries) / matches;
  return walked < 2 * matches;
}

function pageShape(
  db: Kysely<DB>,
  filter: Required<AuditFilter>,
  page: { limit: number; offset: number },
  useIndex: boolean,
): [PageShape, PageValues] {
  const { index, ...term } = auditSearchTerm(db, filter.search);
  const search = useIndex ? index : 'walk';
  return [
    { search, trigrams: hasTrigram(filter.search) },
    { ...term, ...page },
  ];
}

/** How many entries match; with no filter, the total kept by triggers (no count of the table). */
export async function countAuditEntries(db: Kysely<DB>, filter: AuditFilter = {}): Promise<number> {
  if (!filter.search) return listTotal(db, 'audit_entries');
  const { index, ...term } = auditSearchTerm(db, filter.search);
  const [row] = await matchingCount(
    db,
    { search: index, trigrams: hasTrigram(filter.search) },
    term,
  );
  return Number(row!.total);
}

/** A search's matches counted (compiled once per shape, planned as the pages are). */
const matchingCount = queryByShape(
  (db: Kysely<DB>, shape: PageShape, values: AuditSearchValues) =>
    searchedEntries(db, shape, values).select((eb) =>
      eb.fn.countAll<number | string | bigint>().as('total'),
    ),
  walkPlannedOnce,
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
