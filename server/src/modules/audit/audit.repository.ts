import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { AuditEntryRow, DB } from '../../db/schema';
import { isPostgres } from '../../db/dialect';
import { lowerContainsPattern } from '../../db/like';
import { plannedOnce, preparedQuery } from '../../db/prepared-query';
import { trigramMatches, usesTrigramTable } from '../../db/text-search';
import { countAuditMatches } from './audit-search-counts';
import { listTotal } from '../list-totals/list-totals.repository';

/** Read-only queries over `audit_entries`. Appending lives in audit.writer.ts; nothing updates. */

export interface AuditFilter {
  search?: string;
}

/** The search's pattern is lowered by JavaScript (lowerContainsPattern), so is the needle. */
const FOLDING = 'unicode';
const TABLE = 'audit_entries_text';

/**
 * Case-insensitive substring match on name or description, the same on both engines: lower() on
 * both sides (SQLite's LIKE ignores case for ASCII only, PostgreSQL's never does). PostgreSQL
 * serves it from the trigram indexes on lower(name) and lower(description) (migration 0008).
 * SQLite asks its exact trigram table (migration 0009, db/text-search.ts) when the term has 3
 * characters or more: a match there is exactly a LIKE match, so no row is read to recheck.
 * `useIndex: false` is the plain LIKE test of each row, for walking the entries in time order.
 */
export function matchesSearch(db: Kysely<DB>, search: string, { useIndex = true } = {}) {
  const pattern = lowerContainsPattern(search);
  const indexed = useIndex && usesTrigramTable(db, search, FOLDING);
  return (eb: ExpressionBuilder<DB, 'audit_entries'>) => {
    if (indexed) {
      return sql<boolean>`${eb.ref('audit_entries.id')} in (${trigramMatches(TABLE, search, FOLDING)})`;
    }
    return eb.or([
      sql<boolean>`lower(${eb.ref('name')}) like ${pattern} escape '\\'`,
      sql<boolean>`lower(${eb.ref('description')}) like ${pattern} escape '\\'`,
    ]);
  };
}

/**
 * One page of entries, newest first. On SQLite, `matches` (the search's count, when known) picks
 * how: walking the entries newest first and testing each until the page is full is quickest when
 * many match (a common word: 40,000 of 200,000), asking the trigram table for every match and
 * sorting them when few do. The walk tests about (offset + limit) × entries / matches rows at
 * some 0.3 µs each; the trigram table costs some 1 µs a match (the match, its row, the sort).
 */
export async function listAuditEntries(
  db: Kysely<DB>,
  filter: AuditFilter,
  page: { limit: number; offset: number },
  matches?: number,
): Promise<AuditEntryRow[]> {
  let useIndex = true;
  if (filter.search && matches !== undefined && usesTrigramTable(db, filter.search, FOLDING)) {
    const entries = await listTotal(db, 'audit_entries');
    const walked = matches === 0 ? Infinity : ((page.offset + page.limit) * entries) / matches;
    useIndex = walked > 10 * matches;
  }
  return db
    .selectFrom('audit_entries')
    .selectAll()
    .$if(Boolean(filter.search), (qb) => qb.where(matchesSearch(db, filter.search!, { useIndex })))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

const newestEntries = preparedQuery(
  (limit: number, offset: number) => sql<AuditEntryRow & { list_total: number | string }>`
    select *, coalesce((select value from list_totals where name = 'audit_entries'), 0)
      as list_total
    from audit_entries order by created_at desc, id desc limit ${limit} offset ${offset}`,
);

/**
 * A page of the whole trail, newest first, and how many entries there are (kept by 0007's
 * triggers), in one statement: on PostgreSQL each statement is a round trip. A page past the
 * end, with no row to bring the total, reads it alone.
 */
export async function listNewestAuditEntries(
  db: Kysely<DB>,
  page: { limit: number; offset: number },
): Promise<{ rows: AuditEntryRow[]; total: number }> {
  const rows = await newestEntries(db, page.limit, page.offset);
  const total = rows[0] ? Number(rows[0].list_total) : await listTotal(db, 'audit_entries');
  return { rows, total };
}

/**
 * How many entries match; with no filter, the total kept by triggers (no count of the table); a
 * search's count is remembered and brought up to date (audit-search-counts.ts).
 */
export async function countAuditEntries(db: Kysely<DB>, filter: AuditFilter = {}): Promise<number> {
  if (!filter.search) return listTotal(db, 'audit_entries');
  if (isPostgres(db) || usesTrigramTable(db, filter.search, FOLDING)) {
    return countAuditMatches(db, filter.search);
  }
  const row = await db
    .selectFrom('audit_entries')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('total'))
    .$if(Boolean(filter.search), (qb) => qb.where(matchesSearch(db, filter.search!)))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export function findAuditEntry(db: Kysely<DB>, id: number): Promise<AuditEntryRow | undefined> {
  return plannedOnce(db.selectFrom('audit_entries'))
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
}

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
