import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { AuditEntryRow, DB } from '../../db/schema';
import { listTotal } from '../list-totals/list-totals.repository';

/** Read-only queries over `audit_entries`. Appending lives in audit.writer.ts; nothing updates. */

export interface AuditFilter {
  search?: string;
}

/** `%term%` with LIKE's own wildcards escaped, so "50%" or "a_b" match literally. */
export function likePattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export function matchesSearch(search: string) {
  const pattern = likePattern(search);
  // lower() on both engines: SQLite's LIKE ignores case for ASCII only, PostgreSQL's never does.
  return (eb: ExpressionBuilder<DB, 'audit_entries'>) =>
    eb.or([
      sql<boolean>`lower(${eb.ref('name')}) like ${pattern} escape '\\'`,
      sql<boolean>`lower(${eb.ref('description')}) like ${pattern} escape '\\'`,
    ]);
}

/** One page of entries, newest first. */
export function listAuditEntries(
  db: Kysely<DB>,
  filter: AuditFilter,
  page: { limit: number; offset: number },
): Promise<AuditEntryRow[]> {
  return db
    .selectFrom('audit_entries')
    .selectAll()
    .$if(Boolean(filter.search), (qb) => qb.where(matchesSearch(filter.search!)))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** How many entries match; with no filter, the total kept by triggers (no count of the table). */
export async function countAuditEntries(db: Kysely<DB>, filter: AuditFilter = {}): Promise<number> {
  if (!filter.search) return listTotal(db, 'audit_entries');
  const row = await db
    .selectFrom('audit_entries')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('total'))
    .$if(Boolean(filter.search), (qb) => qb.where(matchesSearch(filter.search!)))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export function findAuditEntry(db: Kysely<DB>, id: number): Promise<AuditEntryRow | undefined> {
  return db.selectFrom('audit_entries').selectAll().where('id', '=', id).executeTakeFirst();
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
