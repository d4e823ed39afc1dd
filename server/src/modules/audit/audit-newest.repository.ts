import { sql, type Kysely } from 'kysely';
import type { AuditEntryRow, DB } from '../../db/schema';
import { pageKeysText } from '../../db/page-keys';
import { preparedQuery } from '../../db/prepared-query';
import type { PageKeys } from '../../lib/remembered-items';
import { listTotal } from '../list-totals/list-totals.repository';

/** The whole audit trail's pages, newest first, with no search (searches: audit.repository.ts). */

/**
 * An entry's key in a page's keys (lib/remembered-items.ts), over the page's rows `p`: an entry
 * never changes once written, so every version is 0.
 */
export const entryKeys = pageKeysText(sql`p.id`, sql`0`);

const newestEntries = preparedQuery(
  (limit: number, offset: number) => sql<AuditEntryRow & { list_total: number | string }>`
    select *, coalesce((select cast(sum(value) as bigint) from list_totals where name = 'audit_entries'), 0)
      as list_total
    from audit_entries order by created_at desc, id desc limit ${limit} offset ${offset}`,
);

const newestEntryKeys = preparedQuery(
  (limit: number, offset: number) => sql<PageKeys & { list_total: number | string }>`
    select ${entryKeys} as keys, null as tables,
      coalesce((select cast(sum(value) as bigint) from list_totals where name = 'audit_entries'), 0) as list_total
    from (
      select id from audit_entries
      order by created_at desc, id desc limit ${limit} offset ${offset}
    ) p`,
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
  return withTotal(db, await newestEntries(db, page.limit, page.offset));
}

/** The keys of the entries listNewestAuditEntries reads, alone, and the total. */
export async function listNewestAuditEntryKeys(
  db: Kysely<DB>,
  page: { limit: number; offset: number },
): Promise<{ keys: PageKeys; total: number }> {
  const [keys] = await newestEntryKeys(db, page.limit, page.offset);
  return { keys: keys!, total: Number(keys!.list_total) };
}

async function withTotal<Row extends { list_total: number | string }>(db: Kysely<DB>, rows: Row[]) {
  const total = rows[0] ? Number(rows[0].list_total) : await listTotal(db, 'audit_entries');
  return { rows, total };
}
